"""Where critters and townsfolk may step: walls, openings, diagonals and start spaces (G31)."""

from __future__ import annotations

import functools

from referee.games.pilfer.maps import MAPS, Cell, Edge, edge
from referee.games.pilfer.state import (
    ALL_DIRECTIONS,
    DIAGONAL_MOVERS,
    DIRECTIONS,
    ORTHOGONAL,
    SPINNER,
    Critter,
    State,
)

Step = tuple[str, Cell, Edge | None]
"""A step a critter may try from a cell: direction, cell entered, wall edge crossed (or None)."""


@functools.cache
def _wall_edges(scenario: str) -> dict[Cell, tuple[tuple[str, Edge], ...]]:
    """Return, per board cell, its wall edges (G19) as ``(direction, edge)`` in N, E, S, W
    order."""
    board = MAPS[scenario]
    table = {}
    for x in range(board.width):
        for y in range(board.height):
            walls = []
            for direction in ORTHOGONAL:
                dx, dy = DIRECTIONS[direction]
                wall = edge((x, y), (x + dx, y + dy))
                if wall in board.walls:
                    walls.append((direction, wall))
            table[(x, y)] = tuple(walls)
    return table


@functools.cache
def _steps(scenario: str, diagonal: bool) -> dict[Cell, tuple[Step, ...]]:
    """Return, per board cell, the steps a critter may try from it in direction order (G31):
    onto the board, a diagonal (Goose, Fox, Wolf) only between two cells of one building or
    two cells outside every building."""
    board = MAPS[scenario]
    table = {}
    for (x, y), walls in _wall_edges(scenario).items():
        crossed = dict(walls)
        steps: list[Step] = []
        for direction in ALL_DIRECTIONS if diagonal else ORTHOGONAL:
            dx, dy = DIRECTIONS[direction]
            nx, ny = x + dx, y + dy
            if not board.on_board(nx, ny):
                continue
            if dx and dy and board.building_of.get((x, y)) != board.building_of.get((nx, ny)):
                continue
            steps.append((direction, (nx, ny), crossed.get(direction)))
        table[(x, y)] = tuple(steps)
    return table


def critter_steps(state: State, critter: Critter) -> list[str]:
    """Return the directions ``critter`` may MOVE one step in now, in direction order: never
    into another seat's start space (G17), through a wall only where it is opened or for a
    Weasel (G19), diagonally only for Goose, Fox and Wolf (G31)."""
    owner = critter.owner
    start_of = state.start_of
    openings = state.openings
    weasel = critter.kind == "weasel"
    steps = _steps(state.board.scenario, critter.kind in DIAGONAL_MOVERS)
    return [
        direction
        for direction, cell, wall in steps[(critter.x, critter.y)]
        if start_of.get(cell, owner) == owner and (wall is None or weasel or wall in openings)
    ]


def closed_walls(state: State, x: int, y: int) -> list[str]:
    """Return the directions of the closed wall edges of cell ``(x, y)`` (G43)."""
    walls = _wall_edges(state.board.scenario)[(x, y)]
    if not walls:
        return []
    openings = state.openings
    return [direction for direction, wall in walls if wall not in openings]


def townsfolk_may_enter(state: State, x: int, y: int) -> bool:
    """Return whether a townsfolk may stand in ``(x, y)``: on the board, not a start space."""
    return state.board.on_board(x, y) and (x, y) not in state.start_of


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
