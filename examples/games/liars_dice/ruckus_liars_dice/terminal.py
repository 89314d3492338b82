"""Liar's Dice in the terminal replay: each seat's cup, the bids and the last reveal.

``VIEW`` is the ``tournaments.replay.views.TerminalView`` the plugin names. Like every view it
draws only the observation it is given, so a replay seen by a seat shows that seat's dice and
``?`` for the others, and a spectator's shows no die until the reveal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from tournaments.replay.views import SEAT_STYLES, GenericView, JsonDict

LEGEND = (
    ("cups", "digits: dice the viewer may see  ?: a hidden die  out: no dice left"),
    ("reveal", "bold green: a die that counted toward the challenged bid (ones when wild)"),
)

STYLES = (*SEAT_STYLES, "bold dark_orange", "bold cyan")
"""Ruckus's four seat styles, and two more for seats 4 and 5 of a six-seat match."""


def seat_style(seat: int) -> str:
    """Return the Rich style of a seat (seats 0-3 as everywhere in Ruckus)."""
    return STYLES[seat % len(STYLES)]


def _counts(die: int, face: int, wild_ones: bool) -> bool:
    """Return whether a revealed die counted toward a bid on ``face``."""
    return die == face or (wild_ones and die == 1)


class LiarsDiceView(GenericView):
    """The terminal view of Liar's Dice (a ``TerminalView``; the generic one is its base)."""

    def board(self, static: JsonDict, observation: JsonDict) -> Text:
        """Return the round, one line per seat's cup, the standing bid and the last reveal."""
        ones = "ones wild" if observation["wild_ones"] else "ones not wild"
        text = Text(
            f"round {observation['round']}  {observation['dice_in_play']} dice in play  "
            f"{observation['faces']} faces, {ones}\n",
            style="bold",
        )
        for row in observation["seats"]:
            text.append_text(self._cup_line(observation, row))
        bid = observation["bid"]
        if bid is not None:
            text.append(f"bid: {bid['quantity']}x{bid['face']} by seat {bid['seat']}\n")
        reveal = observation["last_reveal"]
        if reveal is not None:
            text.append_text(self._reveal(reveal, observation["wild_ones"]))
        text.rstrip()
        return text

    def _cup_line(self, observation: JsonDict, row: JsonDict) -> Text:
        """Return one seat's cup as the viewer may see it (dice left once the game is over)."""
        seat = row["seat"]
        line = Text.assemble((f"seat {seat}", seat_style(seat)), "  ")
        if row["out"]:
            line.append("out", style="dim")
        elif observation["to_move"] is None:
            line.append(f"{row['dice_left']} dice left")
        elif seat == observation["viewer"]:
            line.append(" ".join(str(die) for die in observation["dice"]), style="bold")
        else:
            line.append(" ".join("?" * row["dice_left"]))
        if observation["to_move"] == seat:
            line.append("  <- to move")
        return line + "\n"

    def _reveal(self, reveal: JsonDict, wild_ones: bool) -> Text:
        """Return the last challenge and every cup it showed, counting dice in bold green."""
        text = Text(
            f"last reveal (round {reveal['round']}): seat {reveal['challenger']} called LIAR on "
            f"{reveal['quantity']}x{reveal['face']} by seat {reveal['bidder']}: "
            f"{reveal['count']} counted, seat {reveal['loser']} lost a die\n"
        )
        for seat, cup in enumerate(reveal["dice"]):
            if not cup:
                continue
            text.append(f"  seat {seat} ", style=seat_style(seat))
            for die in cup:
                counted = _counts(die, reveal["face"], wild_ones)
                text.append(f"{die} ", style="bold green" if counted else "")
            text.append("\n")
        return text

    def legend(self) -> Sequence[tuple[str, str]]:
        """Return the legend rows of the board."""
        return LEGEND

    def seat_facts(self, observation: JsonDict, seat: int) -> tuple[str, str, str]:
        """Return no side, the seat's style, and its dice left (or that it is out)."""
        row = observation["seats"][seat]
        count = row["dice_left"]
        extra = "out" if row["out"] else f"{count} {'die' if count == 1 else 'dice'}"
        return "", seat_style(seat), extra

    def private_lines(self, observation: JsonDict) -> list[str]:
        """Return the viewing seat's own dice (nothing for a spectator)."""
        dice: list[Any] | None = observation["dice"]
        if observation["viewer"] is None or dice is None:
            return []
        return [f"your dice: {' '.join(str(die) for die in dice) or 'none'}"]


VIEW = LiarsDiceView()
