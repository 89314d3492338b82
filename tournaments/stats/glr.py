"""Maximum likelihood under a constraint, for distributions of scores on an even support.

A *result vector* counts outcomes on the support ``a_j = j / (K - 1)``, ``j = 0 .. K - 1``:
``K = 3`` for single games (L, D, W), ``K = 5`` for seed pairs (LL, LD, DD+WL, WD, WW), and
``K = 2k + 1`` for units of ``k`` games scored 0, 1/2 or 1 each (the mean score of the unit).
Every function here works on arrays of shape ``(M, K)``: ``M`` result vectors at once.

* **Regularisation** (fishtest ``LLRcalc.regularize``, fastchess ``regularize``): a zero count
  becomes ``1e-3``, so every outcome keeps a little mass and every estimate below stays finite.
* **Expectation constraint** (M. Van den Bergh, *Comparing the approximations for the
  generalized log likelihood ratio of a multinomial distribution*, Proposition 1.1): among the
  distributions on the support with mean ``s``, the one most likely to produce the empirical
  ``p̂`` is ``p_j = p̂_j / (1 + x (a_j - s))``, where ``x`` solves the secular equation
  ``Σ_j p̂_j (a_j - s) / (1 + x (a_j - s)) = 0``.
* **t-value constraint** (M. Van den Bergh, *Comments on normalized Elo*, section 4.1): among
  the distributions with ``(μ - 1/2) / σ = t``, the most likely one is the fixed point of
  ``φ_j = a_j - 1/2 - t σ (1 + ((a_j - μ) / σ)^2) / 2`` (``μ``, ``σ`` of the current estimate,
  starting from the uniform distribution) and ``p_j = p̂_j / (1 + x φ_j)`` with ``x`` solving
  ``Σ_j p̂_j φ_j / (1 + x φ_j) = 0``.

The secular equations are solved by Newton's method from ``x = 0`` (no constraint), kept
inside a bracket: every root has ``1 + x d_j >= p̂_j`` for all ``j`` (since ``p_j <= 1``),
which bounds ``x`` on both sides inside the poles of the equation; the left side decreases in
``x`` between them.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float64]

REGULARIZATION = 1e-3
"""The count that stands in for an outcome never seen (fishtest and fastchess use 1e-3)."""

_MAX_ITERATIONS = 200
_T_VALUE_TOLERANCE = 1e-12


def support(size: int) -> Array:
    """Return the support ``j / (size - 1)`` of a result vector of ``size`` outcomes."""
    return np.linspace(0.0, 1.0, size)


def regularized(counts: Array) -> tuple[Array, Array]:
    """Return the regularised totals (shape ``(M,)``) and empirical distributions of ``counts``."""
    counts = np.where(counts == 0, REGULARIZATION, counts.astype(np.float64))
    totals = counts.sum(axis=-1)
    return totals, counts / totals[..., None]


def mean_and_variance(values: Array, probabilities: Array) -> tuple[Array, Array]:
    """Return the mean and variance of each row's distribution over ``values``."""
    mean = (probabilities * values).sum(axis=-1)
    variance = (probabilities * (values - mean[..., None]) ** 2).sum(axis=-1)
    return mean, variance


def find_root(
    function: Callable[[Array], tuple[Array, Array]],
    low: Array,
    high: Array,
    rising: Array,
    start: Array,
    tolerance: float = 4 * np.finfo(float).eps,
) -> Array:
    """Return the root in ``[low, high]`` of a monotone ``function`` (value, derivative), row by
    row: Newton steps from ``start``, replaced by bisection whenever one would leave the
    bracket, until a step moves ``x`` by at most ``tolerance`` (relative above 1). ``rising``
    says, per row, whether the function increases; without a sign change in the bracket the
    answer is the end nearest to one."""
    x = start
    with np.errstate(divide="ignore", invalid="ignore"):
        for _ in range(_MAX_ITERATIONS):
            value, slope = function(x)
            below = (value < 0) == rising
            low = np.where(below, x, low)
            high = np.where(below, high, x)
            step = x - value / slope
            scale = tolerance * np.maximum(np.abs(x), 1.0)
            settled = (value == 0) | (np.abs(step - x) <= scale) | (high - low <= scale)
            inside = settled | ((step > low) & (step < high))
            x = np.where(settled, x, np.where(inside, step, (low + high) / 2))
            if settled.all():
                break
    return x


def solve_secular(probabilities: Array, offsets: Array, start: Array | None = None) -> Array:
    """Return ``x`` solving ``Σ_j p_j d_j / (1 + x d_j) = 0`` per row (``d`` = ``offsets``),
    searching from ``start`` (default 0, no constraint).

    Each row of ``offsets`` must hold a negative and a positive value."""
    if not (np.all(offsets.min(axis=-1) < 0) and np.all(offsets.max(axis=-1) > 0)):
        raise ValueError("the constrained distribution does not exist on this support")
    with np.errstate(divide="ignore"):
        bounds = (probabilities - 1.0) / offsets
    low = np.where(offsets > 0, bounds, -np.inf).max(axis=-1)
    high = np.where(offsets < 0, bounds, np.inf).min(axis=-1)

    def secular(x: Array) -> tuple[Array, Array]:
        ratio = offsets / (1.0 + x[..., None] * offsets)
        weighted = probabilities * ratio
        return weighted.sum(axis=-1), -(weighted * ratio).sum(axis=-1)

    begin = np.zeros_like(low) if start is None else np.clip(start, low, high)
    return find_root(secular, low, high, np.zeros_like(low, dtype=bool), begin)


def mle_with_mean(probabilities: Array, mean: Array) -> tuple[Array, Array]:
    """Return the most likely distributions with the given means, and their multipliers ``x``."""
    offsets = support(probabilities.shape[-1]) - mean[..., None]
    x = solve_secular(probabilities, offsets)
    return probabilities / (1.0 + x[..., None] * offsets), x


def mle_with_t_value(probabilities: Array, t_value: Array) -> Array:
    """Return the most likely distributions with ``(μ - 1/2) / σ`` equal to ``t_value``."""
    values = support(probabilities.shape[-1])
    empirical = probabilities.reshape(-1, probabilities.shape[-1])
    t = np.broadcast_to(t_value, probabilities.shape[:-1]).reshape(-1, 1)
    estimate = np.full_like(empirical, 1.0 / empirical.shape[-1])
    rows = np.arange(len(empirical))
    multipliers = np.zeros(len(empirical))
    for _ in range(_MAX_ITERATIONS):
        current = estimate[rows]
        mean, variance = mean_and_variance(values, current)
        sigma = np.sqrt(variance)[:, None]
        spread = 1.0 + ((values - mean[:, None]) / sigma) ** 2
        phi = values - 0.5 - t[rows] * sigma * spread / 2
        x = solve_secular(empirical[rows], phi, multipliers[rows])
        following = empirical[rows] / (1.0 + x[:, None] * phi)
        estimate[rows], multipliers[rows] = following, x
        rows = rows[np.abs(following - current).max(axis=-1) >= _T_VALUE_TOLERANCE]
        if not len(rows):
            break
    return estimate.reshape(probabilities.shape)


def divergence(probabilities: Array, model: Array) -> Array:
    """Return the Kullback–Leibler divergence ``Σ p̂ log(p̂ / p)`` of each row."""
    total: Array = np.sum(probabilities * np.log(probabilities / model), axis=-1)
    return total
