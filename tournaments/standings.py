"""Standings derived from stored results: points, W/D/L, score %, Elo, OpenSkill, tiebreaks,
faults, latency.

Points are rank-based. In an ``N``-seat match the seat in place ``p`` (0 for first) earns
``(N - 1 - p) / (N - 1)``: win 1, draw 0.5, loss 0 with two seats; 1, 0.5, 0 with three;
1, 2/3, 1/3, 0 with four. Tied seats share the places they cover and split their points evenly
(two seats tied for first of three earn 0.75 each). A Swiss bye is worth 1 point.

A *win* is a sole first place, a *draw* a shared first place, a *loss* anything else. The score %
is match points over games played (byes excluded). Elo is the joint rating of the whole field
(Bradley–Terry / Plackett–Luce, :mod:`tournaments.ratings`), for any player count; OpenSkill
covers every result in schedule order (round, then key). The median decision time (the lower of
two middle values) comes from merged sketches, within 1% of the exact one.

Order: points, then (Swiss) Buchholz and Sonneborn–Berger (:mod:`tournaments.stats.tiebreaks`,
over the final points, byes included), then OpenSkill ordinal, then name.

:func:`compute_standings` recomputes everything from a list of results (``show`` asks it for
bootstrap intervals of the ratings); :class:`StandingsTracker` keeps the same standings as
results arrive, at a cost per result that does not grow with the run: its ratings are refitted
as :class:`~tournaments.ratings.FieldRatings` says, and the Swiss tiebreaks are summed when the
standings are asked for (a Swiss run is a few thousand games at most).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from tournaments.ratings import (
    FieldRatings,
    Order,
    RatedGame,
    ScheduleOrderSkill,
    SkillRating,
    fit_joint_ratings,
    openskill_ratings,
)
from tournaments.stats import JointRating, JointRatings, buchholz, sonneborn_berger
from tournaments.stats.records import RoundRecord
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
    elo: JointRating
    skill: SkillRating
    faults: Mapping[str, int]
    median_decision_ms: float | None
    byes: int = 0
    buchholz: float | None = None
    """Swiss only, like ``sonneborn_berger``."""
    sonneborn_berger: float | None = None


@dataclass
class _Tally:
    games: int = 0
    points: float = 0.0
    wdl: list[int] = field(default_factory=lambda: [0, 0, 0])
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


@dataclass(frozen=True)
class StandingsOptions:
    """How standings are ranked and rated: Swiss ``tiebreaks``, the ratings' ``anchor`` bot
    (None: mean 0) and the bootstrap ``resamples`` of their intervals (0: none)."""

    tiebreaks: bool = False
    anchor: str | None = None
    resamples: int = 0


def standings_from_store(
    store: ResultStore,
    bots: Sequence[str],
    byes: Mapping[str, int] | None = None,
    options: StandingsOptions | None = None,
) -> list[BotStanding]:
    """Compute the standings from everything ``store`` holds."""
    return compute_standings(bots, store.results(), byes or {}, options)


def schedule_order(result: MatchResult) -> Order:
    """Return where ``result``'s match stands in the schedule: its round, then its key."""
    return (result.round, result.key)


def compute_standings(
    bots: Sequence[str],
    results: Sequence[MatchResult],
    byes: Mapping[str, int],
    options: StandingsOptions | None = None,
) -> list[BotStanding]:
    """Return the standings, best first (see the module docstring for the order).

    ``results`` come in the order they were recorded; OpenSkill replays them in schedule order.
    """
    options = options or StandingsOptions()
    tallies = {name: _Tally() for name in bots}
    for result in results:
        _add(tallies, result)
    ordered = sorted(results, key=schedule_order)
    skills = openskill_ratings(bots, ((result.seats, result.ranks) for result in ordered))
    ratings = fit_joint_ratings(bots, results, options.anchor, options.resamples)
    return _ranked(bots, tallies, skills, ratings, byes, results if options.tiebreaks else None)


class StandingsTracker:
    """Standings kept up to date one result at a time, equal to :func:`compute_standings` over
    the same results in the same order (its ratings as of their last refit, ``rated``)."""

    def __init__(
        self,
        bots: Sequence[str],
        results: Iterable[MatchResult] = (),
        options: StandingsOptions | None = None,
    ) -> None:
        self.bots = tuple(bots)
        self.options = options or StandingsOptions()
        self._tallies = {name: _Tally() for name in self.bots}
        self._skill = ScheduleOrderSkill(self.bots)
        self.ratings = FieldRatings(self.bots, self.options.anchor)
        """The joint ratings (a live view refits them outside its lock)."""
        self._rounds: list[_RoundGame] = []
        """The games with their rounds, for the Swiss tiebreaks."""
        self.count = 0
        """How many results the standings hold."""
        stored = list(results)
        for result in sorted(stored, key=schedule_order):  # rated once each, as on a serial run
            self._skill.add(schedule_order(result), result.seats, result.ranks)
        for result in stored:
            self._tally(result)

    @property
    def rated(self) -> int:
        """How many results the ratings covered when last fitted."""
        return self.ratings.rated

    def add(self, result: MatchResult) -> None:
        """Count one more result (a result of a match already counted must not come again)."""
        self._skill.add(schedule_order(result), result.seats, result.ranks)
        self._tally(result)

    def _tally(self, result: MatchResult) -> None:
        """Count ``result`` in everything but OpenSkill."""
        _add(self._tallies, result)
        self.ratings.add(RatedGame(result.seats, result.ranks, result.seed))
        if self.options.tiebreaks:
            self._rounds.append(_RoundGame(result.seats, result.ranks, result.seed, result.round))
        self.count += 1

    def standings(self, byes: Mapping[str, int]) -> list[BotStanding]:
        """Return the standings now, best first (``byes``: Swiss byes per bot)."""
        rounds = self._rounds if self.options.tiebreaks else None
        ratings = self.ratings.ratings()
        return _ranked(self.bots, self._tallies, self._skill.ratings(), ratings, byes, rounds)


@dataclass(frozen=True)
class _RoundGame:
    """A game as the Swiss tiebreaks read it."""

    seats: tuple[str, ...]
    ranks: tuple[int, ...]
    seed: int
    round: int


def _ranked(
    bots: Sequence[str],
    tallies: Mapping[str, _Tally],
    skills: Mapping[str, SkillRating],
    ratings: JointRatings,
    byes: Mapping[str, int],
    rounds: Sequence[RoundRecord] | None,
) -> list[BotStanding]:
    """Return the standings in order; with ``rounds`` (Swiss), with tiebreaks from them."""
    elo = {rating.name: rating for rating in ratings.ratings}
    standings = [
        _standing(name, tallies[name], skills[name], elo[name], byes.get(name, 0)) for name in bots
    ]
    if rounds is None:
        return sorted(standings, key=lambda row: (-row.points, -row.skill.ordinal, row.name))
    points = {row.name: row.points for row in standings}
    first, second = buchholz(points, rounds), sonneborn_berger(points, rounds)
    standings = [
        replace(row, buchholz=first[row.name], sonneborn_berger=second[row.name])
        for row in standings
    ]
    return sorted(
        standings,
        key=lambda row: (
            -row.points,
            -first[row.name],
            -second[row.name],
            -row.skill.ordinal,
            row.name,
        ),
    )


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
        for fault, count in result.faults[seat].items():
            tally.faults[fault] += count
        tally.decision_times.add(result.decision_times[seat])


def _standing(
    name: str, tally: _Tally, skill: SkillRating, elo: JointRating, byes: int
) -> BotStanding:
    return BotStanding(
        name=name,
        games=tally.games,
        points=tally.points + byes,
        wins=tally.wdl[0],
        draws=tally.wdl[1],
        losses=tally.wdl[2],
        score_pct=100.0 * tally.points / tally.games if tally.games else None,
        elo=elo,
        skill=skill,
        faults=dict(tally.faults),
        median_decision_ms=tally.decision_times.quantile(0.5),
        byes=byes,
    )
