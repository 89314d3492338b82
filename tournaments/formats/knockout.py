"""Knockout bracket: seeded, best-of-N series, byes to the top seeds.

Seeding: definition order, or descending ``rating`` (definition order breaks ties). The bracket
has ``P`` slots, the next power of two; seed ``s`` meets seed ``P + 1 - s`` in the first round in
the standard order (1 and 2 can meet only in the final), and the seeds above the bot count are
byes, so the top ``P - n`` seeds advance without playing.

A series between the higher seed ``hi`` and the lower seed ``lo`` plays games ``0, 1, ...`` in
segments. Within a segment ``hi`` sits first in the even games, and the games ``2c`` and
``2c + 1`` of a segment share a seed. With ``d`` the difference in wins (draws count for
neither) and ``rem`` the games left in the current segment:

* Regulation is one segment of ``N = games_per_pairing`` games; then come tiebreak segments of
  two games each, up to ``tiebreak_games`` extra games.
* The series is decided as soon as ``|d| > rem``: the leader wins. A segment that ends with
  ``d = 0`` leads to the next tiebreak segment; if none is left, the higher seed advances.
* While undecided, the next ``min(rem, (rem - |d|) // 2 + 1)`` games of the segment are released:
  the fewest after which the series could be decided, so no game is ever played that cannot
  matter, and the released count only grows as results arrive (a resume replays nothing).

A later series starts as soon as both its feeder series are decided.

``[knockout]`` sets ``seeding`` and ``tiebreak_games``; a knockout needs ``players = 2``.

Its known total (what progress counts) grows as results arrive, since a series stops as soon
as it is decided and a tied one goes on to tiebreak pairs. It is a lower bound of the final
count, which never decreases and reaches it when the final is decided:

* a bye plays nothing, and a decided series counts the games it played;
* a series being played counts its games so far and the fewest that could decide it in the
  segment it is in: ``min(rem, (rem - |d|) // 2 + 1)`` (the games knockout has released);
* a series whose bots are not known yet counts the fewest games that decide a regulation
  of ``N`` games from the start: ``N // 2 + 1`` (``N`` itself for ``N`` of 1 or 2).

``more`` says the final count may be larger: some series could still play more than it
counts (a regulation of 3 or more games that is not over in the fewest, or tiebreak pairs
after a tie). When ``more`` is false the known total is the final count.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from tournaments.formats.base import (
    Format,
    FormatContext,
    FormatOptions,
    FormatView,
    KnownTotal,
    OptionField,
    Series,
    Tournament,
    options_of,
)
from tournaments.schedule.match import Finished, Match, points_2p
from tournaments.schedule.seeds import derive_seed
from tournaments.toml_fields import DefinitionError, choice, int_field

PREFIX = "ko"
"""Key prefix of knockout matches."""
SEEDINGS = ("order", "rating")
"""How a bracket is seeded: definition order, or descending ``rating``."""


@dataclass(frozen=True)
class KnockoutOptions(FormatOptions):
    """``[knockout]``: how the bracket is seeded and the tiebreak games after a tied series."""

    seeding: str = "order"
    tiebreak_games: int = 4


def seeded_bots(definition: Tournament) -> list[str]:
    """Return the bot names in seed order (seed 1 first)."""
    if options_of(definition, KnockoutOptions).seeding == "rating":
        order = sorted(
            enumerate(definition.bots), key=lambda item: (-(item[1].rating or 0.0), item[0])
        )
        return [bot.name for _, bot in order]
    return list(definition.bot_names)


def bracket_order(size: int) -> list[int]:
    """Return the 1-based seeds in slot order for a bracket of ``size`` (a power of two)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def bracket(definition: Tournament, finished: Finished) -> list[Series]:
    """Return every series known so far, round by round, with its progress and winner."""
    seeds = seeded_bots(definition)
    size = 1 << (len(seeds) - 1).bit_length()
    entrants: list[str | None] = [
        seeds[seed - 1] if seed <= len(seeds) else None for seed in bracket_order(size)
    ]
    rank = {name: index for index, name in enumerate(seeds)}
    series: list[Series] = []
    round_number = 1
    while len(entrants) > 1:
        winners: list[str | None] = []
        for slot in range(len(entrants) // 2):
            pair = sorted(
                (bot for bot in entrants[2 * slot : 2 * slot + 2] if bot is not None),
                key=rank.__getitem__,
            )
            state = _series(definition, finished, round_number, slot, pair)
            series.append(state)
            winners.append(state.winner)
        entrants = winners
        round_number += 1
    return series


def knockout_matches(definition: Tournament, finished: Finished) -> list[Match]:
    """Return the unfinished games that can be played now; empty once the final is decided."""
    matches = []
    for state in bracket(definition, finished):
        if state.winner is None and state.high is not None and state.low is not None:
            matches.extend(_released(definition, finished, state))
    return sorted(matches, key=lambda match: (match.round, match.key))


@dataclass(frozen=True)
class _Progress:
    """Wins so far, the decision (None while open) and the current segment's games."""

    high_wins: int
    low_wins: int
    played: int
    decision: int | None
    segment: range


def _series(
    definition: Tournament,
    finished: Finished,
    round_number: int,
    slot: int,
    pair: list[str],
) -> Series:
    """Evaluate one slot from its known participants (two, one after a bye, or none yet)."""
    if len(pair) < 2:
        # Only round 1 has missing entrants that are byes; later they are undecided feeders.
        bye_winner = pair[0] if pair and round_number == 1 else None
        return Series(round_number, slot, pair[0] if pair else None, None, 0, 0, 0, bye_winner)
    high, low = pair
    progress = _progress(definition, finished, _key_base(round_number, slot))
    winner = None
    if progress.decision is not None:
        winner = high if progress.decision >= 0 else low
    wins = (progress.high_wins, progress.low_wins)
    return Series(round_number, slot, high, low, *wins, progress.played, winner)


def _key_base(round_number: int, slot: int) -> str:
    return f"{PREFIX}/r{round_number}/s{slot}"


def _segments(definition: Tournament) -> list[range]:
    """Return regulation then the tiebreak pairs, as ranges of game numbers."""
    tiebreaks = options_of(definition, KnockoutOptions).tiebreak_games // 2
    lengths = [definition.games_per_pairing] + [2] * tiebreaks
    starts = [sum(lengths[:index]) for index in range(len(lengths))]
    return [range(start, start + length) for start, length in zip(starts, lengths, strict=True)]


def _progress(definition: Tournament, finished: Finished, base: str) -> _Progress:
    """Score the series segment by segment; the decision is >= 0 when the higher seed advances."""
    wins = [0, 0]
    played = 0
    for segment in _segments(definition):
        remaining = 0
        for game in segment:
            ranks = finished.get(f"{base}/g{game}")
            if ranks is None:
                remaining += 1
                continue
            points = points_2p(ranks)
            high_seat = (game - segment.start) % 2
            wins[0] += points[high_seat] == 1.0
            wins[1] += points[1 - high_seat] == 1.0
            played += 1
        lead = wins[0] - wins[1]
        if abs(lead) > remaining:
            return _Progress(wins[0], wins[1], played, lead, segment)
        if remaining:
            return _Progress(wins[0], wins[1], played, None, segment)
    return _Progress(wins[0], wins[1], played, 0, range(0))


def _released(definition: Tournament, finished: Finished, state: Series) -> list[Match]:
    """Return the unfinished games of the open segment that are released now."""
    base = _key_base(state.round, state.slot)
    segment = _progress(definition, finished, base).segment
    keys = [f"{base}/g{game}" for game in segment]
    remaining = sum(key not in finished for key in keys)
    lead = abs(state.high_wins - state.low_wins)
    release = len(segment) - remaining + min(remaining, (remaining - lead) // 2 + 1)
    seats = (str(state.high), str(state.low))
    return [
        Match(
            key=key,
            round=state.round,
            seats=(seats[(game - segment.start) % 2], seats[1 - (game - segment.start) % 2]),
            seed=derive_seed(
                definition.match_seed_root, base, segment.start, (game - segment.start) // 2
            ),
            game=game,
        )
        for game, key in zip(segment[:release], keys, strict=False)
        if key not in finished
    ]


def knockout_total(definition: Tournament, finished: Finished) -> KnownTotal:
    """Return the known total of the bracket after ``finished`` (see the module docstring)."""
    regulation = definition.games_per_pairing
    fewest = _fewest_to_decide(regulation, 0)
    tiebreaks = options_of(definition, KnockoutOptions).tiebreak_games // 2
    matches = 0
    more = False
    for series in bracket(definition, finished):
        if series.winner is not None:
            matches += series.games_played
        elif series.high is None or series.low is None:
            matches += fewest
            more = more or fewest < regulation or tiebreaks > 0
        else:
            rem, later = _open_segment(series, regulation, tiebreaks)
            counted = _fewest_to_decide(rem, abs(series.high_wins - series.low_wins))
            matches += series.games_played + counted
            more = more or counted < rem or later > 0
    return KnownTotal(matches, more)


def _fewest_to_decide(rem: int, lead: int) -> int:
    """Return the fewest games that decide a series with ``rem`` games left in its segment
    and a difference of ``lead`` wins (the leader wins them all)."""
    return min(rem, (rem - lead) // 2 + 1)


def _open_segment(series: Series, regulation: int, tiebreaks: int) -> tuple[int, int]:
    """Return the games without a result in an open series' current segment and the tiebreak
    segments after it. Every earlier segment is complete (and tied), so the current one is
    the first that ends after the games played."""
    end = regulation
    later = tiebreaks
    while end <= series.games_played and later > 0:
        end += 2
        later -= 1
    return end - series.games_played, later


class Knockout(Format):
    """The knockout format (see the module docstring)."""

    name = "knockout"
    summary = "a seeded bracket of best-of-N series, N = games_per_pairing"
    fields = (
        OptionField("seeding", '"order"', "order | rating (every bot then needs a rating)"),
        OptionField("tiebreak_games", "4", "extra games, in seed-sharing pairs, after a tie"),
    )
    players = 2
    hash_keys = MappingProxyType({"seeding": "seeding", "tiebreak_games": "tiebreak_games"})

    def parse_options(self, table: dict[str, Any], context: FormatContext) -> KnockoutOptions:
        """Return ``[knockout]``: rating seeding needs every bot's ``rating``; tiebreak games
        come in pairs."""
        seeding = choice(table, "knockout.seeding", SEEDINGS, KnockoutOptions.seeding)
        if seeding == "rating":
            for index, bot in enumerate(context.bots):
                if bot.rating is None:
                    raise DefinitionError(f"bots[{index}].rating", "seeding = 'rating' needs it")
        tiebreak = int_field(
            table, "knockout.tiebreak_games", KnockoutOptions.tiebreak_games, 0, 100
        )
        if tiebreak % 2:
            raise DefinitionError("knockout.tiebreak_games", "must be even (games come in pairs)")
        return KnockoutOptions(seeding, tiebreak)

    def next_matches(self, definition: Tournament, finished: Finished) -> list[Match]:
        """Return the released games of the open series."""
        return knockout_matches(definition, finished)

    def known_total(self, definition: Tournament, finished: Finished) -> KnownTotal:
        """Return the games played and the fewest still needed to decide every series."""
        return knockout_total(definition, finished)

    def view(self, definition: Tournament, finished: Finished) -> FormatView:
        """Return the bracket, drawn as a tree."""
        return FormatView(bracket=tuple(bracket(definition, finished)))


KNOCKOUT = Knockout()
"""The knockout format."""
