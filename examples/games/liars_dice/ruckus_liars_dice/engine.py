"""The Liar's Dice engine object (``GAME``): the ``referee.games.base.Game`` contract, plus
``resample`` and ``state_from_view`` of ``referee.games.base.Resampling``, over
:class:`~ruckus_liars_dice.state.State`.

Events (``events(state)``: what the last ``apply``, or ``new_state``, did, in order). Every
event is public except ``roll``, which only the rolling seat sees.

- ``game_start`` {players, scenario}; ``round_start`` {round, opener, dice_left} (dice left
  per seat); ``roll`` {seat, dice} (private to ``seat``).
- ``bid`` {seat, quantity, face}; ``liar`` {seat, bidder, quantity, face}.
- ``reveal`` {round, bidder, challenger, quantity, face, dice (every seat's cup), count, loser,
  bid_stands}; ``lose_die`` {seat, dice_left}; ``out`` {seat, place}.
- ``game_end`` {reason, scores}.
"""

from __future__ import annotations

import random
from typing import Any

from referee.games import configs
from referee.games.base import (
    ConfigError,
    Event,
    GameSpec,
    IllegalAction,
    JsonValue,
    Outcome,
    Status,
    ranks_from_keys,
    stable_digest,
)
from referee.games.rng import Rng

from ruckus_liars_dice.actions import Action, action_data, action_label
from ruckus_liars_dice.config import DEFAULT_SCENARIO, SCENARIOS, Config, make_config
from ruckus_liars_dice.observe import observe, static_map
from ruckus_liars_dice.render import render
from ruckus_liars_dice.rules import EndReason, is_legal, legal_actions, perform, start_round
from ruckus_liars_dice.seen import state_from_view
from ruckus_liars_dice.state import State, empty_state

SPEC = GameSpec(
    name="liars-dice",
    title="Liar's Dice",
    rules_version="1.0",
    min_players=2,
    max_players=6,
    scenarios=SCENARIOS,
    default_scenario=DEFAULT_SCENARIO,
    config_type=Config,
    end_reasons=tuple(EndReason),
)


class LiarsDiceGame(configs.DataclassConfigs):
    """Stateless engine: every method takes a ``State`` and never changes it."""

    spec = SPEC

    build_config = staticmethod(make_config)

    def new_state(self, config: Any, players: int, seed: int) -> State:
        """Set up a match: every seat with its dice (LD1), round 1 rolled, seat 0 to open."""
        if not isinstance(config, Config):
            raise ConfigError("config: expected a liars-dice Config")
        low, high = SPEC.min_players, SPEC.max_players
        if type(players) is not int or not low <= players <= high:
            raise ConfigError(f"players: {players!r} is outside [{low}, {high}]")
        if type(seed) is not int:
            raise ConfigError(f"seed: expected an int, got {seed!r}")
        state = empty_state(config, players, seed)
        state.emit("game_start", players=players, scenario=config.scenario)
        start_round(state, 0)
        return state

    def to_move(self, state: State) -> int | None:
        """Return the seat to bid or call LIAR, or None once the game is over."""
        return None if state.over else state.seat

    def legal_actions(self, state: State) -> list[Action]:
        """Return the raises in ascending (quantity, face) order, then LIAR if there is a bid."""
        return legal_actions(state)

    def apply(self, state: State, action: Any) -> State:
        """Return the state after ``action``; IllegalAction if it is not legal now."""
        if not is_legal(state, action):
            raise IllegalAction(f"illegal action {action!r} in round {state.round}")
        new = state.copy()
        perform(new, action)
        return new

    def static_map(self, state: State) -> dict[str, JsonValue]:
        """Return the seats and the rules in force (sent once at match start)."""
        return static_map(state)

    def observe(self, state: State, seat: int | None) -> dict[str, JsonValue]:
        """Return what ``seat`` may know (None: a spectator, who sees no hidden die)."""
        return observe(state, seat)

    def events(self, state: State) -> tuple[Event, ...]:
        """Return the events of the apply call that made ``state``."""
        return state.events

    def outcome(self, state: State) -> Outcome | None:
        """Return dice left as scores and ranks by LD14, once the game is over."""
        if not state.over:
            return None
        still_in = state.players
        keys: list[tuple[int, ...]] = [
            (count, state.out.index(seat) if seat in state.out else still_in)
            for seat, count in enumerate(state.counts)
        ]
        return Outcome(scores=state.counts, ranks=ranks_from_keys(keys), reason=state.reason)

    def status(self, state: State) -> Status:
        """Return the round (of at most ``max_rounds``), the seat to move, phase and dice left."""
        return Status(
            to_move=self.to_move(state),
            round=state.round,
            phase=state.phase(),
            scores=state.counts,
            turn_seat=self.to_move(state),
            round_label=f"{state.round}/{state.config.max_rounds}",
        )

    def digest(self, state: State) -> str:
        """Return a stable hash of every digested slot, hidden dice and Rng included."""
        return stable_digest(state.canonical())

    def render(self, state: State, seat: int | None = None) -> str:
        """Return the plain-text board; with a seat, that seat's own dice only."""
        return render(state, seat)

    def action_label(self, action: Any) -> str:
        """Return ``BID(QxF)`` or ``LIAR``."""
        return action_label(action)

    def public_label(self, state: State, action: Any) -> str:
        """Return the full label: a bid or a challenge hides nothing."""
        return action_label(action)

    def action_data(self, action: Any) -> dict[str, JsonValue]:
        """Return the action as a JSON-ready dict with a ``kind``."""
        return action_data(action)

    def resample(self, state: State, seat: int, rng: random.Random) -> State:
        """Return a state ``seat`` cannot tell from ``state``: every other seat's dice rolled
        afresh from ``rng`` (a seat learns nothing of them before the reveal, LD16), and the
        random source of later rounds, which nobody sees, reseeded from ``rng``."""
        faces = state.config.faces
        new = state.copy()
        new.dice = tuple(
            cup if other == seat else tuple(sorted(rng.randrange(faces) + 1 for _ in cup))
            for other, cup in enumerate(state.dice)
        )
        new.rng = Rng(rng.getrandbits(64))
        new.events = tuple(_redrawn(event, new.dice) for event in state.events)
        return new

    def state_from_view(
        self,
        config: Config,
        players: int,
        seat: int,
        observation: dict[str, JsonValue],
        rng: random.Random,
    ) -> State | None:
        """Return a state consistent with what ``seat`` observes, the other cups rolled from
        ``rng`` (seen.py); None once the game is over."""
        return state_from_view(config, players, seat, observation, rng)


def _redrawn(event: Event, dice: tuple[tuple[int, ...], ...]) -> Event:
    """Return ``event`` told of the redrawn ``dice``: a ``roll`` shows its seat's new cup."""
    if event.kind != "roll":
        return event
    seat = event.data["seat"]
    return Event("roll", {**event.data, "dice": list(dice[seat])}, event.visible_to)


GAME = LiarsDiceGame()
