"""Matchmaking: the next group to play is the one whose result is expected to settle the
ranking most.

Every bot has an OpenSkill estimate (``mu``, ``sigma``: :mod:`tournaments.ratings`). What the
ranking does not know yet is, for each two bots, which of them is stronger: the chance that the
weaker-looking one is in fact stronger is ``Φ(-|mu_a - mu_b| / s)`` with ``s² = sigma_a² +
sigma_b²``. A game between them shrinks ``s``; by how much is what Gaussian updates (OpenSkill,
TrueSkill) give for one comparison, ``s² · s² / (s² + 2 beta²)``. A pairing's gain is that
reduction weighted by how undecided their order is, ``4 · p · (1 - p)`` with ``p`` the chance
above: two bots whose intervals overlap and are wide come first, a pair whose order is settled
or whose ratings are tight comes last.

OpenSkill's ``sigma`` shrinks with every game a bot plays, whoever it meets, so the gain alone
would replay the one closest pairing; the steps therefore take turns:

* a **settling** step (even step numbers) plays the pairing of most gain, counting a pairing
  with one of the current top three :data:`TOP_WEIGHT` times (the top of the table is what
  its readers look at first, and what is hardest to get right by chance);
* a **covering** step (odd numbers, while some bot has played fewer games than there are
  other bots) is built around the bot that has played the fewest games, with the partner of
  most gain divided by one more than the steps the two have played together, so every bot
  meets new opponents, as in a round-robin, before the games go to the undecided pairings
  alone (covering for good kept near-equal bots flipping to the end).

A group of 3 or more is grown from its first pairing (or bot) by the bot that adds the most
with the bots already in it. New bots come first: while a bot has played fewer than
``min_games`` games, the group is built around the one that has played the fewest
(psyleague's ``mm_min_matches``). Candidates are favoured (CG Arena's lifecycle): a bot whose
interval ``mu ± 2 sigma`` is still wider than ``candidate_interval`` is a *candidate*, a bot
whose interval is narrower a *benchmark*, and in a settling step a pairing with a candidate
counts :data:`CANDIDATE_WEIGHT` times more. Ties are broken by a seeded random source, so a
league replays the same choices from the same results.

The arena plays each group chosen in seat-rotated games on one seed (:func:`seat_cycle`), so
luck and seat advantages cancel within the cycle.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from statistics import NormalDist

BETA = 25.0 / 6.0
"""OpenSkill's default ``beta``: the spread of one game's performance around a bot's skill."""
MIN_GAMES = 4
"""Games a new bot plays before pairings are chosen by gain alone."""
TOP = 3
"""How many bots at the head of the table a settling step favours."""
TOP_WEIGHT = 3.0
"""How much more a pairing with one of the top :data:`TOP` counts in a settling step."""
INTERVAL_SIGMAS = 2.0
"""A bot's interval is ``mu ± 2 sigma`` (about 95%)."""
CANDIDATE_INTERVAL = 12.0
"""A candidate becomes a benchmark once its interval is narrower than this (``sigma`` < 3;
a new bot starts at 33)."""
CANDIDATE_WEIGHT = 4.0
"""How much more a pairing with a candidate counts than its gain."""
_NORMAL = NormalDist()

Met = Mapping[frozenset[str], int]
"""For two bots (a frozenset of their names), the steps they have played together."""


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


_Worth = Callable[[Estimate, Estimate], float]
"""What a pairing is worth to one kind of step."""


def pairing_gain(a: Estimate, b: Estimate, beta: float = BETA) -> float:
    """Return how much a game between ``a`` and ``b`` is expected to settle their order."""
    spread = a.sigma**2 + b.sigma**2
    if spread <= 0.0:
        return 0.0
    undecided = _NORMAL.cdf(-abs(a.mu - b.mu) / math.sqrt(spread))
    shrink = spread * spread / (spread + 2.0 * beta * beta)
    return 4.0 * undecided * (1.0 - undecided) * shrink


def meetings(games: Iterable[tuple[Sequence[str], int]]) -> Counter[frozenset[str]]:
    """Return, for every two bots, the steps they played together, from each game's bots and
    seed (the games of one step share its seed)."""
    seeds: dict[frozenset[str], set[int]] = {}
    for seats, seed in games:
        for a, b in combinations(sorted(set(seats)), 2):
            seeds.setdefault(frozenset((a, b)), set()).add(seed)
    return Counter({pair: len(found) for pair, found in seeds.items()})


def choose_group(
    bots: Sequence[Estimate],
    players: int,
    rng: random.Random,
    *,
    step: int = 0,
    met: Met | None = None,
    min_games: int = MIN_GAMES,
    beta: float = BETA,
    candidate_interval: float = CANDIDATE_INTERVAL,
) -> tuple[str, ...]:
    """Return the names of the ``players`` bots to play step number ``step``, best first
    (see the module); ``met`` counts the steps each two bots have played together."""
    if len(bots) < players:
        raise ValueError(f"{len(bots)} bots cannot fill a group of {players}")
    order = list(bots)
    rng.shuffle(order)  # ties go to a seeded draw, not to the order the bots were added in
    newest = min(order, key=lambda bot: bot.games)
    covering = step % 2 == 1 and newest.games < len(bots) - 1
    worth = _covering(met or {}, beta) if covering else _settling(order, beta, candidate_interval)
    if newest.games < min_games or covering:
        group = [newest]
    else:
        group = list(max(combinations(order, 2), key=lambda pair: worth(*pair)))
    while len(group) < players:
        rest = [bot for bot in order if bot not in group]
        group.append(max(rest, key=lambda bot: sum(worth(bot, member) for member in group)))
    return tuple(bot.name for bot in group)


def _settling(bots: Sequence[Estimate], beta: float, candidate_interval: float) -> _Worth:
    """Return a settling step's worth of a pairing: its gain, :data:`TOP_WEIGHT` times with one
    of the top :data:`TOP` by ``mu`` and :data:`CANDIDATE_WEIGHT` times with a candidate."""
    top = {bot.name for bot in sorted(bots, key=lambda bot: -bot.mu)[:TOP]}

    def worth(a: Estimate, b: Estimate) -> float:
        weight = TOP_WEIGHT if a.name in top or b.name in top else 1.0
        if a.candidate(candidate_interval) or b.candidate(candidate_interval):
            weight *= CANDIDATE_WEIGHT
        return weight * pairing_gain(a, b, beta)

    return worth


def _covering(met: Met, beta: float) -> _Worth:
    """Return a covering step's worth of a pairing: its gain over one more than its steps."""

    def worth(a: Estimate, b: Estimate) -> float:
        return pairing_gain(a, b, beta) / (1 + met.get(frozenset((a.name, b.name)), 0))

    return worth


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
