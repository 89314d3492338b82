"""Gauntlet: one champion against the field.

Two players: the champion meets each other bot for ``games_per_pairing`` games. Three or four
players: the champion joins every ``(k-1)``-subset of the field. Seat orders come from
:func:`~tournaments.schedule.seats.seat_plans`, so every bot's seat counts differ by at most one.
Game ``g`` of every group plays in round ``g + 1``.
"""

from __future__ import annotations

from itertools import combinations

from tournaments.definition import TournamentDefinition
from tournaments.schedule.groups import group_matches
from tournaments.schedule.match import Match
from tournaments.schedule.seats import seat_plans

PREFIX = "gauntlet"
"""Key prefix of gauntlet matches."""


def gauntlet_matches(definition: TournamentDefinition) -> list[Match]:
    """Return the whole gauntlet schedule, ordered by round then key."""
    names = definition.bot_names
    champion = names.index(str(definition.champion))
    field = [index for index in range(len(names)) if index != champion]
    groups = [(champion, *others) for others in combinations(field, definition.players - 1)]
    games = definition.games_per_pairing
    plans = seat_plans(groups, games, len(names))
    rounds = [game + 1 for game in range(games)]
    matches = [
        match
        for group, orders in zip(groups, plans, strict=True)
        for match in group_matches(PREFIX, names, group, orders, definition.match_seed_root, rounds)
    ]
    return sorted(matches, key=lambda match: (match.round, match.key))
