"""What a seat sees of Grid Race (everything, nothing being hidden) and the plain-text board."""

from __future__ import annotations

from referee.games.base import JsonValue

from ruckus_grid_race.state import State

HEADS = "0123"
BODIES = "abcd"


def static_map(state: State) -> dict[str, JsonValue]:
    """Return the board size, the seats and the rules in force."""
    config = state.config
    return {
        "width": config.width,
        "height": config.height,
        "players": state.players,
        "food": config.food,
        "max_turns": config.max_turns,
    }


def observe(state: State, seat: int | None) -> dict[str, JsonValue]:
    """Return the board as every seat sees it, with ``you`` (None for a spectator).

    Keys: ``you``, ``turn``, ``max_turns``, ``width``, ``height``, ``food`` ([[x, y], ...]),
    ``last_moves`` (each seat's last direction), ``snakes`` (per seat: ``body`` head first,
    ``length``, ``in`` and ``out_turn``).
    """
    return {
        "you": seat,
        "turn": state.turn,
        "max_turns": state.config.max_turns,
        "width": state.config.width,
        "height": state.config.height,
        "food": [list(cell) for cell in state.food],
        "last_moves": list(state.last_moves),
        "snakes": [
            {
                "body": [list(cell) for cell in body],
                "length": state.lengths[index],
                "in": bool(body),
                "out_turn": state.out_turn[index],
            }
            for index, body in enumerate(state.snakes)
        ],
    }


def render(state: State) -> str:
    """Return the board: ``0``-``3`` heads, ``a``-``d`` bodies, ``*`` food, ``.`` empty."""
    config = state.config
    grid = [["."] * config.width for _ in range(config.height)]
    for x, y in state.food:
        grid[y][x] = "*"
    for seat, body in enumerate(state.snakes):
        for index, (x, y) in enumerate(reversed(body)):
            grid[y][x] = HEADS[seat] if index == len(body) - 1 else BODIES[seat]
    lengths = "  ".join(
        f"{HEADS[seat]}: {length}{'' if state.snakes[seat] else ' (out)'}"
        for seat, length in enumerate(state.lengths)
    )
    lines = ["".join(row) for row in grid]
    return "\n".join([f"turn {state.turn}/{config.max_turns}  {lengths}", *lines])
