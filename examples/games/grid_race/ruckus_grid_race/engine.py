"""The Grid Race engine object (``GAME``): the ``referee.games.base.Game`` contract and
``referee.games.base.Simultaneous`` (every turn is a joint step of the snakes still in).

An action is a direction string (``"N"``, ``"E"``, ``"S"``, ``"W"``). Events (all public):
``game_start`` {players, scenario}; ``food`` {x, y}; ``moves`` {moves: each seat's direction,
"" for a seat that is out}; ``ate`` {seat, x, y}; ``out`` {seat, cause: wall, body or head};
``game_end`` {reason, scores}.
"""

from __future__ import annotations

from collections.abc import Mapping
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

from ruckus_grid_race.config import DEFAULT_SCENARIO, SCENARIOS, Config, make_config
from ruckus_grid_race.render import observe, render, static_map
from ruckus_grid_race.rules import EndReason, legal_moves, resolve, setup
from ruckus_grid_race.state import State, empty_state

SPEC = GameSpec(
    name="grid-race",
    title="Grid Race",
    rules_version="1.0",
    min_players=2,
    max_players=4,
    scenarios=SCENARIOS,
    default_scenario=DEFAULT_SCENARIO,
    config_type=Config,
    end_reasons=tuple(EndReason),
)


class GridRaceGame(configs.DataclassConfigs):
    """Stateless engine: every method takes a ``State`` and never changes it."""

    spec = SPEC

    build_config = staticmethod(make_config)

    def new_state(self, config: Any, players: int, seed: int) -> State:
        """Set up a match: every snake on its start cell (GR2) and the first food (GR5)."""
        if not isinstance(config, Config):
            raise ConfigError("config: expected a grid-race Config")
        low, high = SPEC.min_players, SPEC.max_players
        if type(players) is not int or not low <= players <= high:
            raise ConfigError(f"players: {players!r} is outside [{low}, {high}]")
        if type(seed) is not int:
            raise ConfigError(f"seed: expected an int, got {seed!r}")
        state = empty_state(config, players, seed)
        state.emit("game_start", players=players, scenario=config.scenario)
        setup(state)
        return state

    def to_act(self, state: State) -> tuple[int, ...]:
        """Return the seats whose snakes are still in: they all move at once (GR3)."""
        return () if state.over else state.seats_in()

    def to_move(self, state: State) -> int | None:
        """Return the first seat to act, or None once the game is over."""
        seats = self.to_act(state)
        return seats[0] if seats else None

    def legal_actions_for(self, state: State, seat: int) -> list[str]:
        """Return the directions ``seat`` may take, N, E, S, W, less the one onto its neck."""
        return legal_moves(state, seat)

    def legal_actions(self, state: State) -> list[str]:
        """Return the directions of the first seat to act (every turn is a joint step)."""
        seat = self.to_move(state)
        return [] if seat is None else legal_moves(state, seat)

    def apply(self, state: State, action: Any) -> State:
        """Refuse: every turn of Grid Race is a joint step (``apply_joint``)."""
        raise IllegalAction("every turn is a joint step: the snakes move at once (apply_joint)")

    def apply_joint(self, state: State, actions: Mapping[int, Any]) -> State:
        """Return the state after every snake still in took its direction in ``actions``."""
        seats = self.to_act(state)
        if tuple(sorted(actions)) != seats:
            raise IllegalAction(f"a turn needs a move of every seat in {list(seats)}")
        for seat, action in actions.items():
            if action not in legal_moves(state, seat):
                raise IllegalAction(f"seat {seat} cannot move {action!r} on turn {state.turn}")
        new = state.copy()
        resolve(new, actions)
        return new

    def static_map(self, state: State) -> dict[str, JsonValue]:
        """Return the board size and the rules in force (sent once at match start)."""
        return static_map(state)

    def observe(self, state: State, seat: int | None) -> dict[str, JsonValue]:
        """Return the board: nothing is hidden, but a seat learns its own number."""
        return observe(state, seat)

    def events(self, state: State) -> tuple[Event, ...]:
        """Return the events of the apply call that made ``state``."""
        return state.events

    def outcome(self, state: State) -> Outcome | None:
        """Return lengths as scores, ranked by GR10 once the game is over."""
        if not state.over:
            return None
        keys: list[tuple[int, ...]] = [
            (state.out_turn[seat] or state.turn + 1, state.lengths[seat])
            for seat in range(state.players)
        ]
        return Outcome(scores=state.lengths, ranks=ranks_from_keys(keys), reason=state.reason)

    def status(self, state: State) -> Status:
        """Return the turn (of at most ``max_turns``), the first seat to act and the lengths."""
        return Status(
            to_move=self.to_move(state),
            round=state.turn + 1 if not state.over else state.turn,
            phase="over" if state.over else "move",
            scores=state.lengths,
            round_label=f"{state.turn + (not state.over)}/{state.config.max_turns}",
        )

    def digest(self, state: State) -> str:
        """Return a stable hash of every digested slot, the random source included."""
        return stable_digest(state.canonical())

    def render(self, state: State, seat: int | None = None) -> str:
        """Return the plain-text board."""
        return render(state)

    def action_label(self, action: Any) -> str:
        """Return ``MOVE(N)`` and so on."""
        return f"MOVE({action})"

    def public_label(self, state: State, action: Any) -> str:
        """Return the full label: once a turn is played every move is seen."""
        return self.action_label(action)

    def action_data(self, action: Any) -> dict[str, JsonValue]:
        """Return the action as a JSON-ready dict with a ``kind``."""
        return {"kind": "move", "direction": action}


GAME = GridRaceGame()
