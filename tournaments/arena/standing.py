"""The arena's ratings, always replayed from its stored results: OpenSkill (Plackett–Luce,
:func:`tournaments.ratings.openskill_ratings`) over every result in the order recorded, every
entry its own player (the versions of a bot are rated apart; a retired entry keeps its rating
and its games); and each entry's stage in its lifecycle (:func:`stage`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.arena.matchmaking import INTERVAL_SIGMAS, Estimate, interval_width
from tournaments.arena.store import ACTIVE
from tournaments.ratings import SkillRating, openskill_ratings
from tournaments.store import MatchResult

CANDIDATE, BENCHMARK = "candidate", "benchmark"
"""The two stages of an active entry: still settling its rating (favoured by the matchmaker),
or settled (scheduled as a yardstick for the others)."""


@dataclass(frozen=True)
class Standing:
    """One entry's rating and how many games it played."""

    name: str
    rating: SkillRating
    games: int

    @property
    def interval(self) -> tuple[float, float]:
        """The rating's interval: ``mu ± INTERVAL_SIGMAS sigma``."""
        spread = INTERVAL_SIGMAS * self.rating.sigma
        return self.rating.mu - spread, self.rating.mu + spread


def stage(status: str, sigma: float, candidate_interval: float) -> str:
    """Return an entry's stage: ``candidate`` or ``benchmark`` for an active entry (its interval
    wider than ``candidate_interval``, or not), else its status (pending, retired, rejected)."""
    if status != ACTIVE:
        return status
    return CANDIDATE if interval_width(sigma) > candidate_interval else BENCHMARK


def standings(names: Sequence[str], results: Sequence[MatchResult]) -> dict[str, Standing]:
    """Return the standing of every entry of ``names`` after ``results`` (in store order)."""
    ratings = openskill_ratings(names, ((result.seats, result.ranks) for result in results))
    games = Counter(name for result in results for name in result.seats)
    return {name: Standing(name, ratings[name], games[name]) for name in names}


def estimates(table: dict[str, Standing], playing: Sequence[str]) -> list[Estimate]:
    """Return what the matchmaker knows of the entries ``playing``."""
    return [
        Estimate(name, table[name].rating.mu, table[name].rating.sigma, table[name].games)
        for name in playing
    ]
