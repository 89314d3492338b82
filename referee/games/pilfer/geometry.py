"""Where critters and townsfolk may step: walls, openings, diagonals and start spaces (G31)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from referee.games.pilfer.actions import Action, move_action, open_action
from referee.games.pilfer.maps import MAPS, Cell, Edge, ScenarioMap, edge
from referee.games.pilfer.state import (
    ALL_DIRECTIONS,
    DIRECTIONS,
    ORTHOGONAL,
    SPINNER,
    State,
)

Step = tuple[Action, Cell, Edge | None]
"""A step a critter may try from a cell: its MOVE action, the cell entered, the wall edge crossed
(or None)."""
Wall = tuple[str, Edge, Action]
"""A wall edge of a cell: its direction from the cell, the edge and the OPEN action on it."""


@dataclass(frozen=True, slots=True)
class CellFacts:
    """What the ACTIVATION menu needs to know of a board cell, fixed for a scenario."""

    steps: tuple[Step, ...]
    """The orthogonal steps onto the board, in N, E, S, W order."""
    all_steps: tuple[Step, ...]
    """The steps of a diagonal mover (Goose, Fox, Wolf) in N, E, S, W, NE, SE, SW, NW order: a
    diagonal only between two cells of one building or two cells outside every building (G31)."""
    walls: tuple[Wall, ...]
    """The wall edges of the cell (G19) in N, E, S, W order."""
    reach: tuple[Cell, ...]
    """The board cells within one, diagonals included, row by row (the cells a SNIFF reaches,
    G30)."""


def _walls(board: ScenarioMap, x: int, y: int) -> tuple[Wall, ...]:
    """Return the wall edges of ``(x, y)`` as ``(direction, edge, OPEN action)``."""
    walls: list[Wall] = []
    for direction in ORTHOGONAL:
        dx, dy = DIRECTIONS[direction]
        wall = edge((x, y), (x + dx, y + dy))
        if wall in board.walls:
            walls.append((direction, wall, open_action("wall", wall=direction)))
    return tuple(walls)


def _steps(
    board: ScenarioMap, x: int, y: int, walls: tuple[Wall, ...], directions: tuple[str, ...]
) -> tuple[Step, ...]:
    """Return the steps from ``(x, y)`` in ``directions`` that a critter may try (G31)."""
    crossed = {direction: wall for direction, wall, _ in walls}
    steps: list[Step] = []
    for direction in directions:
        dx, dy = DIRECTIONS[direction]
        nx, ny = x + dx, y + dy
        if not board.on_board(nx, ny):
            continue
        if dx and dy and board.building_of.get((x, y)) != board.building_of.get((nx, ny)):
            continue
        steps.append((move_action(direction), (nx, ny), crossed.get(direction)))
    return tuple(steps)


@functools.cache
def cell_facts(scenario: str) -> dict[Cell, CellFacts]:
    """Return the facts of every cell of the ``scenario`` board, built once per scenario."""
    board = MAPS[scenario]
    table = {}
    for x in range(board.width):
        for y in range(board.height):
            walls = _walls(board, x, y)
            reach = tuple(
                (x + dx, y + dy)
                for dy in (-1, 0, 1)
                for dx in (-1, 0, 1)
                if board.on_board(x + dx, y + dy)
            )
            table[(x, y)] = CellFacts(
                steps=_steps(board, x, y, walls, ORTHOGONAL),
                all_steps=_steps(board, x, y, walls, ALL_DIRECTIONS),
                walls=walls,
                reach=reach,
            )
    return table


def townsfolk_may_enter(state: State, x: int, y: int) -> bool:
    """Return whether a townsfolk may stand in ``(x, y)``: on the board, not a start space."""
    board = state.board
    return 0 <= x < board.width and 0 <= y < board.height and (x, y) not in state.start_of


def townsfolk_neighbours(state: State, x: int, y: int) -> list[Cell]:
    """Return the legal spinner-adjacent cells of ``(x, y)`` in spinner order (G24)."""
    result = []
    for direction in SPINNER[state.config.spinner_dirs]:
        dx, dy = DIRECTIONS[direction]
        if townsfolk_may_enter(state, x + dx, y + dy):
            result.append((x + dx, y + dy))
    return result


def alarm_step(state: State, x: int, y: int, target: Cell) -> Cell:
    """Return where a townsfolk at ``(x, y)`` steps toward ``target`` on an alarm (G41)."""
    tx, ty = target
    dx = (tx > x) - (tx < x)
    dy = (ty > y) - (ty < y)
    horizontal = (x + dx, y)
    vertical = (x, y + dy)
    larger_first = abs(tx - x) > abs(ty - y)
    options = [horizontal, vertical] if larger_first else [vertical, horizontal]
    if state.config.spinner_dirs == 8 and dx and dy:
        options.insert(0, (x + dx, y + dy))
    for cell in options:
        if cell != (x, y) and townsfolk_may_enter(state, *cell):
            return cell
    return (x, y)
