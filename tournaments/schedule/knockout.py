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
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.definition import TournamentDefinition
from tournaments.schedule.match import Finished, Match, points_2p
from tournaments.schedule.seeds import derive_seed

PREFIX = "ko"
"""Key prefix of knockout matches."""


@dataclass(frozen=True)
class Series:
    """One bracket slot: its participants (``None`` is a bye or not yet known) and progress."""

    round: int
    slot: int
    high: str | None
    low: str | None
    high_wins: int
    low_wins: int
    games_played: int
    winner: str | None


def seeded_bots(definition: TournamentDefinition) -> list[str]:
    """Return the bot names in seed order (seed 1 first)."""
    if definition.seeding == "rating":
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


def bracket(definition: TournamentDefinition, finished: Finished) -> list[Series]:
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


def knockout_matches(definition: TournamentDefinition, finished: Finished) -> list[Match]:
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
    definition: TournamentDefinition,
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


def _segments(definition: TournamentDefinition) -> list[range]:
    """Return regulation then the tiebreak pairs, as ranges of game numbers."""
    lengths = [definition.games_per_pairing] + [2] * (definition.tiebreak_games // 2)
    starts = [sum(lengths[:index]) for index in range(len(lengths))]
    return [range(start, start + length) for start, length in zip(starts, lengths, strict=True)]


def _progress(definition: TournamentDefinition, finished: Finished, base: str) -> _Progress:
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


def _released(definition: TournamentDefinition, finished: Finished, state: Series) -> list[Match]:
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
