"""A game of 16 decisions, for the conformance suite's own tests: a long match is not assumed.

Two seats take turns; each decision either banks one point or gambles for 0-2 points drawn from
the state's random source. The match ends after ``length`` decisions (16 by default).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from referee.games.base import (
    ConfigError,
    Event,
    GameSpec,
    JsonValue,
    Outcome,
    Status,
    ranks_from_keys,
    stable_digest,
)
from referee.games.configs import DataclassConfigs
from referee.games.plugin import GamePlugin
from referee.games.rng import Rng
from referee.games.slots import SlotState

ACTIONS = ("BANK", "GAMBLE")


@dataclass(frozen=True)
class Config:
    """How many decisions a match lasts."""

    scenario: str = "short"
    length: int = field(default=16, metadata={"min": 1, "max": 64})


def make_config(scenario: str | None = None, **overrides: Any) -> Config:
    """Return the config with ``overrides`` (ConfigError naming a bad field)."""
    for name, value in overrides.items():
        if name != "length":
            raise ConfigError(f"{name}: unknown config field")
        if type(value) is not int or not 1 <= value <= 64:
            raise ConfigError(f"length: {value!r} is outside [1, 64]")
    if scenario not in (None, "short"):
        raise ConfigError(f"scenario: unknown scenario {scenario!r}")
    return Config(**overrides)


class State(SlotState):
    """Who moves, how many decisions are left, the scores and the random source."""

    __slots__ = ("config", "players", "left", "seat", "scores", "rng", "last_events")
    FRESH: ClassVar[Mapping[str, Callable[[], Any]]] = {"last_events": tuple}

    def canonical(self) -> tuple[Any, ...]:
        """Return every digested slot as plain values."""
        config = tuple((item.name, getattr(self.config, item.name)) for item in fields(Config))
        return (config, self.players, self.left, self.seat, self.scores, self.rng.state())


class ShortGame(DataclassConfigs):
    """The engine of the short game."""

    spec = GameSpec(
        name="short",
        title="Short",
        rules_version="1",
        min_players=2,
        max_players=3,
        scenarios=("short",),
        default_scenario="short",
        config_type=Config,
        end_reasons=("length",),
    )
    build_config = staticmethod(make_config)

    def new_state(self, config: Config, players: int, seed: int) -> State:
        """Return the opening position."""
        if not 2 <= players <= 3:
            raise ConfigError(f"players: {players} is outside [2, 3]")
        state = State()
        state.config, state.players, state.left, state.seat = config, players, config.length, 0
        state.scores, state.rng, state.last_events = (0,) * players, Rng(seed), ()
        return state

    def to_move(self, state: State) -> int | None:
        """Return the seat to move, or None once no decision is left."""
        return state.seat if state.left else None

    def legal_actions(self, state: State) -> list[str]:
        """Return the two actions, or none once the match is over."""
        return list(ACTIONS) if state.left else []

    def apply(self, state: State, action: str) -> State:
        """Return the position after ``action``."""
        if action not in self.legal_actions(state):
            raise ValueError(f"illegal action {action!r}")
        new = state.copy()
        points = 1 if action == "BANK" else new.rng.below(3)
        scores = list(new.scores)
        scores[new.seat] += points
        new.scores, new.left = tuple(scores), new.left - 1
        new.last_events = (Event("points", {"seat": new.seat, "points": points}),)
        new.seat = (new.seat + 1) % new.players
        return new

    def static_map(self, state: State) -> dict[str, JsonValue]:
        """Return the fixed facts: the match length."""
        return {"length": state.config.length}

    def observe(self, state: State, seat: int | None) -> dict[str, JsonValue]:
        """Return the whole position: nothing is hidden."""
        return {"left": state.left, "scores": list(state.scores), "to_move": self.to_move(state)}

    def events(self, state: State) -> tuple[Event, ...]:
        """Return the points the last decision scored."""
        return tuple(state.last_events)

    def outcome(self, state: State) -> Outcome | None:
        """Return the result once no decision is left."""
        if state.left:
            return None
        ranks = ranks_from_keys([(score,) for score in state.scores])
        return Outcome(scores=state.scores, ranks=ranks, reason="length")

    def status(self, state: State) -> Status:
        """Return the seat to move, the decision number as the round, and the scores."""
        phase = "choose" if state.left else "over"
        number = state.config.length - state.left + 1
        return Status(self.to_move(state), number, phase, state.scores)

    def digest(self, state: State) -> str:
        """Return the digest of every digested slot."""
        return stable_digest(state.canonical())

    def render(self, state: State, seat: int | None = None) -> str:
        """Return the scores and the decisions left."""
        return f"left {state.left}, scores {list(state.scores)}"

    def action_label(self, action: str) -> str:
        """Return the action itself."""
        return action

    def public_label(self, state: State, action: str) -> str:
        """Return the full label: nothing is hidden."""
        return action

    def action_data(self, action: str) -> dict[str, JsonValue]:
        """Return the action as a dict."""
        return {"kind": action.lower()}


PLUGIN = GamePlugin(
    engine=ShortGame(),
    sample_bots={"random": "sample_bots.random_bot"},
    golden="short_game:conformance.json",
)
