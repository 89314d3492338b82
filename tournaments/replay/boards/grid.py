"""What the built-in games' terminal boards share: a grid of three-character cells with rulers.

Colors carry the seat and terrain; the glyphs alone still read correctly without color (the
golden tests render with no color at all).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text

JsonDict = dict[str, Any]
Cell = tuple[int, int]
Glyph = tuple[str, str]


def cells_of(items: list[JsonDict]) -> set[Cell]:
    """Return the ``(x, y)`` cells of a list of ``{"x", "y"}`` dicts."""
    return {(item["x"], item["y"]) for item in items}


def grid(width: int, height: int, cell: Callable[[int, int], Text], align: str) -> Text:
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


def legend_text(rows: Sequence[tuple[str, str]]) -> Text:
    """Return (title, text) legend rows as one Rich text."""
    text = Text()
    for title, body in rows:
        text.append(f"{title:>10}  ", style="bold")
        text.append(body + "\n")
    text.rstrip()
    return text
