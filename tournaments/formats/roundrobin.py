"""Round-robin: every pairing (2 players) or every group of ``k`` bots (3-4 players) meets.

Two players: the pairings and their rounds come from the circle method
(:func:`~tournaments.schedule.seats.circle_pairs`); game ``g`` of a pairing plays in round
``g * R + r`` where ``R`` is the number of circle rounds, so no bot plays twice in a round.
Games alternate seats and each two share a seed.

Three or four players: every ``k``-subset of the bots is a group (so every pair of bots meets
equally often), each playing ``games_per_pairing`` games in the seat orders of
:func:`~tournaments.schedule.seats.seat_plans`; game ``g`` of every group plays in round ``g + 1``.

A double round-robin doubles the games of every pairing or group: it is the same format with
two cycles, registered as ``double-round-robin``. With ``[sprt]``, a round-robin of two bots
tests the first against the second.
"""

from __future__ import annotations

from itertools import combinations

from tournaments.formats.base import Tournament, UpFrontFormat
from tournaments.schedule.groups import group_matches
from tournaments.schedule.match import Match
from tournaments.schedule.seats import circle_pairs, rotate, seat_plans

PREFIX = "rr"
"""Key prefix of round-robin matches."""


def round_robin_matches(definition: Tournament, cycles: int) -> list[Match]:
    """Return the whole round-robin schedule of ``cycles`` times ``games_per_pairing`` games
    a pairing or group, ordered by round then key."""
    names = definition.bot_names
    games = cycles * definition.games_per_pairing
    if definition.players == 2:
        pairs = circle_pairs(len(names))
        per_cycle = max(r for r, _, _ in pairs)
        matches = [
            match
            for r, first, second in pairs
            for match in group_matches(
                PREFIX,
                names,
                sorted((first, second)),
                [rotate((first, second), game) for game in range(games)],
                definition.match_seed_root,
                [game * per_cycle + r for game in range(games)],
            )
        ]
    else:
        groups = list(combinations(range(len(names)), definition.players))
        plans = seat_plans(groups, games, len(names), definition.seat_rotation)
        rounds = [game + 1 for game in range(games)]
        matches = [
            match
            for group, orders in zip(groups, plans, strict=True)
            for match in group_matches(
                PREFIX, names, group, orders, definition.match_seed_root, rounds
            )
        ]
    return sorted(matches, key=lambda match: (match.round, match.key))


class RoundRobin(UpFrontFormat):
    """Every pairing or group meets ``cycles`` times ``games_per_pairing`` games."""

    sprt_rule = "a round-robin of two bots"

    def __init__(self, name: str, cycles: int, summary: str) -> None:
        self.name = name
        self.cycles = cycles
        self.summary = summary

    def schedule(self, definition: Tournament) -> list[Match]:
        """Return the whole round-robin schedule."""
        return round_robin_matches(definition, self.cycles)

    def tested_pairings(self, definition: Tournament) -> list[tuple[str, str]]:
        """Return the first bot against the second in a round-robin of two bots."""
        names = definition.bot_names
        return [(names[0], names[1])] if len(names) == 2 else []


ROUND_ROBIN = RoundRobin(
    "round-robin", 1, "every pairing (or group of `players` bots) plays games_per_pairing games"
)
"""The round-robin format."""
DOUBLE_ROUND_ROBIN = RoundRobin(
    "double-round-robin", 2, "a round-robin whose pairings (or groups) play twice as many games"
)
"""The double round-robin: the round-robin's schedule with its games doubled."""
