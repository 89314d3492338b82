"""Ratings: Elo with a 95% interval from W/D/L counts, and OpenSkill for any player count.

**Elo (2-player results only).** For ``W`` wins, ``D`` draws and ``L`` losses in ``n = W + D + L``
games, as cutechess and fastchess report it:

* score ``s = (W + D/2) / n``;
* Elo difference ``E(s) = -400 * log10(1/s - 1)`` (``-inf`` at 0, ``+inf`` at 1);
* per-game variance of the trinomial result
  ``var = (W (1 - s)^2 + D (1/2 - s)^2 + L (0 - s)^2) / n``;
* standard error of the mean score ``se = sqrt(var / n)``;
* 95% interval ``[E(s - z se), E(s + z se)]`` with ``z = 1.959964`` (normal quantile 0.975),
  clipped to ``-inf``/``+inf`` outside ``(0, 1)``; ``margin`` is half its width.

Multiplayer (3-4 seat) results are not decomposed into pairs: Elo is reported for 2-player
results only, and multiplayer strength is given by OpenSkill.

**OpenSkill.** ``openskill.models.PlackettLuce`` with its defaults (mu 25, sigma 25/3, beta 25/6,
tau 25/300), every bot its own team, the per-seat ranks of each match as ``ranks`` (ties share a
rank). :func:`openskill_ratings` replays matches in the order given; the standings give them in
schedule order (round, then key), never in finishing order, so a resumed or parallel run rates
exactly as an uninterrupted serial one. :class:`ScheduleOrderSkill` keeps the same numbers as
results arrive in any order. ``ordinal`` is ``mu - 3 sigma``.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

Z_95 = 1.959963984540054
"""The 0.975 quantile of the standard normal distribution."""


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference against the opponents faced, with its 95% interval."""

    games: int
    score: float
    elo: float
    lower: float
    upper: float

    @property
    def margin(self) -> float:
        """Half the width of the 95% interval (``inf`` when a bound is infinite)."""
        return (self.upper - self.lower) / 2


@dataclass(frozen=True)
class SkillRating:
    """An OpenSkill Plackett–Luce rating."""

    mu: float
    sigma: float
    ordinal: float


def elo_from_score(score: float) -> float:
    """Return ``-400 log10(1/score - 1)``, infinite at the ends of ``[0, 1]``."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_estimate(wins: int, draws: int, losses: int) -> EloEstimate | None:
    """Return the Elo estimate for W/D/L counts (see the module docstring); None for no games."""
    games = wins + draws + losses
    if games == 0:
        return None
    score = (wins + draws / 2) / games
    variance = (
        wins * (1.0 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * (0.0 - score) ** 2
    ) / games
    error = math.sqrt(variance / games)
    return EloEstimate(
        games=games,
        score=score,
        elo=elo_from_score(score),
        lower=elo_from_score(score - Z_95 * error),
        upper=elo_from_score(score + Z_95 * error),
    )


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
