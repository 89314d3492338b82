"""Joint ratings of the whole field: Bradley–Terry / Plackett–Luce maximum likelihood.

Every bot ``i`` has a strength ``θ_i``; a match's ranking (best first, seats ``r_1 .. r_n``) has
the Plackett–Luce probability ``Π_{m < n} exp(θ_{r_m}) / Σ_{l >= m} exp(θ_{r_l})`` (R. L.
Plackett, *The analysis of permutations*, 1975), which for two seats is Bradley–Terry,
``P(i beats j) = 1 / (1 + exp(θ_j - θ_i))``. Ratings are on the Elo scale,
``elo_i = 400 θ_i / ln 10``, so 100 points mean the same expected score as in Elo.

* **Ties.** Tied seats count as every order of them at once, each with an equal share of the
  match's weight: a 2-player draw is half a win for each side, as in Elo.
* **Prior.** One virtual draw between every two bots that met (R. Coulom's BayesElo adds such
  virtual draws), so a bot that won every game still gets a finite rating, pulled in less and
  less as games accumulate.
* **Fit.** The penalised log-likelihood is maximised with ``scipy.optimize.minimize``
  (L-BFGS-B, analytic gradient) from all strengths 0; then the ratings are shifted so their mean
  is 0, or so that the ``anchor`` bot is at 0. (Strengths of bots that never met through any
  chain of games cannot be compared; starting from 0, each such group keeps a mean of 0.)
* **Intervals.** 95% percentile bootstrap: the units (the games of one seed among one set of
  bots, :mod:`tournaments.stats.records`) are resampled with replacement ``resamples`` times
  with ``numpy.random.default_rng(seed)``, each resample refitted (from the estimate) and
  normalised the same way; the interval runs from the 2.5th to the 97.5th percentile. When
  every unit holds the same result (the same bots in the same places, game for game: a single
  unit, a clean sweep, nothing but draws), every resample is the data itself, so the
  percentile interval would have no width whatever the number of games: there is then no
  interval (``lower`` and ``upper`` are None).
* **Order.** The records are put in canonical order first, so the result does not depend on the
  order in which the matches finished.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, groupby, permutations, product
from typing import Any

import numpy as np
from numpy.typing import NDArray

from tournaments.stats.glr import Array
from tournaments.stats.records import MatchRecord, seed_units

ELO_PER_NATURAL = 400.0 / math.log(10.0)
"""Elo points per unit of natural-log strength."""

VIRTUAL_DRAWS = 1.0
"""Virtual draws between every two bots that met."""

MAX_RESAMPLES = 2000
"""The most bootstrap resamples one call may ask for."""

Indices = NDArray[np.int64]


@dataclass(frozen=True)
class JointRating:
    """One bot's joint rating with its 95% bootstrap interval (None without games; the interval
    is None as well without resamples, or when the resamples cannot vary)."""

    name: str
    games: int
    elo: float | None
    lower: float | None
    upper: float | None


@dataclass(frozen=True)
class JointRatings:
    """The field's joint ratings; ``model`` is ``bradley-terry`` when every match has two
    seats, else ``plackett-luce``. ``ratings`` are in the order the bots were given."""

    model: str
    anchor: str | None
    resamples: int
    seed: int
    ratings: tuple[JointRating, ...]

    def to_json(self) -> dict[str, Any]:
        """Return the ratings as plain JSON data."""
        return {
            "model": self.model,
            "anchor": self.anchor,
            "resamples": self.resamples,
            "seed": self.seed,
            "ratings": [vars(rating) for rating in self.ratings],
        }


@dataclass(frozen=True)
class _Rankings:
    """Rankings of one length as arrays: items best first, weight, and the unit of each row."""

    items: Indices
    weights: Array
    units: Indices


def joint_ratings(
    bots: Sequence[str],
    records: Iterable[MatchRecord],
    anchor: str | None = None,
    resamples: int = 200,
    seed: int = 0,
) -> JointRatings:
    """Return the joint ratings of ``bots`` from ``records`` (see the module docstring)."""
    if anchor is not None and anchor not in bots:
        raise ValueError(f"anchor {anchor!r} is not one of the bots")
    if not 0 <= resamples <= MAX_RESAMPLES:
        raise ValueError(f"resamples must be between 0 and {MAX_RESAMPLES}")
    index = {name: position for position, name in enumerate(bots)}
    units = seed_units(records)
    rankings = _rankings(units, index)
    meetings = _meetings(units, index)
    games = np.zeros(len(bots), dtype=np.int64)
    for unit in units:
        for record in unit:
            games[[index[name] for name in record.seats]] += 1
    played = games > 0
    reference = index[anchor] if anchor is not None else None
    fitted = _fit(rankings, meetings, np.ones(len(units)), np.zeros(len(bots)))
    estimate = _normalised(fitted, played, reference)
    varied = resamples > 0 and _resamples_can_vary(units)
    rng = np.random.default_rng(seed)
    samples = np.empty((resamples if varied else 0, len(bots)))
    for row in range(len(samples)):
        drawn = np.bincount(rng.integers(0, len(units), len(units)), minlength=len(units))
        strengths = _fit(rankings, meetings, drawn.astype(np.float64), fitted)
        samples[row] = _normalised(strengths, played, reference)
    if varied:
        lower, upper = np.percentile(samples, [2.5, 97.5], axis=0)
    else:
        lower = upper = np.full(len(bots), np.nan)
    model = "bradley-terry" if all(len(r.seats) == 2 for u in units for r in u) else "plackett-luce"
    return JointRatings(
        model=model,
        anchor=anchor,
        resamples=resamples,
        seed=seed,
        ratings=tuple(
            _rating(name, int(games[i]), estimate[i], lower[i], upper[i], varied)
            for i, name in enumerate(bots)
        ),
    )


def _rating(
    name: str, games: int, elo: float, lower: float, upper: float, intervals: bool
) -> JointRating:
    if games == 0:
        return JointRating(name, 0, None, None, None)
    if not intervals:
        return JointRating(name, games, float(elo), None, None)
    return JointRating(name, games, float(elo), float(lower), float(upper))


def _resamples_can_vary(units: list[list[MatchRecord]]) -> bool:
    """Return whether two units differ in what the fit reads of them: which bot took which
    place in each game (seats aside)."""
    places = [[tuple(sorted(zip(r.ranks, r.seats, strict=True))) for r in unit] for unit in units]
    return len({tuple(sorted(games)) for games in places}) > 1


def _orders(seats: Sequence[int], ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """Return every best-first order of ``seats`` consistent with ``ranks`` (ties both ways)."""
    ordered = sorted(zip(ranks, seats, strict=True))
    groups = [[seat for _, seat in group] for _, group in groupby(ordered, key=lambda x: x[0])]
    return [
        tuple(seat for part in choice for seat in part)
        for choice in product(*(list(permutations(group)) for group in groups))
    ]


def _rankings(units: list[list[MatchRecord]], index: dict[str, int]) -> list[_Rankings]:
    """Return the matches' rankings grouped by length, a tied match split over its orders."""
    rows: dict[int, tuple[list[tuple[int, ...]], list[float], list[int]]] = {}
    for number, unit in enumerate(units):
        for record in unit:
            orders = _orders([index[name] for name in record.seats], record.ranks)
            items, weights, owners = rows.setdefault(len(record.seats), ([], [], []))
            items.extend(orders)
            weights.extend([1.0 / len(orders)] * len(orders))
            owners.extend([number] * len(orders))
    return [
        _Rankings(np.array(items, dtype=np.int64), np.array(weights), np.array(owners))
        for items, weights, owners in rows.values()
    ]


def _meetings(
    units: list[list[MatchRecord]], index: dict[str, int]
) -> list[tuple[int, int, Indices]]:
    """Return each pair of bots that met, with the units in which they met."""
    met: dict[tuple[int, int], list[int]] = {}
    for number, unit in enumerate(units):
        seated = sorted({index[name] for record in unit for name in record.seats})
        for pair in combinations(seated, 2):
            met.setdefault(pair, []).append(number)
    return [(a, b, np.array(where, dtype=np.int64)) for (a, b), where in sorted(met.items())]


def _fit(
    rankings: list[_Rankings],
    meetings: list[tuple[int, int, Indices]],
    multiplicity: Array,
    start: Array,
) -> Array:
    """Return the penalised maximum-likelihood strengths, searched from ``start``, when unit
    ``u`` counts ``multiplicity[u]`` times (prior draws for the pairs that met at least once)."""
    groups = [(group.items, group.weights * multiplicity[group.units]) for group in rankings]
    present = [(a, b) for a, b, where in meetings if multiplicity[where].sum() > 0]
    if present:
        pairs = np.array(present, dtype=np.int64)
        draws = np.concatenate([pairs, pairs[:, ::-1]])
        groups.append((draws, np.full(len(draws), VIRTUAL_DRAWS / 2)))
    # scipy.optimize costs about 50 MB and half a second to import: loaded on the first fit,
    # so a run that never asks for joint ratings never carries it.
    from scipy.optimize import minimize

    result = minimize(
        _negative_log_likelihood,
        start,
        args=(groups,),
        jac=True,
        method="L-BFGS-B",
        options={"ftol": 1e-13, "gtol": 1e-8},
    )
    strengths: Array = result.x
    return strengths


def _negative_log_likelihood(
    strengths: Array, groups: list[tuple[Indices, Array]]
) -> tuple[float, Array]:
    """Return the weighted Plackett–Luce negative log-likelihood and its gradient."""
    total = 0.0
    gradient = np.zeros_like(strengths)
    for items, weights in groups:
        values = strengths[items]
        values = values - values.max(axis=1, keepdims=True)
        exponentials = np.exp(values)
        remaining = np.cumsum(exponentials[:, ::-1], axis=1)[:, ::-1][:, :-1]
        total -= float(weights @ (values[:, :-1] - np.log(remaining)).sum(axis=1))
        shares = np.cumsum(1.0 / remaining, axis=1)
        shares = np.concatenate([shares, shares[:, -1:]], axis=1) * exponentials
        chosen = np.ones_like(values)
        chosen[:, -1] = 0.0
        gradient -= np.bincount(
            items.ravel(), (weights[:, None] * (chosen - shares)).ravel(), len(strengths)
        )
    return total, gradient


def _normalised(strengths: Array, played: NDArray[np.bool_], anchor: int | None) -> Array:
    """Return Elo ratings with mean 0 over the bots with games, or the anchor at 0."""
    ratings = strengths * ELO_PER_NATURAL
    if anchor is not None:
        offset = ratings[anchor]
    else:
        offset = ratings[played].mean() if played.any() else 0.0
    shifted: Array = ratings - offset
    return shifted
