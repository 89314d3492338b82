"""Swiss tiebreaks: Buchholz and Sonneborn–Berger, from 2-player results and final scores.

``scores`` are the bots' final points (byes included); a *meeting* is one round's pairing,
which may hold several games.

* **Buchholz** (FIDE Handbook C.07, article 8.1): the sum of the final scores of the opponents
  a bot met, each opponent counted once per meeting. A bye adds nothing.
* **Sonneborn–Berger** (FIDE Handbook C.07, article 9.1): the sum over games of the points the
  bot took from the game times its opponent's final score (full score for a win, half for a
  draw). With one game per meeting these are FIDE's definitions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tournaments.stats.records import RoundRecord, relative_score


def buchholz(scores: Mapping[str, float], records: Iterable[RoundRecord]) -> dict[str, float]:
    """Return every scored bot's Buchholz score."""
    totals = dict.fromkeys(scores, 0.0)
    meetings = {(record.round, frozenset(record.seats)) for record in _two_player(records)}
    for _, pair in meetings:
        first, second = sorted(pair)
        totals[first] += scores[second]
        totals[second] += scores[first]
    return totals


def sonneborn_berger(
    scores: Mapping[str, float], records: Iterable[RoundRecord]
) -> dict[str, float]:
    """Return every scored bot's Sonneborn–Berger score."""
    totals = dict.fromkeys(scores, 0.0)
    for record in _two_player(records):
        first, second = record.seats
        totals[first] += relative_score(record, first, second) * scores[second]
        totals[second] += relative_score(record, second, first) * scores[first]
    return totals


def _two_player(records: Iterable[RoundRecord]) -> list[RoundRecord]:
    games = list(records)
    if any(len(record.seats) != 2 for record in games):
        raise ValueError("Swiss tiebreaks are defined for 2-player games")
    return games
