"""Ratings: the joint Elo ratings of the field, and OpenSkill, for any player count.

**Joint ratings.** :func:`tournaments.stats.joint_ratings`: Bradley–Terry (2 players) or
Plackett–Luce maximum-likelihood ratings of every bot at once on the Elo scale, mean 0 or the
definition's ``[ratings] anchor`` at 0, with bootstrap 95% intervals when asked for (``show``).
They do not depend on the order the matches finished in. A fit reads every result (a few
hundred milliseconds at 10,000), so while a run goes :class:`FieldRatings` refits the point
estimate only when the results have grown by a tenth since its last fit: the cost per match
stays flat however long the run, and the live figure is at most a tenth of the run behind.
:func:`fit_joint_ratings` fits with BLAS on one thread: the problems are tiny, and OpenBLAS
starting its threads for each small product made a fit 10-20 times slower on a busy machine.

**OpenSkill.** ``openskill.models.PlackettLuce`` with its defaults (mu 25, sigma 25/3, beta 25/6,
tau 25/300), every bot its own team, the per-seat ranks of each match as ``ranks`` (ties share a
rank). :func:`openskill_ratings` replays matches in the order given; the standings give them in
schedule order (round, then key), never in finishing order, so a resumed or parallel run rates
exactly as an uninterrupted serial one. :class:`ScheduleOrderSkill` keeps the same numbers as
results arrive in any order. ``ordinal`` is ``mu - 3 sigma``.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce
from threadpoolctl import threadpool_limits

from tournaments.stats import JointRatings, MatchRecord, joint_ratings

REFIT_GROWTH = 10
"""The live joint ratings are refitted once the results have grown by 1/REFIT_GROWTH."""


@dataclass(frozen=True)
class SkillRating:
    """An OpenSkill Plackett–Luce rating."""

    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True)
class RatedGame:
    """What the joint ratings read of a match: seats, ranks and seed."""

    seats: tuple[str, ...]
    ranks: tuple[int, ...]
    seed: int


def fit_joint_ratings(
    bots: Sequence[str], records: Iterable[MatchRecord], anchor: str | None, resamples: int
) -> JointRatings:
    """Return :func:`tournaments.stats.joint_ratings` of ``records``, fitted with BLAS on one
    thread."""
    with threadpool_limits(limits=1, user_api="blas"):
        return joint_ratings(bots, records, anchor, resamples)


class FieldRatings:
    """The joint ratings' point estimate for a run whose results keep arriving.

    :meth:`ratings` refits when one is due; a caller that must not wait on a refit while it
    holds a lock takes :meth:`due` there, fits with :meth:`fit` outside it and hands the
    result to :meth:`install`."""

    def __init__(self, bots: Sequence[str], anchor: str | None = None) -> None:
        self.bots = tuple(bots)
        self.anchor = anchor
        self._games: list[RatedGame] = []
        self._fitted: JointRatings | None = None
        self.rated = 0
        """How many results the last fit covered."""

    def add(self, game: RatedGame) -> None:
        """Count one more result (fitted at the next refit)."""
        self._games.append(game)

    def due(self) -> list[RatedGame] | None:
        """Return the results to refit on when the results have grown by 1/REFIT_GROWTH since
        the last fit (or there was none), else None."""
        grown = len(self._games) - self.rated
        if self._fitted is None or grown >= max(1, self.rated // REFIT_GROWTH):
            return self._games[:]
        return None

    def fit(self, games: Sequence[RatedGame]) -> JointRatings:
        """Return the point estimate from ``games`` (it changes nothing here)."""
        return fit_joint_ratings(self.bots, games, self.anchor, resamples=0)

    def install(self, ratings: JointRatings, rated: int) -> None:
        """Keep ``ratings``, fitted on the first ``rated`` results."""
        self._fitted, self.rated = ratings, rated

    def ratings(self) -> JointRatings:
        """Return the ratings of the last fit, refitting first when one is due."""
        games = self.due()
        if games is not None:
            self.install(self.fit(games), len(games))
        assert self._fitted is not None
        return self._fitted


def openskill_ratings(
    bots: Sequence[str], matches: Iterable[tuple[Sequence[str], Sequence[int]]]
) -> dict[str, SkillRating]:
    """Replay ``(seats, ranks)`` matches in order and return every bot's rating."""
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in bots}
    for seats, ranks in matches:
        teams = [[ratings[name]] for name in seats]
        for name, team in zip(seats, model.rate(teams, ranks=list(ranks)), strict=True):
            ratings[name] = team[0]
    return {
        name: SkillRating(mu=rating.mu, sigma=rating.sigma, ordinal=rating.ordinal())
        for name, rating in ratings.items()
    }


Order = tuple[int, str]
"""Where a match stands in the schedule: its round, then its key."""


class ScheduleOrderSkill:
    """OpenSkill ratings kept as results arrive in any order, always equal to replaying every
    result so far in schedule order with :func:`openskill_ratings`.

    A result that arrives before results scheduled after it (matches run in parallel, a retried
    match) rewinds to its place and replays those after it: a few matches each when matches are
    handed out in schedule order.
    """

    def __init__(self, bots: Sequence[str]) -> None:
        self._model = PlackettLuce()
        start = self._model.rating()
        self._ratings = {name: (start.mu, start.sigma) for name in bots}
        self._orders: list[Order] = []
        self._matches: list[tuple[tuple[str, ...], tuple[int, ...]]] = []
        self._before: list[tuple[tuple[float, float], ...]] = []
        """Each match's seats' (mu, sigma) just before it, to rewind to."""

    def add(self, order: Order, seats: Sequence[str], ranks: Sequence[int]) -> None:
        """Rate one match at its place ``order`` in the schedule."""
        place = bisect.bisect(self._orders, order)
        self._rewind(place)
        self._orders.insert(place, order)
        self._matches.insert(place, (tuple(seats), tuple(ranks)))
        self._before.insert(place, ())
        for index in range(place, len(self._orders)):
            self._replay(index)

    def _rewind(self, place: int) -> None:
        """Put every bot back to its rating before the match at ``place`` and those after it."""
        restored: set[str] = set()
        for index in range(place, len(self._orders)):
            for name, rating in zip(self._matches[index][0], self._before[index], strict=True):
                if name not in restored:
                    self._ratings[name] = rating
                    restored.add(name)

    def _replay(self, index: int) -> None:
        seats, ranks = self._matches[index]
        before = tuple(self._ratings[name] for name in seats)
        self._before[index] = before
        teams = [[self._model.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
        for name, team in zip(seats, self._model.rate(teams, ranks=list(ranks)), strict=True):
            self._ratings[name] = (team[0].mu, team[0].sigma)

    def ratings(self) -> dict[str, SkillRating]:
        """Return every bot's rating now."""
        ratings = {}
        for name, (mu, sigma) in self._ratings.items():
            ordinal = self._model.rating(mu=mu, sigma=sigma).ordinal()
            ratings[name] = SkillRating(mu=mu, sigma=sigma, ordinal=ordinal)
        return ratings
