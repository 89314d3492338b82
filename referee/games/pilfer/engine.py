"""The Pilfer engine object: the base.Game contract over the rule modules."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

from referee.games import configs
from referee.games.base import (
    Event,
    GameSpec,
    IllegalAction,
    JsonValue,
    Outcome,
    SharedPart,
    Status,
    is_among,
    ranks_from_keys,
    stable_digest,
)
from referee.games.pilfer import actions, flow, observe, render, seen, setup
from referee.games.pilfer.actions import Action
from referee.games.pilfer.config import SCENARIOS, Config, make_config
from referee.games.pilfer.maps import Cell
from referee.games.pilfer.observe import sorted_tokens
from referee.games.pilfer.scoring import ranking_keys
from referee.games.pilfer.state import State
from referee.games.rng import Rng


def finish(state: State) -> State:
    """Resolve queued steps and cache the legal actions; returns ``state`` (a fresh one)."""
    flow.run(state)
    state.legal_cache = flow.compute_legal(state)
    return state


TOKEN_PART = SharedPart(sorted_tokens)
"""The token table's part of a digest, written once per table (copies share the table)."""


def canonical(
    state: State, token_part: Callable[[Mapping[Cell, tuple[int, ...]]], object] = sorted_tokens
) -> tuple[Any, ...]:
    """Return the whole state (random source included) as an ordered tuple of plain values;
    ``token_part`` gives the token table's place in it."""
    return (
        state.config.as_tuple(),
        state.players,
        state.rng.state(),
        state.bag,
        state.dealt,
        token_part(state.tokens),
        tuple(sorted(state.face_up)),
        state.discard,
        tuple(tuple(c) for c in state.critters),
        tuple(tuple(t) for t in state.townsfolk),
        tuple(state.points),
        tuple(state.gross),
        tuple(state.spent),
        tuple(sorted(state.openings)),
        tuple(tuple(sorted(k)) for k in state.known),
        state.sniffs,
        (state.round, state.turn_seat, state.phase, state.active, state.turn_decisions),
        tuple(state.stack),
        state.pending,
        (state.end_reason, state.winner),
    )


class EndReason(StrEnum):
    """Why a Pilfer match ended (G-rules of docs/rules/pilfer.md)."""

    WIN_POINTS = "win_points"
    ALL_DRIVEN_OUT = "all_driven_out"
    ROUND_CAP = "round_cap"


class PilferGame(configs.DataclassConfigs):
    """Pilfer: critters raid a town (rules version 1.0, house rules G1..G48)."""

    spec = GameSpec(
        name="pilfer",
        title="Pilfer",
        rules_version="1.0",
        min_players=2,
        max_players=4,
        scenarios=SCENARIOS,
        default_scenario="raid",
        config_type=Config,
        end_reasons=tuple(EndReason),
    )

    build_config = staticmethod(make_config)

    def new_state(self, config: Any, players: int, seed: int) -> State:
        """Set up a match; the first decision is seat 0's setup BUY."""
        return finish(setup.new_state(config, players, seed))

    to_move = staticmethod(flow.to_move)

    def legal_actions(self, state: State) -> list[Action]:
        """Return the legal actions of the seat to move, in a fixed order."""
        cache = state.legal_cache
        return list(cache) if cache is not None else flow.compute_legal(state)

    def apply(self, state: State, action: Action) -> State:
        """Return the state after ``action``; the input state is left unchanged."""
        legal = state.legal_cache if state.legal_cache is not None else flow.compute_legal(state)
        if not is_among(action, legal):
            if state.phase == "over":
                raise IllegalAction("the game is over")
            raise IllegalAction(f"{action!r} is not a legal action")
        new = flow.apply_action(state, action)  # its frames are resolved already
        new.legal_cache = flow.compute_legal(new)
        return new

    def static_map(self, state: State) -> dict[str, JsonValue]:
        """Return the board facts that never change during the match."""
        return observe.static_map(state)

    def observe(self, state: State, seat: int | None) -> dict[str, JsonValue]:
        """Return what ``seat`` may know (None: spectator)."""
        return observe.observe(state, seat)

    def events(self, state: State) -> tuple[Event, ...]:
        """Return the events produced by the ``apply`` that made ``state``."""
        return tuple(map(Event._make, state.events))

    def outcome(self, state: State) -> Outcome | None:
        """Return scores, ranks and the end reason once the game is over."""
        if state.phase != "over":
            return None
        ranks = ranks_from_keys(ranking_keys(state))
        return Outcome(scores=tuple(state.points), ranks=ranks, reason=state.end_reason)

    def status(self, state: State) -> Status:
        """Return the round, whose turn it is, the decision asked now and the points."""
        return Status(
            to_move=flow.to_move(state),
            round=state.round,
            phase=flow.decision_kind(state) or "over",
            scores=tuple(state.points),
            turn_seat=state.turn_seat,
        )

    def resample(self, state: State, seat: int, rng: random.Random) -> State:
        """Return a state ``seat`` cannot tell from ``state``: the kinds of every token it has
        not seen (face down on the board and not sniffed by it, or still in the bag) dealt
        afresh among those tokens, and a new random source for the dice and spinners.

        Face-up, carried, discarded and delivered tokens keep their kinds: the seat saw them,
        so the kinds left to deal are exactly the ones it cannot place. The events of the last
        ``apply`` are the ones the seat saw (another seat's sniff would name a redealt kind).
        """
        unseen = [
            token
            for ids in state.tokens.values()
            for token in ids
            if token not in state.face_up and token not in state.known[seat]
        ]
        unseen.extend(range(state.dealt + 1, len(state.bag) + 1))
        kinds = [state.bag[token - 1] for token in unseen]
        rng.shuffle(kinds)
        bag = list(state.bag)
        for token, kind in zip(unseen, kinds, strict=True):
            bag[token - 1] = kind
        new = state.copy()
        new.bag = tuple(bag)
        new.rng = Rng(rng.getrandbits(64))
        new.events = [raw for raw in state.events if Event._make(raw).is_visible_to(seat)]
        return new

    def state_from_view(
        self,
        config: Config,
        players: int,
        seat: int,
        observation: dict[str, JsonValue],
        rng: random.Random,
    ) -> State | None:
        """Return a state consistent with what ``seat`` observes, unseen token kinds dealt from
        ``rng``; None outside MAIN and ACTIVATION decisions (seen.py)."""
        return seen.state_from_view(config, players, seat, observation, rng)

    def digest(self, state: State) -> str:
        """Return a stable hash of the full state."""
        return stable_digest(canonical(state, TOKEN_PART))

    def render(self, state: State, seat: int | None = None) -> str:
        """Return a plain-text board; with a seat, only what that seat may know."""
        return render.render(state, seat)

    def action_label(self, action: Action) -> str:
        """Return a short label such as ``MOVE(N)``."""
        return actions.action_label(action)

    def public_label(self, state: State, action: Action) -> str:
        """Return the full label: every Pilfer action is taken in the open."""
        return actions.action_label(action)

    def action_data(self, action: Action) -> dict[str, JsonValue]:
        """Return the action as a JSON-ready dict."""
        return actions.action_data(action)
