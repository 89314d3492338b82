"""The king-of-the-hill format as Ruckus sees it: its table, its checks, its schedule and what
the views show of it."""

from __future__ import annotations

from typing import Any

from tournaments.formats import (
    Format,
    FormatContext,
    FormatView,
    KnownTotal,
    OptionField,
    Tournament,
)
from tournaments.schedule.match import Finished, Match
from tournaments.toml_fields import DefinitionError, optional_str

from ruckus_king_of_the_hill.hill import Challenge, HillOptions, challenges, hill_matches

NAME = "king-of-the-hill"
"""The format's name: ``format = "king-of-the-hill"``, and its table ``[king-of-the-hill]``."""


class KingOfTheHill(Format):
    """One bot holds the hill; the others challenge the holder in turn (see the ``hill``
    module)."""

    name = NAME
    summary = "the others challenge the holder in turn; the winner of a series holds the hill"
    fields = (OptionField("holder", "the first bot", "the bot that holds the hill at the start"),)
    players = 2

    def parse_options(self, table: dict[str, Any], context: FormatContext) -> HillOptions:
        """Return ``[king-of-the-hill]``: ``holder`` must name a bot."""
        holder = optional_str(table, f"{NAME}.holder") or context.bot_names[0]
        if holder not in context.bot_names:
            raise DefinitionError(f"{NAME}.holder", f"{holder!r} is not a bot name")
        return HillOptions(holder)

    def next_matches(self, definition: Tournament, finished: Finished) -> list[Match]:
        """Return the unfinished games of the challenge being played."""
        return hill_matches(definition, finished)

    def known_total(self, definition: Tournament, finished: Finished) -> KnownTotal:
        """Return a challenge per bot but the first holder, each of ``games_per_pairing``."""
        return KnownTotal((len(definition.bots) - 1) * definition.games_per_pairing, False)

    def view(self, definition: Tournament, finished: Finished) -> FormatView:
        """Return a line per challenge played or being played, then who holds the hill."""
        played = challenges(definition, finished)
        lines = [_line(challenge) for challenge in played]
        holder = played[-1].winner if played else None
        if holder is not None and len(played) == len(definition.bots) - 1:
            lines.append(f"king of the hill: {holder}")
        return FormatView(lines=tuple(lines))


def _line(challenge: Challenge) -> str:
    """Return a challenge as a line: ``challenge 2: bravo 1.5-0.5 charlie -> bravo holds``."""
    score = f"{challenge.holder_points:g}-{challenge.challenger_points:g}"
    line = f"challenge {challenge.number}: {challenge.holder} {score} {challenge.challenger}"
    return line + (f" -> {challenge.winner} holds" if challenge.winner else " (playing)")


FORMAT = KingOfTheHill()
"""The format the ``ruckus.formats`` entry point names."""
