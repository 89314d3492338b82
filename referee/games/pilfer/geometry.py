"""Where critters and townsfolk may step: walls, openings, diagonals and start spaces (G31)."""

from __future__ import annotations

from referee.games.pilfer.maps import Cell, edge
from referee.games.pilfer.state import (
    ALL_DIRECTIONS,
    DIAGONAL_MOVERS,
    DIRECTIONS,
    ORTHOGONAL,
    SPINNER,
    Critter,
    State,
)


def critter_directions(critter: Critter) -> tuple[str, ...]:
    """Return the directions a critter may try: diagonals too for Goose, Fox and Wolf."""
    return ALL_DIRECTIONS if critter.kind in DIAGONAL_MOVERS else ORTHOGONAL


def critter_may_step(state: State, critter: Critter, direction: str) -> bool:
    """Return whether ``critter`` may MOVE one step in ``direction`` (G17, G19, G31)."""
    dx, dy = DIRECTIONS[direction]
    x, y = critter.x, critter.y
    nx, ny = x + dx, y + dy
    board = state.board
    if not board.on_board(nx, ny):
        return False
    if state.start_of.get((nx, ny), critter.owner) != critter.owner:
        return False
    if dx and dy:
        return board.building_of.get((x, y)) == board.building_of.get((nx, ny))
    wall = edge((x, y), (nx, ny))
    if wall not in board.walls or wall in state.openings:
        return True
    return critter.kind == "weasel"


def closed_walls(state: State, x: int, y: int) -> list[str]:
    """Return the directions of the closed wall edges of cell ``(x, y)`` (G43)."""
    result = []
    for direction in ORTHOGONAL:
        dx, dy = DIRECTIONS[direction]
        wall = edge((x, y), (x + dx, y + dy))
        if wall in state.board.walls and wall not in state.openings:
            result.append(direction)
    return result


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
