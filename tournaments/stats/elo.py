"""Elo and normalised Elo of a bot against an opponent, with 95% intervals, and LOS.

From a result vector of ``N`` independent units of ``k`` games (``k = 1``: the trinomial
W/D/L of single games; ``k = 2``: the pentanomial of seed pairs; ``k = 3, 4``: seat-rotated
cycles of 3- and 4-player games, see :mod:`tournaments.stats.counts`), with ``a_j = j / 2k``:

* score ``ŝ = Σ_j a_j n_j / N`` (mean score per game);
* Elo ``E(s) = -400 log10(1/s - 1)``, ``±inf`` at ``ŝ = 1`` or ``0``;
* nElo ``= (ŝ - 1/2) / (σ sqrt(k)) * 800 / ln 10``, with ``σ`` the standard deviation of a
  unit's mean score (fastchess ``scoreToNeloDiff``: ``sqrt(2 var)`` for pairs);
* LOS ``= Φ((ŝ - 1/2) / (σ / sqrt(N)))``, the chance that the bot is the stronger
  (fishtest ``stat_util.get_elo``, fastchess ``los``);
* 95% interval of the score: the empirical likelihood interval (A. B. Owen, *Empirical
  likelihood ratio confidence intervals for a single functional*, Biometrika 75, 1988),
  ``{s : N KL(p̂ || p_s) <= z²/2}`` with ``p_s`` the most likely distribution with mean ``s``
  (:func:`tournaments.stats.glr.mle_with_mean`) and ``z = 1.96``: the scores that the
  likelihood ratio test the SPRT uses would not reject at 5%. It lies inside ``(0, 1)``, so the
  Elo interval is finite, even with no draws, no losses or only a handful of games; at 100%
  (or 0%) the point estimate is infinite and the interval is the one-sided bound
  ``> E(lower)`` (``< E(upper)``), which :func:`format_elo` prints so;
* the Elo and nElo intervals map the score interval through ``E`` and through the nElo formula
  with the same ``σ``, as fastchess does;
* nElo needs a spread: when every unit has the same score (every seed pair 1-1, a clean sweep,
  nothing but draws) the units' ``σ`` is 0 and nElo is ``0/0`` or infinite with nothing to
  bound it: fastchess divides by the zero variance, and with the regularised ``σ`` standing in
  the figures would come from the placeholder counts alone (``+0.0 ± 666.9`` at 200 pairs of
  1-1, ``> +10352.9`` after 20 won pairs). So there is none: ``nelo``, ``nelo_lower`` and
  ``nelo_upper`` are None.

``σ``, the LOS and the interval use the regularised counts of :mod:`tournaments.stats.glr`
(an empty outcome counts ``1e-3``), so every figure exists for any non-empty result vector.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from tournaments.stats.glr import (
    Array,
    divergence,
    find_root,
    mean_and_variance,
    mle_with_mean,
    regularized,
    support,
)

Z_95 = 1.959963984540054
"""The 0.975 quantile of the standard normal distribution."""

_EDGE = 1e-9
"""How close to 0 or 1 the interval search goes."""
_SCORE_TOLERANCE = 1e-11


@dataclass(frozen=True)
class PairwiseElo:
    """A bot's Elo and nElo against an opponent with 95% intervals, and its LOS.

    ``elo`` and ``nelo`` are ``±inf`` at a 100% or 0% score, their far bound with them; every
    other figure is finite. The nElo figures are None when every unit has the same score (see
    the module docstring)."""

    units: int
    games: int
    score: float
    score_lower: float
    score_upper: float
    elo: float
    elo_lower: float
    elo_upper: float
    nelo: float | None
    nelo_lower: float | None
    nelo_upper: float | None
    los: float

    def to_json(self) -> dict[str, Any]:
        """Return the figures as JSON data; an infinite value is ``None`` (unbounded), as is
        an nElo figure that does not exist."""
        return {field.name: _finite_or_none(getattr(self, field.name)) for field in fields(self)}


def elo_from_score(score: float) -> float:
    """Return ``-400 log10(1/score - 1)``, infinite at the ends of ``[0, 1]``."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def pairwise_elo(counts: Sequence[int]) -> PairwiseElo | None:
    """Return the figures for a result vector of ``2k + 1`` outcomes; None when it is empty."""
    return pairwise_elos([counts])[0]


KEPT_FIGURES = 1 << 16
"""How many result vectors' figures :func:`pairwise_elos` keeps."""
_KEPT: OrderedDict[tuple[int, ...], PairwiseElo | None] = OrderedDict()
_KEPT_LOCK = threading.Lock()


def pairwise_elos(vectors: Sequence[Sequence[int]]) -> list[PairwiseElo | None]:
    """Return :func:`pairwise_elo` of every vector. The intervals of the vectors not seen
    before are searched together, one array pass per length of vector (a bot's hundred
    pairings cost about what one does), and since the figures depend on the counts alone,
    each vector's are kept (the latest :data:`KEPT_FIGURES`)."""
    keys = [tuple(int(count) for count in vector) for vector in vectors]
    with _KEPT_LOCK:
        found = {key: _KEPT[key] for key in keys if key in _KEPT}
    missing = sorted(set(keys) - found.keys())
    for size in sorted({len(key) for key in missing}):
        group = [key for key in missing if len(key) == size]
        found.update(zip(group, _figures(group), strict=True))
    with _KEPT_LOCK:
        for key in missing:
            _KEPT[key] = found[key]
        while len(_KEPT) > KEPT_FIGURES:
            _KEPT.popitem(last=False)
    return [found[key] for key in keys]


def _figures(group: Sequence[tuple[int, ...]]) -> list[PairwiseElo | None]:
    """Return the figures of result vectors that all have the same length."""
    figures: dict[tuple[int, ...], PairwiseElo | None] = dict.fromkeys(group)
    filled = [counts for counts in group if sum(counts)]
    if not filled:
        return [None for _ in group]
    values = support(len(filled[0]))
    totals, probabilities = regularized(np.array(filled, dtype=np.float64))
    regular_scores, variances = mean_and_variance(values, probabilities)
    sigmas = np.sqrt(variances)
    lowers, uppers = _score_intervals(totals, probabilities, regular_scores, sigmas)
    for row, counts in enumerate(filled):
        figures[counts] = _figure(
            counts,
            float(np.dot(values, counts)) / sum(counts),
            (float(lowers[row]), float(uppers[row])),
            float(regular_scores[row]),
            float(sigmas[row]),
            float(totals[row]),
        )
    return [figures[counts] for counts in group]


def _figure(
    counts: tuple[int, ...],
    score: float,
    interval: tuple[float, float],
    regular_score: float,
    sigma: float,
    total: float,
) -> PairwiseElo:
    """Return the figures of one non-empty vector from its score, its score interval and
    the mean, spread and total of its regularised counts."""
    units = sum(counts)
    games_per_unit = (len(counts) - 1) // 2
    lower = 0.0 if score == 0.0 else interval[0]
    upper = 1.0 if score == 1.0 else interval[1]
    spread = sigma * math.sqrt(games_per_unit)
    error = sigma / math.sqrt(total)
    varied = sum(count != 0 for count in counts) > 1
    return PairwiseElo(
        units=units,
        games=units * games_per_unit,
        score=score,
        score_lower=lower,
        score_upper=upper,
        elo=elo_from_score(score),
        elo_lower=elo_from_score(lower),
        elo_upper=elo_from_score(upper),
        nelo=_nelo(score, spread) if varied else None,
        nelo_lower=_nelo(lower, spread) if varied else None,
        nelo_upper=_nelo(upper, spread) if varied else None,
        los=0.5 * math.erfc(-(regular_score - 0.5) / error / math.sqrt(2.0)),
    )


def format_elo(value: float, lower: float, upper: float) -> str:
    """Return ``+12.3 ± 4.5`` (half the interval's width), or a bound such as ``> +540.2``
    when the estimate is infinite."""
    if value == math.inf:
        return f"> {lower:+.1f}"
    if value == -math.inf:
        return f"< {upper:+.1f}"
    return f"{value + 0.0:+.1f} ± {(upper - lower) / 2:.1f}"


def _nelo(score: float, spread: float) -> float:
    if score in (0.0, 1.0):
        return math.copysign(math.inf, score - 0.5)
    return (score - 0.5) / spread * 800.0 / math.log(10.0)


def _score_intervals(
    totals: Array, probabilities: Array, centres: Array, sigmas: Array
) -> tuple[Array, Array]:
    """Return, for each row, the scores below and above its ``centre`` where
    ``N KL(p̂ || p_s)`` reaches z²/2, searching from the normal approximation
    ``centre ± z σ / sqrt(N)``: both bounds of every row in one root search."""
    rows = np.repeat(probabilities, 2, axis=0)
    row_totals = np.repeat(totals, 2)

    def excess(scores: Array) -> tuple[Array, Array]:
        model, multiplier = mle_with_mean(rows, scores)
        return row_totals * divergence(rows, model) - Z_95**2 / 2, -row_totals * multiplier

    edges = np.full_like(centres, _EDGE)
    low = np.column_stack([edges, centres]).ravel()
    high = np.column_stack([centres, 1.0 - edges]).ravel()
    reach = Z_95 * sigmas / np.sqrt(totals)
    normal = np.column_stack([centres - reach, centres + reach]).ravel()
    middle = np.repeat(centres, 2)
    start = np.clip(normal, (low + middle) / 2, (high + middle) / 2)
    rising = np.tile([False, True], len(centres))
    bounds = find_root(excess, low, high, rising, start, _SCORE_TOLERANCE).reshape(-1, 2)
    return bounds[:, 0], bounds[:, 1]


def _finite_or_none(value: Any) -> Any:
    if isinstance(value, float) and math.isinf(value):
        return None
    return value
