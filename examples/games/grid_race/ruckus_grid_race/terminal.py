"""Grid Race in the terminal replay: the grid with every snake and the food.

``VIEW`` is the ``tournaments.replay.views.TerminalView`` the plugin names.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from tournaments.replay.views import SEAT_STYLES, GenericView, JsonDict

LEGEND = (
    ("snakes", "0-3: a seat's head  a-d: its body  *: food  .: empty"),
    ("turns", "every snake still in moves at once; a frame is one turn"),
)


class GridRaceView(GenericView):
    """The terminal view of Grid Race (a ``TerminalView``; the generic one is its base)."""

    def board(self, static: JsonDict, observation: JsonDict) -> Text:
        """Return the turn, the last moves and the grid, each snake in its seat's style."""
        width, height = static["width"], static["height"]
        cells: dict[tuple[int, int], tuple[str, str]] = {}
        for x, y in observation["food"]:
            cells[(x, y)] = ("*", "bold green")
        for seat, snake in enumerate(observation["snakes"]):
            style = SEAT_STYLES[seat % len(SEAT_STYLES)]
            for index, (x, y) in reversed(list(enumerate(snake["body"]))):
                cells[(x, y)] = ("0123"[seat] if index == 0 else "abcd"[seat], style)
        moves = " ".join(
            f"{seat}:{move or '-'}" for seat, move in enumerate(observation["last_moves"])
        )
        text = Text(f"turn {observation['turn']}/{observation['max_turns']}  moves {moves}\n")
        for y in range(height):
            for x in range(width):
                glyph, style = cells.get((x, y), (".", "dim"))
                text.append(glyph, style=style)
            text.append("\n")
        text.rstrip()
        return text

    def legend(self) -> Sequence[tuple[str, str]]:
        """Return the legend rows of the board."""
        return LEGEND

    def seat_facts(self, observation: JsonDict, seat: int) -> tuple[str, str, str]:
        """Return no side, the seat's style, and its length (or the turn it went out)."""
        snake = observation["snakes"][seat]
        extra = f"length {snake['length']}"
        if not snake["in"]:
            extra += f", out on turn {snake['out_turn']}"
        return "", SEAT_STYLES[seat % len(SEAT_STYLES)], extra

    def private_lines(self, observation: JsonDict) -> list[str]:
        """Return nothing: no seat knows anything the others do not."""
        return []


VIEW = GridRaceView()
