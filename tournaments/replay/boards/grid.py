"""Rich boards of both games, drawn from the static map and one frame's observation.

Each cell is three characters wide. Pilfer: terrain, models, token (as in the engine's text
board). Wabbit Wampage: one centred glyph. Colors carry the seat and terrain; the glyphs alone
still read correctly without color (the golden tests render with no color at all).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

JsonDict = dict[str, Any]
Cell = tuple[int, int]
Glyph = tuple[str, str]

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta")
PILFER_COLOR_STYLES = {
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
}
PILFER_TOKEN_CHARS = {
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
PILFER_LEGEND = (
    ("terrain", ". ground  # building  ^ tree  = lane  R G B Y start"),
    ("models", "0-3 critters of that seat  @ townsfolk  + several"),
    ("tokens", "? face down  1 2 3 food  s sparkly  c cat  d dog  t trap  a alarm  u dumpster"),
    ("", "lower case: face up; upper case: sniffed by the viewer"),
)
WABBIT_LEGEND = (
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


def seat_style(seat: int) -> str:
    """Return the Rich style of a Wabbit Wampage seat (Pilfer seats use their own colors)."""
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def _cells(items: list[JsonDict]) -> set[Cell]:
    """Return the ``(x, y)`` cells of a list of ``{"x", "y"}`` dicts."""
    return {(item["x"], item["y"]) for item in items}


def _grid(width: int, height: int, cell: Callable[[int, int], Text], align: str) -> Text:
    """Return a grid of three-character cells with x and y rulers; ``cell`` draws one cell.

    ``align`` places the x ruler's numbers in their three columns (``<`` or ``^``).
    """
    ruler = "".join(f"{x:{align}3}" for x in range(width)).rstrip()
    text = Text(f"    {ruler}\n", style="dim")
    for y in range(height):
        text.append(f"{y:>2}  ", style="dim")
        for x in range(width):
            text.append_text(cell(x, y))
        text.append("\n")
    text.rstrip()
    return text


class _PilferCells:
    """Draws Pilfer cells: terrain, models and token characters."""

    def __init__(self, static: JsonDict, observation: JsonDict) -> None:
        self.starts = {(s["x"], s["y"]): s["color"] for s in static["seats"]}
        self.buildings = {(c["x"], c["y"]) for b in static["buildings"] for c in b["cells"]}
        self.trees = _cells(static["trees"])
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
        char = PILFER_TOKEN_CHARS.get(token["kind"], "*")
        if token["sniffed"]:
            return char.upper(), "bold yellow"
        return char, "yellow"

    def __call__(self, x: int, y: int) -> Text:
        cell = (x, y)
        return Text.assemble(self.terrain(cell), self.model(cell), self.token(cell))


def pilfer_board(static: JsonDict, observation: JsonDict) -> Text:
    """Return the Pilfer board (12x12) of one observation."""
    return _grid(static["width"], static["height"], _PilferCells(static, observation), "<")


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
        self.items = _cells(observation["items"])
        self.carrots = _cells(observation["loose_carrots"])
        self.planted = {(f["x"], f["y"]) for f in observation["fields"] if f["planted"]}
        self.ploughed = {(f["x"], f["y"]) for f in observation["fields"] if f["ploughed"]}
        self.holes = _cells(observation["holes"])
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
    return _grid(static["width"], static["height"], _WabbitCells(static, observation), "^")


def board(game: str, static: JsonDict, observation: JsonDict) -> Text:
    """Return the board of ``game`` for one observation."""
    draw = pilfer_board if game == "pilfer" else wabbit_board
    return draw(static, observation)


def legend(game: str) -> Text:
    """Return the legend of ``game``'s board."""
    rows = PILFER_LEGEND if game == "pilfer" else WABBIT_LEGEND
    text = Text()
    for title, body in rows:
        text.append(f"{title:>10}  ", style="bold")
        text.append(body + "\n")
    text.rstrip()
    return text
