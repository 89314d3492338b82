"""Positions for the Grid Race tests: a new match, snakes and food set by hand, turns played."""

from __future__ import annotations

from ruckus_grid_race.engine import GAME
from ruckus_grid_race.state import Cell, State

__all__ = ["GAME", "new", "placed", "turn"]


def new(players: int = 2, seed: int = 1, scenario: str | None = None, **config: object) -> State:
    """Return a new match."""
    return GAME.new_state(GAME.make_config(scenario, **config), players, seed)


def placed(state: State, *snakes: tuple[Cell, ...], food: tuple[Cell, ...] = ()) -> State:
    """Return a copy with ``snakes`` (head first; empty: out) and ``food`` set."""
    changed = state.copy()
    changed.snakes = tuple(snakes)
    changed.lengths = tuple(len(body) for body in snakes)
    changed.food = tuple(sorted(food))
    return changed


def turn(state: State, *moves: str) -> State:
    """Play one turn: ``moves`` one per seat still in, in seat order."""
    return GAME.apply_joint(state, dict(zip(GAME.to_act(state), moves, strict=True)))
