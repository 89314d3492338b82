"""Standings derived from stored results: points, W/D/L, score %, Elo, OpenSkill, faults, latency.

Points are rank-based. In an ``N``-seat match the seat in place ``p`` (0 for first) earns
``(N - 1 - p) / (N - 1)``: win 1, draw 0.5, loss 0 with two seats; 1, 0.5, 0 with three;
1, 2/3, 1/3, 0 with four. Tied seats share the places they cover and split their points evenly
(two seats tied for first of three earn 0.75 each). A Swiss bye is worth 1 point.

A *win* is a sole first place, a *draw* a shared first place, a *loss* anything else. The score %
is match points over games played (byes excluded). Elo comes from 2-player results only (see
:mod:`tournaments.ratings`); OpenSkill covers every result in schedule order (round, then key).
The median decision time (the lower of two middle values) comes from merged sketches, within
1% of the exact one.

:func:`compute_standings` recomputes everything from a list of results (opening, resuming or
showing a run); :class:`StandingsTracker` keeps the same standings as results arrive, at a cost
per result that does not grow with the run.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.ratings import (
    EloEstimate,
    Order,
    ScheduleOrderSkill,
    SkillRating,
    elo_estimate,
    openskill_ratings,
)
from tournaments.store import FAULT_CLASSES, MatchResult, ResultStore, TimesSketch


@dataclass(frozen=True)
class BotStanding:
    """One bot's line in the standings; ``faults`` maps every fault class to a count."""

    name: str
    games: int
    points: float
    wins: int
    draws: int
    losses: int
    score_pct: float | None
    elo: EloEstimate | None
    skill: SkillRating
    faults: Mapping[str, int]
    median_decision_ms: float | None
    byes: int = 0


@dataclass
class _Tally:
    games: int = 0
    points: float = 0.0
    wdl: list[int] = field(default_factory=lambda: [0, 0, 0])
    two_player: list[int] = field(default_factory=lambda: [0, 0, 0])
    faults: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAULT_CLASSES, 0))
    decision_times: TimesSketch = field(default_factory=TimesSketch)


def rank_points(ranks: Sequence[int]) -> list[float]:
    """Return each seat's points for competition ranks (1 is best, tied seats share a rank)."""
    seats = len(ranks)
    points = []
    for rank in ranks:
        tied = sum(1 for other in ranks if other == rank)
        places = range(rank - 1, rank - 1 + tied)
        points.append(sum((seats - 1 - place) / (seats - 1) for place in places) / tied)
    return points


def standings_from_store(
    store: ResultStore, bots: Sequence[str], byes: Mapping[str, int] | None = None
) -> list[BotStanding]:
    """Compute the standings from everything ``store`` holds."""
    return compute_standings(bots, store.results(), byes or {})


def schedule_order(result: MatchResult) -> Order:
    """Return where ``result``'s match stands in the schedule: its round, then its key."""
    return (result.round, result.key)


def compute_standings(
    bots: Sequence[str], results: Sequence[MatchResult], byes: Mapping[str, int]
) -> list[BotStanding]:
    """Return the standings, best first: by points, then OpenSkill ordinal, then name.

    ``results`` come in the order they were recorded; OpenSkill replays them in schedule order.
    """
    tallies = {name: _Tally() for name in bots}
    for result in results:
        _add(tallies, result)
    ordered = sorted(results, key=schedule_order)
    skills = openskill_ratings(bots, ((result.seats, result.ranks) for result in ordered))
    return _ranked(bots, tallies, skills, byes)


class StandingsTracker:
    """Standings kept up to date one result at a time, equal to :func:`compute_standings` over
    the same results in the same order."""

    def __init__(self, bots: Sequence[str], results: Iterable[MatchResult] = ()) -> None:
        self.bots = tuple(bots)
        self._tallies = {name: _Tally() for name in self.bots}
        self._skill = ScheduleOrderSkill(self.bots)
        self.count = 0
        """How many results the standings hold."""
        for result in results:
            self.add(result)

    def add(self, result: MatchResult) -> None:
        """Count one more result (a result of a match already counted must not come again)."""
        _add(self._tallies, result)
        self._skill.add(schedule_order(result), result.seats, result.ranks)
        self.count += 1

    def standings(self, byes: Mapping[str, int]) -> list[BotStanding]:
        """Return the standings now, best first (``byes``: Swiss byes per bot)."""
        return _ranked(self.bots, self._tallies, self._skill.ratings(), byes)


def _ranked(
    bots: Sequence[str],
    tallies: Mapping[str, _Tally],
    skills: Mapping[str, SkillRating],
    byes: Mapping[str, int],
) -> list[BotStanding]:
    standings = [_standing(name, tallies[name], skills[name], byes.get(name, 0)) for name in bots]
    return sorted(standings, key=lambda row: (-row.points, -row.skill.ordinal, row.name))


def _add(tallies: dict[str, _Tally], result: MatchResult) -> None:
    """Add one match to the tallies of its seats."""
    winners = sum(1 for rank in result.ranks if rank == 1)
    points_by_seat = rank_points(result.ranks)
    for seat, name in enumerate(result.seats):
        tally = tallies[name]
        tally.games += 1
        tally.points += points_by_seat[seat]
        outcome = 2 if result.ranks[seat] != 1 else (0 if winners == 1 else 1)
        tally.wdl[outcome] += 1
        if len(result.seats) == 2:
            tally.two_player[outcome] += 1
        for fault, count in result.faults[seat].items():
            tally.faults[fault] += count
        tally.decision_times.add(result.decision_times[seat])


def _standing(name: str, tally: _Tally, skill: SkillRating, byes: int) -> BotStanding:
    return BotStanding(
        name=name,
        games=tally.games,
        points=tally.points + byes,
        wins=tally.wdl[0],
        draws=tally.wdl[1],
        losses=tally.wdl[2],
        score_pct=100.0 * tally.points / tally.games if tally.games else None,
        elo=elo_estimate(*tally.two_player),
        skill=skill,
        faults=dict(tally.faults),
        median_decision_ms=tally.decision_times.quantile(0.5),
        byes=byes,
    )
