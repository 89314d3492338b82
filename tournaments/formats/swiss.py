"""Swiss: a fixed number of rounds, each pairing bots of similar score, no repeats if avoidable.

Before each round the bots are ranked by score (win 1, draw 0.5, bye 1; definition order breaks
ties). Pairing is Dutch-style: score groups from the top, an odd group floats its lowest bot down,
and the top half of a group meets the bottom half in order. A backtracking search keeps that
order as the preference and finds a pairing under the strictest rule below that allows one, so
a repeated pairing happens only when none can be avoided.

With an odd number of bots, the bye goes to the lowest-ranked bot without a bye whose removal
leaves a pairing that meets the strictest rule possible. A bye scores 1.

Seats: the bot that has sat first less often so far sits first in game 0 of the pairing; on a tie
the higher-ranked bot in odd rounds and the lower-ranked in even ones. Games alternate seats and
each two share a seed, so with an even ``games_per_pairing`` every bot sits first exactly as often
as second. With an odd one, the strictest rule also refuses to pair two bots that have both sat
first (or both second) two games more than the other seat, which keeps every bot's difference
within 2 whenever a repeat-free pairing allows it. A round is released only when the previous
one is complete.

The rules, strictest first: (1) no repeated pairing and seat-safe, (2) no repeated pairing,
(3) anything. Each round uses the first rule under which some bye and pairing exist.

``[swiss] rounds`` is the number of rounds (default: enough to tell the bots apart, the bits
of ``bots - 1``); a Swiss needs ``players = 2``. Standings break ties by Buchholz, then
Sonneborn-Berger, and count a bye as a win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from tournaments.formats.base import (
    Format,
    FormatContext,
    FormatOptions,
    FormatView,
    KnownTotal,
    OptionField,
    Tournament,
    options_of,
)
from tournaments.schedule.match import Finished, Match, group_label, points_2p
from tournaments.schedule.seats import rotate
from tournaments.schedule.seeds import derive_seed
from tournaments.toml_fields import int_field

PREFIX = "swiss"
"""Key prefix of Swiss matches."""


@dataclass(frozen=True)
class SwissOptions(FormatOptions):
    """``[swiss]``: how many rounds are played."""

    rounds: int


@dataclass
class _Table:
    """Running Swiss state: half-point scores, who met whom, byes and seat balance."""

    scores: dict[str, int]
    met: set[frozenset[str]] = field(default_factory=set)
    byes: dict[str, int] = field(default_factory=dict)
    first_minus_second: dict[str, int] = field(default_factory=dict)


def swiss_matches(definition: Tournament, finished: Finished) -> list[Match]:
    """Return the unfinished games of the current round; empty after the last round."""
    return _walk(definition, finished)[0]


def swiss_byes(definition: Tournament, finished: Finished) -> dict[str, int]:
    """Return how many byes each bot has had in the rounds released so far."""
    return _walk(definition, finished)[1].byes


def _walk(definition: Tournament, finished: Finished) -> tuple[list[Match], _Table]:
    """Replay the rounds from the results; stop at the first round that is not complete."""
    names = definition.bot_names
    table = _Table(scores=dict.fromkeys(names, 0))
    for round_number in range(1, options_of(definition, SwissOptions).rounds + 1):
        order = sorted(names, key=lambda name: (-table.scores[name], names.index(name)))
        bye, pairs = _pair_round(order, table)
        if bye is not None:
            table.byes[bye] = table.byes.get(bye, 0) + 1
        matches = [
            match
            for pair in pairs
            for match in _pair_matches(definition, round_number, _orient(pair, table, round_number))
        ]
        pending = [match for match in matches if match.key not in finished]
        if pending:
            return pending, table
        _score_round(table, matches, finished, bye)
    return [], table


def _pair_round(order: list[str], table: _Table) -> tuple[str | None, list[tuple[str, str]]]:
    """Return the bye (for an odd count) and the pairs of one round, by the strictest rule."""
    byes: list[str | None] = [None]
    if len(order) % 2:
        byes = [name for name in reversed(order) if table.byes.get(name, 0) == 0]
    for rule in _rules(table):
        for bye in byes:
            pairs = _search([name for name in order if name != bye], table, rule)
            if pairs is not None:
                return bye, pairs
    raise AssertionError("the last rule allows every pairing")


def _rules(table: _Table) -> list[Callable[[str, str], bool]]:
    """Pairing rules from strictest to loosest: new and seat-safe, new, anything."""

    def new(a: str, b: str) -> bool:
        return frozenset((a, b)) not in table.met

    def seat_safe(a: str, b: str) -> bool:
        balance = (table.first_minus_second.get(a, 0), table.first_minus_second.get(b, 0))
        return not (min(balance) >= 2 or max(balance) <= -2)

    return [lambda a, b: new(a, b) and seat_safe(a, b), new, lambda a, b: True]


def _dutch_partners(order: list[str], scores: dict[str, int]) -> dict[str, str]:
    """Return the Dutch pairing ignoring repeats: top half against bottom half per score group."""
    partners: dict[str, str] = {}
    carry: list[str] = []
    for score in sorted({scores[name] for name in order}, reverse=True):
        members = carry + [name for name in order if scores[name] == score]
        carry = [members.pop()] if len(members) % 2 else []
        half = len(members) // 2
        for top, bottom in zip(members[:half], members[half:], strict=True):
            partners[top], partners[bottom] = bottom, top
    return partners


def _search(
    order: list[str], table: _Table, allowed: Callable[[str, str], bool]
) -> list[tuple[str, str]] | None:
    """Backtrack over pairings in Dutch preference order; None if ``allowed`` rules all out."""
    ideal = _dutch_partners(order, table.scores)
    position = {name: index for index, name in enumerate(order)}
    failed: set[frozenset[str]] = set()

    def preference(player: str, other: str) -> tuple[bool, int, int, int]:
        return (
            other != ideal[player],
            abs(table.scores[player] - table.scores[other]),
            abs(position[other] - position[ideal[player]]),
            position[other],
        )

    def solve(remaining: Sequence[str]) -> list[tuple[str, str]] | None:
        if not remaining:
            return []
        if frozenset(remaining) in failed:
            return None
        player = remaining[0]
        for other in sorted(remaining[1:], key=lambda other: preference(player, other)):
            if allowed(player, other):
                rest = solve([name for name in remaining if name not in (player, other)])
                if rest is not None:
                    return [(player, other), *rest]
        failed.add(frozenset(remaining))
        return None

    return solve(order)


def _orient(pair: tuple[str, str], table: _Table, round_number: int) -> tuple[str, str]:
    """Put first the bot that has sat first less often; ties alternate by round."""
    higher, lower = pair
    balance_high = table.first_minus_second.get(higher, 0)
    balance_low = table.first_minus_second.get(lower, 0)
    if balance_high != balance_low:
        return pair if balance_high < balance_low else (lower, higher)
    return pair if round_number % 2 else (lower, higher)


def _pair_matches(definition: Tournament, round_number: int, pair: tuple[str, str]) -> list[Match]:
    label = group_label(pair)
    return [
        Match(
            key=f"{PREFIX}/r{round_number}/{label}/g{game}",
            round=round_number,
            seats=rotate(pair, game),
            seed=derive_seed(definition.match_seed_root, PREFIX, round_number, label, game // 2),
            game=game,
        )
        for game in range(definition.games_per_pairing)
    ]


def _score_round(table: _Table, matches: list[Match], finished: Finished, bye: str | None) -> None:
    """Add a complete round's results, meetings, seat balance and bye to the table."""
    for match in matches:
        points = points_2p(finished[match.key])
        first, second = match.seats
        table.scores[first] += round(2 * points[0])
        table.scores[second] += round(2 * points[1])
        table.met.add(frozenset(match.seats))
        table.first_minus_second[first] = table.first_minus_second.get(first, 0) + 1
        table.first_minus_second[second] = table.first_minus_second.get(second, 0) - 1
    if bye is not None:
        table.scores[bye] += 2


class Swiss(Format):
    """The Swiss format (see the module docstring)."""

    name = "swiss"
    summary = "rounds of bots paired by score, no repeat pairing while avoidable"
    fields = (OptionField("rounds", "ceil(log2(bots))", "rounds to play, 1 to bots - 1"),)
    players = 2
    tiebreaks = True
    hash_keys = MappingProxyType({"rounds": "swiss_rounds"})

    def parse_options(self, table: dict[str, Any], context: FormatContext) -> SwissOptions:
        """Return ``[swiss]``: ``rounds`` from 1 to one fewer than the bots."""
        bots = len(context.bots)
        default = max(1, (bots - 1).bit_length())
        return SwissOptions(int_field(table, "swiss.rounds", default, 1, bots - 1))

    def next_matches(self, definition: Tournament, finished: Finished) -> list[Match]:
        """Return the unfinished games of the current round."""
        return swiss_matches(definition, finished)

    def known_total(self, definition: Tournament, finished: Finished) -> KnownTotal:
        """Return every round's pairings times ``games_per_pairing``: the count is fixed."""
        pairs = len(definition.bots) // 2
        rounds = options_of(definition, SwissOptions).rounds
        return KnownTotal(rounds * pairs * definition.games_per_pairing, False)

    def byes(self, definition: Tournament, finished: Finished) -> dict[str, int]:
        """Return the byes of the rounds released so far."""
        return swiss_byes(definition, finished)

    def view(self, definition: Tournament, finished: Finished) -> FormatView:
        """Return the round being played, while one is."""
        pending = swiss_matches(definition, finished)
        if not pending:
            return FormatView()
        rounds = options_of(definition, SwissOptions).rounds
        return FormatView(lines=(f"Swiss round {pending[0].round} of {rounds}",))


SWISS = Swiss()
"""The Swiss format."""
