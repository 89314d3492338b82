"""Plain-text board: a map with a legend, then season, scores, characters and cards."""

from __future__ import annotations

from referee.games.wabbit.board import (
    BUILDING,
    BUILDING_IDS,
    BUILDING_OF,
    FIELD,
    HEIGHT,
    HIGHWAY,
    HOLE,
    MAILBOX,
    OUTSIDE,
    POND,
    WARRENS,
    WIDTH,
    cell_of,
    xy_of,
)
from referee.games.wabbit.cards import KINDS_BY_KEY
from referee.games.wabbit.items import ITEM_NAMES, kind_of
from referee.games.wabbit.queries import (
    building_structure,
    loose_at,
    season,
    standing,
    terrain,
)
from referee.games.wabbit.roster import KIND_NAMES
from referee.games.wabbit.state import OVER, SEASONS, State

LEGEND = (
    "Legend: 0-7 character id (* several), i item, o loose carrots, v planted carrot,\n"
    "        + ploughed field, f field, . yard, = highway, ~ pond, O hole, # Farmhouse,\n"
    "        % Barn, & Tool Shed, $ Outhouse, _ rubble, M mailbox, A/B/C warrens"
)
_TERRAIN_GLYPH = {FIELD: "f", HIGHWAY: "=", POND: "~", HOLE: "O"}


def cell_glyph(state: State, cell: int) -> str:
    """Return the one-character picture of a cell."""
    here = [c.cid for c in state.chars if c.cell == cell]
    if here:
        return str(here[0]) if len(here) == 1 else "*"
    if any(where == cell for _, where in state.items):
        return "i"
    if loose_at(state, cell):
        return "o"
    if cell in state.planted:
        return "v"
    ground = terrain(state, cell)
    if ground == FIELD and cell in state.ploughed:
        return "+"
    if cell == MAILBOX:
        return "M"
    for letter, warren in WARRENS.items():
        if cell == warren:
            return letter.upper()
    if ground == BUILDING:
        return "#%&$"[BUILDING_OF[cell]]
    if BUILDING_OF[cell] != OUTSIDE:
        return "_"
    return _TERRAIN_GLYPH.get(ground, ".")


def map_lines(state: State) -> list[str]:
    """Return the grid, with x and y rulers."""
    lines = ["    " + " ".join(f"{x:>2}" for x in range(WIDTH))]
    for y in range(HEIGHT):
        row = " ".join(f" {cell_glyph(state, cell_of(x, y))}" for x in range(WIDTH))
        lines.append(f"{y:>2}  {row}")
    return lines


def status_lines(state: State, seat: int | None) -> list[str]:
    """Return season, decision, scores, characters, buildings and the viewer's hand."""
    to_move = "none (game over)" if state.phase == OVER else f"seat {state.seat}"
    lines = [
        f"Round {state.round}/{state.config.rounds}, {SEASONS[season(state)]}; "
        f"turn of seat {state.seat}; decision: {state.phase}; to move: {to_move}",
        "Scores: "
        + ", ".join(
            f"seat {s} {state.score(s)} VP ({len(state.hands[s])} cards)"
            for s in range(state.players)
        ),
    ]
    for char in state.chars:
        held = ", ".join(ITEM_NAMES[kind_of(i)] for i in (char.weapon, char.vehicle) if i)
        x, y = xy_of(char.cell)
        lines.append(
            f"  c{char.cid} {KIND_NAMES[char.kind]} (seat {char.seat}) at "
            f"({x},{y}) holding {held or 'nothing'}, carrots {char.carrots}"
        )
    lines.append(
        "Buildings: "
        + ", ".join(
            f"{BUILDING_IDS[b]} {state.damage[b]}/{building_structure(state.config, b)}"
            + ("" if standing(state, b) else " destroyed")
            for b in range(len(BUILDING_IDS))
        )
    )
    lines.append(f"Deck {len(state.draw)} cards, discard pile {len(state.discard)} cards")
    if seat is not None:
        hand = ", ".join(
            f"{card}: {KINDS_BY_KEY[state.deck_kinds[card]].name}" for card in state.hands[seat]
        )
        lines.append(f"Your hand (seat {seat}): {hand or 'empty'}")
    return lines


def render(state: State, seat: int | None = None) -> str:
    """Return the plain-text board; with a seat, that seat's own hand is shown too."""
    return "\n".join([*map_lines(state), LEGEND, *status_lines(state, seat)])
