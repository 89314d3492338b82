"""The Wabbit Wampage board in a terminal: one centred glyph in each three-character cell."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from tournaments.replay.boards.grid import Cell, Glyph, JsonDict, cells_of, grid
from tournaments.replay.views import seat_style

LEGEND = (
    ("characters", "0-7 character id (* several)"),
    ("things", "i item  o loose carrots  v planted carrot  M mailbox  A B C warrens"),
    ("terrain", ". yard  f field  + ploughed  = highway  ~ pond  O hole  # building  _ rubble"),
)
_WABBIT_TERRAIN: dict[str, Glyph] = {
    "open": (".", "dim"),
    "field": ("f", "yellow"),
    "highway": ("=", "white"),
    "pond": ("~", "bold cyan"),
    "hole": ("O", "bold"),
    "building": ("#", "bold white on grey23"),
}


class _WabbitCells:
    """Draws Wabbit Wampage cells: characters over things over terrain."""

    def __init__(self, static: JsonDict, observation: JsonDict) -> None:
        self.terrain = static["terrain"]
        standing = {b["id"]: b["standing"] for b in observation["buildings"]}
        self.rubble = {
            (c["x"], c["y"])
            for b in static["buildings"]
            if not standing.get(b["id"], True)
            for c in b["cells"]
        }
        self.chars: dict[Cell, list[JsonDict]] = {}
        for char in observation["characters"]:
            self.chars.setdefault((char["x"], char["y"]), []).append(char)
        self.items = cells_of(observation["items"])
        self.carrots = cells_of(observation["loose_carrots"])
        self.planted = {(f["x"], f["y"]) for f in observation["fields"] if f["planted"]}
        self.ploughed = {(f["x"], f["y"]) for f in observation["fields"] if f["ploughed"]}
        self.holes = cells_of(observation["holes"])
        self.mailbox = (static["mailbox"]["x"], static["mailbox"]["y"])
        self.warrens = {(w["x"], w["y"]): w["warren"] for w in static["warrens"]}

    def glyph(self, cell: Cell) -> Glyph:
        """Return the glyph and style of a cell."""
        here = self.chars.get(cell, [])
        if here:
            if len(here) > 1:
                return "*", "bold"
            return str(here[0]["id"]), seat_style(here[0]["owner"])
        marks: list[tuple[set[Cell], Glyph]] = [
            (self.items, ("i", "bold cyan")),
            (self.carrots, ("o", "bold dark_orange")),
            (self.planted, ("v", "bold green")),
            (self.ploughed, ("+", "yellow")),
            (self.holes, ("O", "bold")),
            (self.rubble, ("_", "grey50")),
        ]
        for cells, glyph in marks:
            if cell in cells:
                return glyph
        if cell == self.mailbox:
            return "M", "bold white"
        if cell in self.warrens:
            return self.warrens[cell].upper(), "bold"
        x, y = cell
        return _WABBIT_TERRAIN.get(self.terrain[y][x], (".", "dim"))

    def __call__(self, x: int, y: int) -> Text:
        glyph, style = self.glyph((x, y))
        return Text.assemble(" ", (glyph, style), " ")


def wabbit_board(static: JsonDict, observation: JsonDict) -> Text:
    """Return the Wabbit Wampage board (14x10) of one observation."""
    return grid(static["width"], static["height"], _WabbitCells(static, observation), "^")


class WabbitView:
    """The terminal view of Wabbit Wampage (a ``tournaments.replay.views.TerminalView``)."""

    def board(self, static: JsonDict, observation: JsonDict) -> Text:
        """Return the board (14x10) of one observation."""
        return wabbit_board(static, observation)

    def legend(self) -> Sequence[tuple[str, str]]:
        """Return the board's legend rows."""
        return LEGEND

    def seat_facts(self, observation: JsonDict, seat: int) -> tuple[str, str, str]:
        """Return the seat's side (and warren), its style, its cards and stockpiled carrots."""
        row = observation["seats"][seat]
        side = row["side"] + (f" {row['warren'].upper()}" if row["warren"] else "")
        extra = f"cards {row['hand_size']} carrots {row['carrots_stockpiled']}"
        return side, seat_style(seat), extra

    def private_lines(self, observation: JsonDict) -> list[str]:
        """Return the viewing seat's hand."""
        if observation["viewer"] is None:
            return []
        hand = ", ".join(card["name"] for card in observation["hand"] or [])
        return [f"hand: {hand or 'empty'}"]


VIEW = WabbitView()
