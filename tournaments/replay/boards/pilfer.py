"""The Pilfer board in a terminal: terrain, models and token in each three-character cell."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from referee.games.pilfer.render import TOKEN_CHARS
from tournaments.replay.boards.grid import Cell, Glyph, JsonDict, cells_of, grid

PILFER_COLOR_STYLES = {
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
}
LEGEND = (
    ("terrain", ". ground  # building  ^ tree  = lane  R G B Y start"),
    ("models", "0-3 critters of that seat  @ townsfolk  + several"),
    ("tokens", "? face down  1 2 3 food  s sparkly  c cat  d dog  t trap  a alarm  u dumpster"),
    ("", "lower case: face up; upper case: sniffed by the viewer"),
)


class _PilferCells:
    """Draws Pilfer cells: terrain, models and token characters."""

    def __init__(self, static: JsonDict, observation: JsonDict) -> None:
        self.starts = {(s["x"], s["y"]): s["color"] for s in static["seats"]}
        self.buildings = {(c["x"], c["y"]) for b in static["buildings"] for c in b["cells"]}
        self.trees = cells_of(static["trees"])
        self.lanes = {(c["x"], c["y"]) for lane in static["lanes"] for c in lane["cells"]}
        self.seat_colors = {s["seat"]: s["color"] for s in observation["seats"]}
        self.models: dict[Cell, list[Glyph]] = {}
        for critter in observation["critters"]:
            color = self.seat_colors[critter["owner"]]
            glyph = (str(critter["owner"]), PILFER_COLOR_STYLES.get(color, "bold"))
            self.models.setdefault((critter["x"], critter["y"]), []).append(glyph)
        for folk in observation["townsfolk"]:
            if not folk["driven_out"]:
                style = PILFER_COLOR_STYLES.get(folk["color"], "bold")
                self.models.setdefault((folk["x"], folk["y"]), []).append(("@", style))
        self.tokens: dict[Cell, JsonDict] = {}
        for token in observation["tokens"]:
            self.tokens.setdefault((token["x"], token["y"]), token)

    def terrain(self, cell: Cell) -> Glyph:
        """Return the terrain character of a cell."""
        if cell in self.starts:
            color = self.starts[cell]
            return color[0].upper(), PILFER_COLOR_STYLES.get(color, "bold")
        if cell in self.buildings:
            return "#", "white on grey23"
        if cell in self.trees:
            return "^", "green"
        if cell in self.lanes:
            return "=", "white"
        return ".", "dim"

    def model(self, cell: Cell) -> Glyph:
        """Return the models character of a cell."""
        marks = self.models.get(cell, [])
        if not marks:
            return " ", ""
        if len({mark for mark, _ in marks}) > 1:
            return "+", "bold"
        return marks[0]

    def token(self, cell: Cell) -> Glyph:
        """Return the token character of a cell (its first token)."""
        token = self.tokens.get(cell)
        if token is None:
            return " ", ""
        if token["kind"] is None:
            return "?", "dim yellow"
        char = TOKEN_CHARS.get(token["kind"], "*")
        if token["sniffed"]:
            return char.upper(), "bold yellow"
        return char, "yellow"

    def __call__(self, x: int, y: int) -> Text:
        cell = (x, y)
        return Text.assemble(self.terrain(cell), self.model(cell), self.token(cell))


def pilfer_board(static: JsonDict, observation: JsonDict) -> Text:
    """Return the Pilfer board (12x12) of one observation."""
    return grid(static["width"], static["height"], _PilferCells(static, observation), "<")


class PilferView:
    """The terminal view of Pilfer (a ``tournaments.replay.views.TerminalView``)."""

    def board(self, static: JsonDict, observation: JsonDict) -> Text:
        """Return the board (12x12) of one observation."""
        return pilfer_board(static, observation)

    def legend(self) -> Sequence[tuple[str, str]]:
        """Return the board's legend rows."""
        return LEGEND

    def seat_facts(self, observation: JsonDict, seat: int) -> tuple[str, str, str]:
        """Return the seat's colour, its style and its gross and spent points."""
        row = observation["seats"][seat]
        color = str(row["color"])
        extra = f"gross {row['gross']} spent {row['spent']}"
        return color, PILFER_COLOR_STYLES.get(color, "bold"), extra

    def private_lines(self, observation: JsonDict) -> list[str]:
        """Return the tokens the viewing seat has sniffed."""
        if observation["viewer"] is None:
            return []
        tokens = observation["tokens"]
        known = [f"{t['kind']} at {t['x']},{t['y']}" for t in tokens if t["sniffed"]]
        return [f"sniffed tokens: {', '.join(known) or 'none'}"]


VIEW = PilferView()
