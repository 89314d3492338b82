"""Where critters and townsfolk may step: walls, openings, diagonals and start spaces (G31)."""

from __future__ import annotations

import functools

from referee.games.pilfer.actions import Action, move_action, open_action
from referee.games.pilfer.maps import MAPS, Cell, Edge, edge
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


@functools.cache
def wall_table(scenario: str) -> dict[Cell, tuple[Wall, ...]]:
    """Return, per board cell, its wall edges (G19) as ``(direction, edge, OPEN action)`` in
    N, E, S, W order."""
    board = MAPS[scenario]
    table = {}
    for x in range(board.width):
        for y in range(board.height):
            walls: list[Wall] = []
            for direction in ORTHOGONAL:
                dx, dy = DIRECTIONS[direction]
                wall = edge((x, y), (x + dx, y + dy))
                if wall in board.walls:
                    walls.append((direction, wall, open_action("wall", wall=direction)))
            table[(x, y)] = tuple(walls)
    return table


@functools.cache
def step_table(scenario: str, diagonal: bool) -> dict[Cell, tuple[Step, ...]]:
    """Return, per board cell, the steps a critter may try from it in direction order (G31):
    onto the board, a diagonal (Goose, Fox, Wolf) only between two cells of one building or
    two cells outside every building. A step is ``(MOVE action, cell entered, wall crossed)``."""
    board = MAPS[scenario]
    table = {}
    for (x, y), walls in wall_table(scenario).items():
        crossed = {direction: wall for direction, wall, _ in walls}
        steps: list[Step] = []
        for direction in ALL_DIRECTIONS if diagonal else ORTHOGONAL:
            dx, dy = DIRECTIONS[direction]
            nx, ny = x + dx, y + dy
            if not board.on_board(nx, ny):
                continue
            if dx and dy and board.building_of.get((x, y)) != board.building_of.get((nx, ny)):
                continue
            steps.append((move_action(direction), (nx, ny), crossed.get(direction)))
        table[(x, y)] = tuple(steps)
    return table


@functools.cache
def within_one(scenario: str) -> dict[Cell, tuple[Cell, ...]]:
    """Return, per board cell, the nine cells within one of it, diagonals included, row by
    row (the cells a SNIFF reaches, G30; those off the board hold no tokens)."""
    board = MAPS[scenario]
    return {
        (x, y): tuple((x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
        for x in range(board.width)
        for y in range(board.height)
    }


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
