"""A plain-text board: three characters per cell, a legend, scores and the decision asked."""

from __future__ import annotations

from referee.games.pilfer.flow import decision_kind, to_move
from referee.games.pilfer.maps import COLORS
from referee.games.pilfer.state import State

TOKEN_CHARS = {
    "food_1": "1",
    "food_2": "2",
    "food_3": "3",
    "sparkly": "s",
    "cat": "c",
    "dog": "d",
    "trap": "t",
    "alarm": "a",
    "dumpster": "u",
}
"""One character per token kind, as every Pilfer board draws it (upper case: sniffed)."""
LEGEND = (
    "cell = terrain, models, token | terrain: . ground  # building  ^ tree  = lane  "
    "R B G Y start | models: 0-3 critters of that seat  @ townsfolk  + several | "
    "token: ? face down  1 2 3 food  s sparkly  c cat  d dog  t trap  a alarm  u dumpster  "
    "(lower case: face up; upper case: sniffed by you)"
)


def _terrain(state: State, x: int, y: int) -> str:
    """Return the terrain character of a cell."""
    if (x, y) in state.start_of:
        return COLORS[state.colors[state.start_of[(x, y)]]][0].upper()
    if (x, y) in state.board.building_of:
        return "#"
    if (x, y) in state.board.trees:
        return "^"
    if any((x, y) in lane.cells for lane in state.board.lanes):
        return "="
    return "."


def _models(state: State, x: int, y: int) -> str:
    """Return the models character of a cell."""
    marks = {str(c.owner) for c in state.critters_at(x, y)}
    if state.townsfolk_at(x, y):
        marks.add("@")
    if len(marks) > 1:
        return "+"
    return marks.pop() if marks else " "


def _token(state: State, x: int, y: int, seat: int | None) -> str:
    """Return the token character of a cell (its first token)."""
    tokens = state.tokens.get((x, y), ())
    if not tokens:
        return " "
    token = tokens[0]
    char = TOKEN_CHARS[state.kind_of(token)]
    if token in state.face_up:
        return char
    if seat is not None and token in state.known[seat]:
        return char.upper()
    return "?"


def _scores(state: State) -> list[str]:
    """Return one score line per seat."""
    return [
        f"seat {seat} {COLORS[state.colors[seat]]}: points {state.points[seat]} "
        f"gross {state.gross[seat]} spent {state.spent[seat]}"
        for seat in range(state.players)
    ]


def render(state: State, seat: int | None = None) -> str:
    """Return the board as text; with a seat, show only what that seat may know."""
    width, height = state.board.width, state.board.height
    lines = ["    " + "".join(f"{x:<3}" for x in range(width))]
    for y in range(height):
        cells = "".join(
            _terrain(state, x, y) + _models(state, x, y) + _token(state, x, y, seat)
            for x in range(width)
        )
        lines.append(f"{y:>2}  {cells}")
    lines.append(LEGEND)
    lines.extend(_scores(state))
    seat = to_move(state)
    asked = "game over" if seat is None else f"decision {decision_kind(state)} by seat {seat}"
    lines.append(
        f"round {state.round}, turn of seat {state.turn_seat}, {asked}, "
        f"bag {len(state.bag) - state.dealt}"
    )
    for critter in state.critters:
        extra = " trapped" if critter.trapped else ""
        lines.append(
            f"critter {critter.cid} seat {critter.owner} {critter.kind} at "
            f"{critter.x},{critter.y} actions {critter.actions}{extra}"
        )
    if state.end_reason:
        lines.append(f"game over: {state.end_reason}")
    return "\n".join(lines)
