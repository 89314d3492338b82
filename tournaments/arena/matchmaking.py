"""Matchmaking: the next group to play is the one whose result is expected to settle the
ranking most.

Every bot has an OpenSkill estimate (``mu``, ``sigma``: :mod:`tournaments.ratings`). What the
ranking does not know yet is, for each two bots, which of them is stronger: the chance that the
weaker-looking one is in fact stronger is ``Φ(-|mu_a - mu_b| / s)`` with ``s² = sigma_a² +
sigma_b²``. A game between them shrinks ``s``; by how much is what Gaussian updates (OpenSkill,
TrueSkill) give for one comparison, ``s² · s² / (s² + 2 beta²)``. A pairing's gain is that
reduction weighted by how undecided their order is, ``4 · p · (1 - p)`` with ``p`` the chance
above: two bots whose intervals overlap and are wide come first, a pair whose order is settled
or whose ratings are tight comes last. A group of 3 or more is grown from the pairing of most
gain by the bot that adds the most gain with the bots already in it.

New bots come first: while a bot has played fewer than ``min_games`` games, the group is built
around the one that has played the fewest (psyleague's ``mm_min_matches``), with the partners
of most gain. After that, candidates are favoured (CG Arena's lifecycle): a bot whose interval
``mu ± 2 sigma`` is still wider than ``candidate_interval`` is a *candidate*, a bot whose
interval is narrower a *benchmark*, and a pairing with a candidate counts
:data:`CANDIDATE_WEIGHT` times its gain. Ties are broken by a seeded random source, so a
league replays the same choices from the same results.

The arena plays each group chosen in seat-rotated games on one seed (:func:`seat_cycle`), so
luck and seat advantages cancel within the cycle.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from statistics import NormalDist

BETA = 25.0 / 6.0
"""OpenSkill's default ``beta``: the spread of one game's performance around a bot's skill."""
MIN_GAMES = 4
"""Games a new bot plays before pairings are chosen by gain alone."""
INTERVAL_SIGMAS = 2.0
"""A bot's interval is ``mu ± 2 sigma`` (about 95%)."""
CANDIDATE_INTERVAL = 12.0
"""A candidate becomes a benchmark once its interval is narrower than this (``sigma`` < 3;
a new bot starts at 33)."""
CANDIDATE_WEIGHT = 4.0
"""How much more a pairing with a candidate counts than its gain."""
_NORMAL = NormalDist()


@dataclass(frozen=True)
class Estimate:
    """What the matchmaker knows of a bot: its skill estimate and how many games it played."""

    name: str
    mu: float
    sigma: float
    games: int

    def candidate(self, interval: float = CANDIDATE_INTERVAL) -> bool:
        """Whether the bot is still a candidate: its interval is wider than ``interval``."""
        return interval_width(self.sigma) > interval


def interval_width(sigma: float) -> float:
    """Return the width of the interval ``mu ± INTERVAL_SIGMAS sigma``."""
    return 2.0 * INTERVAL_SIGMAS * sigma


def pairing_gain(a: Estimate, b: Estimate, beta: float = BETA) -> float:
    """Return how much a game between ``a`` and ``b`` is expected to settle their order."""
    spread = a.sigma**2 + b.sigma**2
    if spread <= 0.0:
        return 0.0
    undecided = _NORMAL.cdf(-abs(a.mu - b.mu) / math.sqrt(spread))
    shrink = spread * spread / (spread + 2.0 * beta * beta)
    return 4.0 * undecided * (1.0 - undecided) * shrink


def group_gain(group: Sequence[Estimate], beta: float = BETA) -> float:
    """Return the gain of a group: the gains of its pairings added up."""
    return sum(pairing_gain(a, b, beta) for a, b in combinations(group, 2))


def choose_group(
    bots: Sequence[Estimate],
    players: int,
    rng: random.Random,
    *,
    min_games: int = MIN_GAMES,
    beta: float = BETA,
    candidate_interval: float = CANDIDATE_INTERVAL,
) -> tuple[str, ...]:
    """Return the names of the ``players`` bots to play next (see the module), best first."""

    def weighted(a: Estimate, b: Estimate) -> float:
        favoured = a.candidate(candidate_interval) or b.candidate(candidate_interval)
        return pairing_gain(a, b, beta) * (CANDIDATE_WEIGHT if favoured else 1.0)

    if len(bots) < players:
        raise ValueError(f"{len(bots)} bots cannot fill a group of {players}")
    order = list(bots)
    rng.shuffle(order)  # ties go to a seeded draw, not to the order the bots were added in
    newest = min(order, key=lambda bot: bot.games)
    if newest.games < min_games:
        group = [newest]
    else:
        pairs: list[tuple[Estimate, Estimate]] = list(combinations(order, 2))
        first, second = max(pairs, key=lambda pair: weighted(*pair))
        group = [first, second]
    while len(group) < players:
        rest = [bot for bot in order if bot not in group]
        group.append(max(rest, key=lambda bot: sum(weighted(bot, g) for g in group)))
    return tuple(bot.name for bot in group)


def seat_cycle(group: Sequence[str]) -> list[tuple[str, ...]]:
    """Return the seatings a group plays on one seed: the rotations of its seats and their
    mirror images, so each bot sits in each seat equally often and each two bots sit in each
    two seats as often one way round as the other (a 2-player pair: its two seat-swapped games;
    three bots: all six orders)."""
    size = len(group)
    rotations = [
        tuple(group[(start + seat) % size] for seat in range(size)) for start in range(size)
    ]
    mirrors = [tuple(reversed(seating)) for seating in rotations]
    return list(dict.fromkeys([*rotations, *mirrors]))


def estimates(
    ratings: Mapping[str, tuple[float, float]], games: Mapping[str, int]
) -> list[Estimate]:
    """Return the estimates of the bots in ``ratings`` (name -> (mu, sigma)) with their game
    counts (absent: none)."""
    return [Estimate(name, mu, sigma, games.get(name, 0)) for name, (mu, sigma) in ratings.items()]
