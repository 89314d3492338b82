"""The arena as a format (``format = "arena"`` in the definition ``arena run`` builds): a league
that never ends, whose every match its matchmaker picks from the store
(:mod:`tournaments.arena.schedule`).

Registered in ``ruckus.formats`` like any format, so everything that asks a run's format (its
progress, standings, views: the web pages among them) reads an arena as it reads a tournament.
A tournament definition cannot name it: only ``ruckus arena run`` plays an arena.
"""

from __future__ import annotations

from typing import Any

from tournaments.arena.config import ARENA_FORMAT
from tournaments.formats import Format, FormatContext, FormatOptions, KnownTotal, Tournament
from tournaments.schedule.match import Finished, Match
from tournaments.toml_fields import DefinitionError


class ArenaFormat(Format):
    """A league without end: its total is always what is done, and more may come."""

    name = ARENA_FORMAT
    summary = "an arena's league (`ruckus arena`), never a tournament's format"

    def parse_options(self, table: dict[str, Any], context: FormatContext) -> FormatOptions:
        """Refuse the format in a tournament definition: an arena is played by ``arena run``."""
        raise DefinitionError(
            "format", "an arena is played by `ruckus arena run` (docs/arena.md), not a tournament"
        )

    def next_matches(self, definition: Tournament, finished: Finished) -> list[Match]:
        """Return nothing: the arena's matchmaker, not the format, picks every match."""
        return []

    def known_total(self, definition: Tournament, finished: Finished) -> KnownTotal:
        """Return the matches played so far, with more to come."""
        return KnownTotal(len(finished), True)


ARENA = ArenaFormat()
"""The format's plugin object (entry point ``arena`` of ``ruckus.formats``)."""
