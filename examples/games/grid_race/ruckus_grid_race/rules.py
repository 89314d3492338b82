"""The rules of Grid Race (GR1-GR10 of the package README), applied to a state copy.

A turn is one joint step: every snake still in picks a direction without seeing the others'
picks, and :func:`resolve` moves them all at once, in this order: heads advance; a snake whose
head reaches food grows (its tail stays) and the food goes; then every snake whose head left
the board, entered a body, or met a head of a snake at least as long, is out; then food is
placed on random empty cells until there is ``food`` of it (in cell order, from the state's
random source); then the end is checked.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from ruckus_grid_race.state import Cell, State

DIRECTIONS: dict[str, Cell] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
"""Each direction a snake may move and its (dx, dy); y grows downwards."""
START_LENGTH = 3


class EndReason(enum.StrEnum):
    """Why a match ended."""

    LAST_SNAKE = "last_snake"
    ALL_OUT = "all_out"
    TURN_CAP = "turn_cap"


def starts(width: int, height: int) -> tuple[Cell, ...]:
    """Return the start cell of each seat (GR2): the corners, one cell in, clockwise."""
    return ((1, 1), (width - 2, height - 2), (width - 2, 1), (1, height - 2))


def legal_moves(state: State, seat: int) -> list[str]:
    """Return the directions ``seat`` may take, in N, E, S, W order: every one but back onto
    its own neck (GR3)."""
    body = state.snakes[seat]
    if not body or state.over:
        return []
    head = body[0]
    neck = body[1] if len(body) > 1 and body[1] != head else None
    return [d for d, (dx, dy) in DIRECTIONS.items() if (head[0] + dx, head[1] + dy) != neck]


def place_food(state: State) -> None:
    """Put food on random empty cells until the board holds ``config.food`` of it (GR5)."""
    config = state.config
    taken = {cell for body in state.snakes for cell in body} | set(state.food)
    empty = [(x, y) for y in range(config.height) for x in range(config.width)]
    empty = [cell for cell in empty if cell not in taken]
    food = list(state.food)
    while len(food) < config.food and empty:
        cell = empty.pop(state.rng.below(len(empty)))
        food.append(cell)
        state.emit("food", x=cell[0], y=cell[1])
    state.food = tuple(sorted(food))


def setup(state: State) -> None:
    """Put every seat's snake on its start cell, stacked (GR2), and the first food."""
    corners = starts(state.config.width, state.config.height)
    state.snakes = tuple((corners[seat],) * START_LENGTH for seat in range(state.players))
    state.lengths = (START_LENGTH,) * state.players
    place_food(state)


def _advance(state: State, moves: Mapping[int, str]) -> dict[int, tuple[Cell, ...]]:
    """Move every snake's head (GR4); return the new bodies, grown where food was eaten."""
    bodies: dict[int, tuple[Cell, ...]] = {}
    food = set(state.food)
    for seat, direction in sorted(moves.items()):
        body = state.snakes[seat]
        dx, dy = DIRECTIONS[direction]
        head = (body[0][0] + dx, body[0][1] + dy)
        if head in food:
            bodies[seat] = (head, *body)
            state.emit("ate", seat=seat, x=head[0], y=head[1])
        else:
            bodies[seat] = (head, *body[:-1])
    state.food = tuple(sorted(food - {body[0] for body in bodies.values()}))
    return bodies


def _out(state: State, bodies: dict[int, tuple[Cell, ...]]) -> dict[int, str]:
    """Return the seats that go out this turn and why (GR6, GR7)."""
    config = state.config
    out: dict[int, str] = {}
    for seat, body in bodies.items():
        head = body[0]
        if not (0 <= head[0] < config.width and 0 <= head[1] < config.height):
            out[seat] = "wall"
        elif any(head in other[1:] for other in bodies.values()):
            out[seat] = "body"
        elif any(
            other != seat and bodies[other][0] == head and len(bodies[other]) >= len(body)
            for other in bodies
        ):
            out[seat] = "head"
    return out


def resolve(state: State, moves: Mapping[int, str]) -> None:
    """Play one turn: every snake's move at once, then food and the end (module docstring)."""
    state.emit("moves", moves=[moves.get(seat, "") for seat in range(state.players)])
    state.last_moves = tuple(moves.get(seat, "") for seat in range(state.players))
    bodies = _advance(state, moves)
    out = _out(state, bodies)
    state.turn += 1
    snakes, lengths, out_turn = list(state.snakes), list(state.lengths), list(state.out_turn)
    for seat, body in bodies.items():
        snakes[seat] = () if seat in out else body
        lengths[seat] = len(body)
        if seat in out:
            out_turn[seat] = state.turn
            state.emit("out", seat=seat, cause=out[seat])
    state.snakes, state.lengths, state.out_turn = tuple(snakes), tuple(lengths), tuple(out_turn)
    place_food(state)
    left = state.seats_in()
    if len(left) == 0:
        state.reason = EndReason.ALL_OUT
    elif len(left) == 1:
        state.reason = EndReason.LAST_SNAKE
    elif state.turn >= state.config.max_turns:
        state.reason = EndReason.TURN_CAP
    if state.reason:
        state.emit("game_end", reason=str(state.reason), scores=list(state.lengths))
