"""Elo, nElo and LOS of a pairing, against hand values and an independent implementation."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import brentq, minimize
from scipy.stats import norm

from tournaments.stats.elo import Z_95, elo_from_score, format_elo, pairwise_elo

REG = 1e-3


def regularised(counts: list[int]) -> np.ndarray:
    return np.array([count if count else REG for count in counts], dtype=float)


def profile_by_optimisation(counts: list[int], score: float) -> float:
    """N * min KL(p̂ || p) over distributions p with mean ``score``, by SLSQP."""
    values = np.linspace(0, 1, len(counts))
    weights = regularised(counts)
    total, empirical = weights.sum(), weights / weights.sum()
    result = minimize(
        lambda p: -np.sum(empirical * np.log(p)),
        empirical,
        method="SLSQP",
        bounds=[(1e-12, 1)] * len(counts),
        constraints=[
            {"type": "eq", "fun": lambda p: p.sum() - 1},
            {"type": "eq", "fun": lambda p: p @ values - score},
        ],
        options={"ftol": 1e-15, "maxiter": 500},
    )
    return float(total * (np.sum(empirical * np.log(empirical)) + result.fun))


def test_elo_from_score_by_hand() -> None:
    assert elo_from_score(0.5) == 0.0
    assert elo_from_score(0.75) == pytest.approx(400 * math.log10(3))
    assert elo_from_score(1.0) == math.inf
    assert elo_from_score(0.0) == -math.inf


@pytest.mark.parametrize("counts", [[30, 40, 50], [5, 2, 9], [2, 10, 30, 12, 3], [0, 3, 8, 6, 1]])
def test_interval_ends_are_where_the_likelihood_ratio_reaches_the_chi_square_quantile(
    counts: list[int],
) -> None:
    estimate = pairwise_elo(counts)
    assert estimate is not None
    for end in (estimate.score_lower, estimate.score_upper):
        assert profile_by_optimisation(counts, end) == pytest.approx(Z_95**2 / 2, rel=1e-4)


@pytest.mark.parametrize("counts", [[30, 40, 50], [2, 10, 30, 12, 3]])
def test_score_nelo_and_los_follow_the_fastchess_formulas(counts: list[int]) -> None:
    estimate = pairwise_elo(counts)
    assert estimate is not None
    games_per_unit = (len(counts) - 1) // 2
    values = np.linspace(0, 1, len(counts))
    n = sum(counts)
    score = values @ counts / n
    variance = ((values - score) ** 2) @ counts / n
    assert estimate.score == pytest.approx(score)
    assert estimate.games == n * games_per_unit
    nelo = (score - 0.5) / math.sqrt(games_per_unit * variance) * 800 / math.log(10)
    assert estimate.nelo == pytest.approx(nelo, rel=1e-3)
    assert estimate.los == pytest.approx(
        norm.cdf((score - 0.5) / math.sqrt(variance / n)), rel=1e-3
    )


def test_many_games_give_the_normal_interval_of_fastchess() -> None:
    counts = [3000, 4000, 5000]
    estimate = pairwise_elo(counts)
    assert estimate is not None
    score = estimate.score
    sigma = math.sqrt(((np.linspace(0, 1, 3) - score) ** 2) @ counts / sum(counts))
    half = Z_95 * sigma / math.sqrt(sum(counts))
    assert estimate.elo_lower == pytest.approx(elo_from_score(score - half), abs=0.5)
    assert estimate.elo_upper == pytest.approx(elo_from_score(score + half), abs=0.5)


def test_a_clean_sweep_is_a_finite_one_sided_bound() -> None:
    sweep = pairwise_elo([0, 0, 10])
    assert sweep is not None
    assert sweep.elo == math.inf and sweep.elo_upper == math.inf
    # the lower end solves 10 * log(1 / p_W) = z²/2 with the regularised losses and draws
    lower = brentq(lambda s: profile_by_optimisation([0, 0, 10], s) - Z_95**2 / 2, 0.5, 0.99)
    assert sweep.score_lower == pytest.approx(lower, rel=1e-4)
    assert format_elo(sweep.elo, sweep.elo_lower, sweep.elo_upper) == (
        f"> {elo_from_score(sweep.score_lower):+.1f}"
    )
    whitewash = pairwise_elo([10, 0, 0])
    assert whitewash is not None
    assert format_elo(whitewash.elo, whitewash.elo_lower, whitewash.elo_upper).startswith("< -")
    data = json.dumps(sweep.to_json(), allow_nan=False)
    assert json.loads(data)["elo"] is None and json.loads(data)["elo_lower"] > 0


def test_all_draws_have_a_finite_symmetric_interval() -> None:
    draws = pairwise_elo([0, 12, 0])
    assert draws is not None
    assert draws.elo == 0.0 and draws.los == pytest.approx(0.5)
    assert 0 < draws.elo_upper < 400 and draws.elo_lower == pytest.approx(-draws.elo_upper)
    assert format_elo(draws.elo, draws.elo_lower, draws.elo_upper).startswith("+0.0 ± ")


@pytest.mark.parametrize(
    "counts",
    [
        [0, 0, 200, 0, 0],
        [0, 0, 0, 0, 20],
        [20, 0, 0, 0, 0],
        [0, 0, 20],
        [0, 12, 0],
        [0, 0, 0, 5, 0, 0, 0],
    ],
)
def test_no_nelo_when_every_unit_has_the_same_score(counts: list[int]) -> None:
    # σ is 0: nElo and its interval would come from the placeholder counts alone
    estimate = pairwise_elo(counts)
    assert estimate is not None
    assert (estimate.nelo, estimate.nelo_lower, estimate.nelo_upper) == (None, None, None)
    assert json.loads(json.dumps(estimate.to_json(), allow_nan=False))["nelo_upper"] is None
    assert math.isfinite(estimate.elo_lower) or math.isfinite(estimate.elo_upper)


def test_nelo_of_nearly_uniform_units_stays_near_the_normal_width() -> None:
    # one unit off 1-1 in 200: a spread of its own; fastchess's half-width is z/sqrt(2N) t-units
    estimate = pairwise_elo([0, 0, 199, 0, 1])
    assert estimate is not None and estimate.nelo is not None
    assert estimate.nelo_lower is not None and estimate.nelo_upper is not None
    half = (estimate.nelo_upper - estimate.nelo_lower) / 2
    assert Z_95 / math.sqrt(2 * 200) * 800 / math.log(10) / 2 < half < 100


def test_no_games_no_estimate() -> None:
    assert pairwise_elo([0, 0, 0, 0, 0]) is None


result_vectors = st.sampled_from([3, 5, 7]).flatmap(
    lambda size: st.lists(st.integers(0, 40), min_size=size, max_size=size).filter(
        lambda counts: sum(counts) > 0
    )
)


@settings(max_examples=60, deadline=None)
@given(result_vectors)
def test_intervals_hold_the_estimate_and_are_finite_unless_it_is_infinite(
    counts: list[int],
) -> None:
    estimate = pairwise_elo(counts)
    assert estimate is not None
    assert 0.0 <= estimate.score_lower <= estimate.score <= estimate.score_upper <= 1.0
    assert estimate.elo_lower <= estimate.elo <= estimate.elo_upper
    if estimate.nelo is not None:
        assert estimate.nelo_lower is not None and estimate.nelo_upper is not None
        assert estimate.nelo_lower <= estimate.nelo <= estimate.nelo_upper
    else:
        assert sum(count > 0 for count in counts) == 1
    if math.isfinite(estimate.elo):
        assert math.isfinite(estimate.elo_lower) and math.isfinite(estimate.elo_upper)
    else:
        assert math.isfinite(estimate.elo_lower) or math.isfinite(estimate.elo_upper)
    assert 0.0 <= estimate.los <= 1.0


@settings(max_examples=60, deadline=None)
@given(result_vectors)
def test_swapping_the_bots_mirrors_every_figure(counts: list[int]) -> None:
    forward, backward = pairwise_elo(counts), pairwise_elo(counts[::-1])
    assert forward is not None and backward is not None
    assert backward.score == pytest.approx(1 - forward.score)
    assert backward.score_lower == pytest.approx(1 - forward.score_upper, abs=1e-9)
    assert backward.score_upper == pytest.approx(1 - forward.score_lower, abs=1e-9)
    assert backward.elo == pytest.approx(-forward.elo, abs=1e-6)
    assert backward.los == pytest.approx(1 - forward.los, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(result_vectors)
def test_four_times_the_games_in_the_same_proportions_narrow_the_interval(
    counts: list[int],
) -> None:
    fewer, more = pairwise_elo(counts), pairwise_elo([4 * count for count in counts])
    assert fewer is not None and more is not None
    assert more.score_lower >= fewer.score_lower and more.score_upper <= fewer.score_upper
    assert more.score_upper - more.score_lower < fewer.score_upper - fewer.score_lower
