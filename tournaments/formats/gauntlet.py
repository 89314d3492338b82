"""Gauntlet: one champion against the field.

Two players: the champion meets each other bot for ``games_per_pairing`` games. Three or four
players: the champion joins every ``(k-1)``-subset of the field. Seat orders come from
:func:`~tournaments.schedule.seats.seat_plans`, so every bot's seat counts differ by at most one.
Game ``g`` of every group plays in round ``g + 1``.

``[gauntlet] champion`` names the champion; a gauntlet needs one bot more than a match has
seats. With ``[sprt]``, the champion's test against each other bot stops that pairing early.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType
from typing import Any

from tournaments.formats.base import (
    FormatContext,
    FormatOptions,
    OptionField,
    Tournament,
    UpFrontFormat,
    options_of,
)
from tournaments.schedule.groups import group_matches
from tournaments.schedule.match import Match
from tournaments.schedule.seats import seat_plans
from tournaments.toml_fields import DefinitionError, str_field

PREFIX = "gauntlet"
"""Key prefix of gauntlet matches."""


@dataclass(frozen=True)
class GauntletOptions(FormatOptions):
    """``[gauntlet]``: the bot that meets the field."""

    champion: str


def gauntlet_matches(definition: Tournament) -> list[Match]:
    """Return the whole gauntlet schedule, ordered by round then key."""
    names = definition.bot_names
    champion = names.index(options_of(definition, GauntletOptions).champion)
    field = [index for index in range(len(names)) if index != champion]
    groups = [(champion, *others) for others in combinations(field, definition.players - 1)]
    games = definition.games_per_pairing
    plans = seat_plans(groups, games, len(names), definition.seat_rotation)
    rounds = [game + 1 for game in range(games)]
    matches = [
        match
        for group, orders in zip(groups, plans, strict=True)
        for match in group_matches(PREFIX, names, group, orders, definition.match_seed_root, rounds)
    ]
    return sorted(matches, key=lambda match: (match.round, match.key))


class Gauntlet(UpFrontFormat):
    """The gauntlet format (see the module docstring)."""

    name = "gauntlet"
    summary = "one champion plays the field: every other bot, or every group of them"
    fields = (OptionField("champion", "(required)", "the bot that meets the field"),)
    sprt_rule = "format = 'gauntlet'"
    hash_keys = MappingProxyType({"champion": "champion"})

    def bots_needed(self, players: int) -> int:
        """Return one bot more than the seats: the champion and a full field."""
        return players + 1

    def parse_options(self, table: dict[str, Any], context: FormatContext) -> GauntletOptions:
        """Return ``[gauntlet]``: ``champion`` must name a bot."""
        champion = str_field(table, "gauntlet.champion")
        if champion not in context.bot_names:
            raise DefinitionError("gauntlet.champion", f"{champion!r} is not a bot name")
        return GauntletOptions(champion)

    def schedule(self, definition: Tournament) -> list[Match]:
        """Return the whole gauntlet schedule."""
        return gauntlet_matches(definition)

    def tested_pairings(self, definition: Tournament) -> list[tuple[str, str]]:
        """Return the champion against every other bot."""
        champion = options_of(definition, GauntletOptions).champion
        return [(champion, name) for name in definition.bot_names if name != champion]


GAUNTLET = Gauntlet()
"""The gauntlet format."""
