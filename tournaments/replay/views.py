"""How the terminal replay draws one game: the ``TerminalView`` a game plugin names.

A view turns one frame's static map and observation into Rich renderables. A game whose plugin
names no view gets :class:`GenericView`: the observation as ``key: value`` lines, which needs
nothing from the game but JSON. A third-party view may subclass ``GenericView`` and override
only what it draws differently.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Protocol

from rich.text import Text

from referee.games.registry import get_plugin, load_reference

JsonDict = dict[str, Any]
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta")


def seat_style(seat: int) -> str:
    """Return the Rich style of a seat, for games whose seats have no colour of their own."""
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


class TerminalView(Protocol):
    """What the terminal replay asks of a game."""

    def board(self, static: JsonDict, observation: JsonDict) -> Text:
        """Return the board of one observation."""
        ...

    def legend(self) -> Sequence[tuple[str, str]]:
        """Return (title, text) rows explaining the board's glyphs."""
        ...

    def seat_facts(self, observation: JsonDict, seat: int) -> tuple[str, str, str]:
        """Return (side or colour, Rich style, extra facts) of one seat's row."""
        ...

    def private_lines(self, observation: JsonDict) -> list[str]:
        """Return what only the viewing seat knows (empty for a spectator)."""
        ...


def _short(value: Any) -> str:
    """Return a JSON value as compact text."""
    if isinstance(value, list):
        return "[" + ", ".join(_short(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} {_short(item)}" for key, item in value.items()) + "}"
    if value is None:
        return "-"
    return str(value).lower() if isinstance(value, bool) else str(value)


class GenericView:
    """Draws any game: the observation's keys and values, one per line."""

    def board(self, static: JsonDict, observation: JsonDict) -> Text:
        """Return the observation as ``key: value`` lines."""
        text = Text()
        for key, value in observation.items():
            text.append(f"{key}: ", style="bold")
            text.append(_short(value) + "\n")
        text.rstrip()
        return text

    def legend(self) -> Sequence[tuple[str, str]]:
        """Return no legend: the board names its own fields."""
        return ()

    def seat_facts(self, observation: JsonDict, seat: int) -> tuple[str, str, str]:
        """Return no side and no facts, in the seat's style."""
        return "", seat_style(seat), ""

    def private_lines(self, observation: JsonDict) -> list[str]:
        """Return nothing: the generic board already shows all the viewer was told."""
        return []


@functools.cache
def view_for(game: str) -> TerminalView:
    """Return the terminal view of ``game`` (the generic one if its plugin names none)."""
    reference = get_plugin(game).terminal
    if not reference:
        return GenericView()
    view: TerminalView = load_reference(reference)
    return view
