"""The Wabbit Wampage engine object (``GAME``): the base.Game contract over ``State``.

Events (``events(state)``: what the last ``apply`` did, in order). Every event is public
except ``draw_cards``, visible only to the drawing seat, and, with V2 hidden mail orders,
``mail_order`` and ``mail_arrived``, visible only to the ordering seat (its public
``card_played`` then has ``card``, ``name`` and ``card_kind`` None). Cells are ``x``/``y``
ints.

- ``game_start`` {players, scenario}; ``turn_start`` {seat, round}; ``turn_end`` {seat};
  ``season`` {season, round}; ``turn_cap`` {seat, decisions}; ``game_end`` {scores}.
- ``draw`` {seat, count}; ``draw_cards`` {seat, cards} (private); ``reshuffle`` {cards};
  ``discard`` {seat, card, card_kind}; ``card_played`` {seat, card, name, card_kind, char,
  building, target_index, x, y} (unused parameters are None); ``disguise_expired``
  {char, card}.
- ``mail_order`` {seat, card, item}; ``mail_arrived`` {seat, item}; ``hole_placed`` {seat,
  card, x, y}; ``portable_hole_lost`` {seat, card}.
- ``activate`` {char, mp}; ``move`` {char, direction, mp_left, x, y}; ``tunnel`` {char, x,
  y} (the *Tunnel* card, or a V1 permanent tunnel); ``pick_up`` / ``drop`` {char, item, x,
  y}; ``claim`` {char, item}; ``take_carrots`` {char, carrots}; ``deposit`` {char,
  carrots, points}; ``plough`` {char, points, x, y}.
- ``attack_declared`` {source, seat, attacker, targets, building, mode, card};
  ``item_spent`` {char, item}; ``dice`` / ``reroll`` {target, dice, total,
  target_number}; ``attack_result`` {target, hit}; ``dropped`` {char, items, carrots};
  ``loot`` {char, item, carrots}; ``whomp`` {target, seat, points, x, y} (x, y: its home).
- ``plant`` {seat, points, x, y}; ``harvest`` {char, x, y}; ``repair_roll`` {char, dice,
  total, target_number, success}; ``building_repaired`` {building, damage};
  ``building_damaged`` {building, damage, seat, points}; ``building_destroyed`` {building,
  seat, points}; ``crop_scored`` {seat, carrots, points}; ``standing_buildings`` {seat,
  buildings, points}.
- ``score`` {seat, category, points, total}: follows every change of a seat's VP.
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Any

from referee.games import configs
from referee.games.base import (
    ConfigError,
    Event,
    GameSpec,
    IllegalAction,
    Outcome,
    SharedPart,
    Status,
    is_among,
    ranks_from_keys,
    stable_digest,
)
from referee.games.wabbit import actions as action_module
from referee.games.wabbit.config import DEFAULT_SCENARIO, SCENARIOS, Config, make_config
from referee.games.wabbit.observe import observe, static_map
from referee.games.wabbit.render import render
from referee.games.wabbit.resample import resample
from referee.games.wabbit.rules import compute_legal, perform
from referee.games.wabbit.seen import state_from_view
from referee.games.wabbit.state import OVER, SEASONS, WHOMP, State, initial_state, same
from referee.games.wabbit.turns import emit, start_turn

MATCH_PART = SharedPart(same)
"""A part of a digest that a match never changes (the deck, the config's text), written once."""


class EndReason(StrEnum):
    """Why a Wabbit Wampage match ended: always after the last round of the last season."""

    ROUNDS_COMPLETE = "rounds_complete"


SPEC = GameSpec(
    name="wabbit",
    title="Wabbit Wampage",
    rules_version="1.0",
    min_players=2,
    max_players=4,
    scenarios=SCENARIOS,
    default_scenario=DEFAULT_SCENARIO,
    config_type=Config,
    end_reasons=tuple(EndReason),
)


class WabbitGame(configs.DataclassConfigs):
    """Stateless engine: every method takes a ``State`` and never changes it."""

    spec = SPEC

    build_config = staticmethod(make_config)

    def new_state(self, config: Any, players: int, seed: int) -> State:
        """Set up a match: board, characters, items, shuffled deck, hands, Farmer to play."""
        if not isinstance(config, Config):
            raise ConfigError("config: expected a wabbit Config")
        if type(players) is not int or not SPEC.min_players <= players <= SPEC.max_players:
            raise ConfigError(f"players: {players!r} is outside [2, 4]")
        state = initial_state(config, players, seed)
        emit(state, "game_start", {"players": players, "scenario": config.scenario})
        for seat, hand in enumerate(state.hands):
            emit(state, "draw", {"seat": seat, "count": len(hand)})
            emit(state, "draw_cards", {"seat": seat, "cards": list(hand)}, seat)
        start_turn(state)
        state.legal_cache = compute_legal(state)
        return state

    def to_move(self, state: State) -> int | None:
        """Return the seat deciding now: always the active player (no reactions, H17)."""
        return None if state.phase == OVER else state.seat

    def legal_actions(self, state: State) -> list[Any]:
        """Return the legal actions, primary options first, then card plays.

        ``apply`` caches them on the state it returns; a state is never written to here.
        """
        legal = state.legal_cache
        return list(legal if legal is not None else compute_legal(state))

    def apply(self, state: State, action: Any) -> State:
        """Return the state after ``action``; IllegalAction if it is not legal now."""
        legal = state.legal_cache
        if not is_among(action, legal if legal is not None else compute_legal(state)):
            raise IllegalAction(f"illegal action {action!r} in phase {state.phase}")
        new = state.copy()
        perform(new, action)
        new.legal_cache = compute_legal(new)
        return new

    def static_map(self, state: State) -> dict[str, Any]:
        """Return the board facts sent once at match start."""
        return static_map(state)

    def observe(self, state: State, seat: int | None) -> dict[str, Any]:
        """Return what ``seat`` may know (None: spectator)."""
        return observe(state, seat)

    def events(self, state: State) -> tuple[Event, ...]:
        """Return the events of the apply call that made ``state``."""
        return state.events

    def outcome(self, state: State) -> Outcome | None:
        """Return scores and ranks (VP, then whomp VP, then carrots stockpiled: H30)."""
        if state.phase != OVER:
            return None
        scores = tuple(state.score(seat) for seat in range(state.players))
        keys: list[tuple[int, ...]] = [
            (scores[seat], state.vp[seat][WHOMP], state.stockpiled[seat])
            for seat in range(state.players)
        ]
        return Outcome(scores=scores, ranks=ranks_from_keys(keys), reason=state.reason)

    def status(self, state: State) -> Status:
        """Return the round (and its season), the seat to move, the phase and the scores."""
        season = SEASONS[state.config.season_of(state.round)]
        return Status(
            to_move=self.to_move(state),
            round=state.round,
            phase=state.phase,
            scores=tuple(state.score(seat) for seat in range(state.players)),
            turn_seat=state.seat,
            round_label=f"{state.round}/{state.config.rounds} {season}",
        )

    def resample(self, state: State, seat: int, rng: random.Random) -> State:
        """Return a state ``seat`` cannot tell from ``state``: the other hands and the draw
        pile dealt afresh from the cards it has not seen, a new random source (resample.py)."""
        return resample(state, seat, rng)

    def state_from_view(
        self,
        config: Config,
        players: int,
        seat: int,
        observation: dict[str, Any],
        rng: random.Random,
    ) -> State | None:
        """Return a state consistent with what ``seat`` observes, the unseen cards dealt from
        ``rng``; None while a step is in progress (an attack, a discard, loot: seen.py)."""
        return state_from_view(config, players, seat, observation, rng)

    def digest(self, state: State) -> str:
        """Return a stable hash of the whole state, Rng included."""
        return stable_digest(state.canonical(MATCH_PART))

    def render(self, state: State, seat: int | None = None) -> str:
        """Return a plain-text board."""
        return render(state, seat)

    def action_label(self, action: Any) -> str:
        """Return a short label such as ``MOVE(E)``."""
        return action_module.action_label(action)

    def public_label(self, state: State, action: Any) -> str:
        """Return the full label, but ``PLAY(mail order)`` for a Mail Order card under V2
        hidden mail orders: other seats learn that an order was placed, not what it was."""
        return action_module.public_label(action, state.config.hidden_mail_orders)

    def action_data(self, action: Any) -> dict[str, Any]:
        """Return the action as a JSON-ready dict with a ``kind``."""
        return action_module.action_data(action)


GAME = WabbitGame()
