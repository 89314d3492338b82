"""The GSPRT: fastchess's published LLRs, an independent optimiser, the bounds, and simulated
error rates for two players."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.optimize import brentq, minimize

from tournaments.stats.sprt import (
    SprtConfig,
    log_likelihood_ratio,
    log_likelihood_ratios,
    logistic_score,
    sprt_state,
)


def trinomial(wins: int, losses: int, draws: int) -> list[int]:
    return [losses, draws, wins]


def pentanomial(ll: int, ld: int, wl: int, dd: int, wd: int, ww: int) -> list[int]:
    return [ll, ld, wl + dd, wd, ww]


# app/tests/sprt_test.cpp of fastchess: Stats(wins, losses, draws) and
# Stats(LL, LD, WL, DD, WD, WW), with the LLR fastchess checks to 1%.
FASTCHESS = [
    ("normalized", 0, 2, trinomial(36433, 36027, 68692), 0.92),
    ("normalized", -1.75, 0.25, trinomial(10871, 10650, 20431), 2.30),
    ("normalized", 0, 10, trinomial(4250, 0, 0), 120.56),
    ("logistic", 0.5, 2.5, trinomial(21404, 21184, 40708), -1.57),
    ("logistic", 0, 2, trinomial(57433, 57030, 106593), -2.59),
    ("normalized", 0, 2, pentanomial(365, 16618, 36029, 200, 16974, 390), 2.25),
    ("normalized", -1.75, 0.25, pentanomial(127, 4883, 10311, 401, 5150, 104), 3.01),
    ("normalized", 0, 5, pentanomial(0, 0, 0, 0, 0, 5550), 111.82),
    ("logistic", 0.5, 2.5, pentanomial(223, 9863, 20279, 1000, 10037, 246), -3.07),
    ("logistic", 0, 2, pentanomial(871, 26175, 55003, 980, 26678, 821), -4.98),
]


@pytest.mark.parametrize(("model", "elo0", "elo1", "counts", "expected"), FASTCHESS)
def test_llr_matches_fastchess(
    model: str, elo0: float, elo1: float, counts: list[int], expected: float
) -> None:
    config = SprtConfig(elo0, elo1, model=model)
    assert log_likelihood_ratio(config, counts) == pytest.approx(expected, rel=0.01)


def constrained_log_likelihood(counts: list[int], constraint: object) -> float:
    """max Σ n_j log p_j over distributions meeting ``constraint``, by SLSQP."""
    weights = np.array([count if count else 1e-3 for count in counts], dtype=float)
    empirical = weights / weights.sum()
    result = minimize(
        lambda p: -np.sum(weights * np.log(p)),
        empirical,
        method="SLSQP",
        bounds=[(1e-12, 1)] * len(counts),
        constraints=[{"type": "eq", "fun": lambda p: p.sum() - 1}, constraint],
        options={"ftol": 1e-14, "maxiter": 1000},
    )
    return float(-result.fun)


def independent_llr(config: SprtConfig, counts: list[int]) -> float:
    values = np.linspace(0, 1, len(counts))
    games = (len(counts) - 1) / 2

    def constraint(elo: float) -> dict[str, object]:
        if config.model == "logistic":
            return {"type": "eq", "fun": lambda p: p @ values - logistic_score(elo)}
        t = math.sqrt(games) * elo * math.log(10) / 800

        def t_value(p: np.ndarray) -> float:
            mean = p @ values
            return float(mean - 0.5 - t * math.sqrt(p @ (values - mean) ** 2))

        return {"type": "eq", "fun": t_value}

    return constrained_log_likelihood(counts, constraint(config.elo1)) - (
        constrained_log_likelihood(counts, constraint(config.elo0))
    )


@pytest.mark.parametrize("model", ["normalized", "logistic"])
@pytest.mark.parametrize(
    "counts", [[3, 8, 20, 11, 5], [1, 0, 7, 9, 2], [10, 7, 14], [0, 2, 5, 9, 6, 3, 1]]
)
def test_llr_matches_an_independent_constrained_optimiser(model: str, counts: list[int]) -> None:
    config = SprtConfig(-10, 40, model=model)
    assert log_likelihood_ratio(config, counts) == pytest.approx(
        independent_llr(config, counts), abs=2e-5
    )


def test_bounds_and_decisions_follow_wald() -> None:
    config = SprtConfig(0, 5, alpha=0.05, beta=0.1)
    assert config.lower_bound == pytest.approx(math.log(0.1 / 0.95))
    assert config.upper_bound == pytest.approx(math.log(0.9 / 0.05))
    assert config.decide(config.upper_bound) == "H1"
    assert config.decide(config.lower_bound) == "H0"
    assert config.decide(0.0) is None
    state = sprt_state(config, [0, 0, 0, 0, 0])
    assert (state.llr, state.decision, state.units, state.games) == (0.0, None, 0, 0)
    state = sprt_state(SprtConfig(0, 10), pentanomial(0, 0, 0, 0, 0, 5550))
    assert state.decision == "H1" and state.units == 5550 and state.games == 11100
    assert state.to_json()["config"]["model"] == "normalized"


@pytest.mark.parametrize(
    "arguments",
    [
        {"elo0": 5, "elo1": 0},
        {"elo0": 0, "elo1": 5, "alpha": 0.0},
        {"elo0": 0, "elo1": 5, "alpha": 0.6, "beta": 0.5},
        {"elo0": 0, "elo1": 5, "model": "bayesian"},
        {"elo0": 0, "elo1": 400, "model": "normalized"},
    ],
)
def test_invalid_configurations_are_refused(arguments: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="sprt"):
        SprtConfig(**arguments)


def pair_distribution(score: float, draws: float = 0.3, luck: float = 0.15) -> np.ndarray:
    """A seed pair whose seed favours one seat by ``luck``; mean score per game ``score``."""
    total = np.zeros(5)
    for shift in (luck, -luck):
        games = [
            np.array([1 - s - draws / 2, draws, s - draws / 2])
            for s in (score + shift, score - shift)
        ]
        total += 0.5 * np.convolve(*games)
    return total


def acceptance_of_h1(config: SprtConfig, distribution: np.ndarray, tests: int, seed: int) -> float:
    """Run ``tests`` SPRTs on pairs drawn from ``distribution``; return the share accepting H1."""
    rng = np.random.default_rng(seed)
    cumulative = np.cumsum(distribution)
    counts = np.zeros((tests, len(distribution)))
    decision = np.zeros(tests)
    active = np.arange(tests)
    for _ in range(5000):
        drawn = np.minimum(
            np.searchsorted(cumulative, rng.random(len(active))), len(cumulative) - 1
        )
        counts[active, drawn] += 1
        llr = log_likelihood_ratios(config, counts[active])
        decision[active[llr >= config.upper_bound]] = 1
        decision[active[llr <= config.lower_bound]] = -1
        active = active[decision[active] == 0]
        if not len(active):
            break
    assert not len(active), "every simulated test decides"
    return float(np.mean(decision == 1))


TESTS = 400
SLACK = 3 * math.sqrt(0.05 * 0.95 / TESTS)


def test_simulated_logistic_sprt_keeps_its_error_rates() -> None:
    config = SprtConfig(0, 80, model="logistic")
    at_h0 = acceptance_of_h1(config, pair_distribution(logistic_score(0)), TESTS, seed=1)
    at_h1 = acceptance_of_h1(config, pair_distribution(logistic_score(80)), TESTS, seed=2)
    midway = acceptance_of_h1(config, pair_distribution(logistic_score(40)), TESTS, seed=3)
    beyond = acceptance_of_h1(config, pair_distribution(logistic_score(160)), TESTS, seed=4)
    assert at_h0 <= config.alpha + SLACK
    assert at_h1 >= 1 - config.beta - SLACK
    assert abs(midway - 0.5) <= 3 * math.sqrt(0.25 / TESTS) + 0.05
    assert beyond >= 0.99


def pair_nelo(score: float) -> float:
    distribution = pair_distribution(score)
    values = np.linspace(0, 1, 5)
    mean = distribution @ values
    sigma = math.sqrt(distribution @ (values - mean) ** 2)
    return float((mean - 0.5) / (sigma * math.sqrt(2)) * 800 / math.log(10))


def test_simulated_normalized_sprt_keeps_its_error_rates() -> None:
    config = SprtConfig(0, 150, model="normalized")
    at_h1_score = brentq(lambda s: pair_nelo(s) - 150, 0.5, 0.69)
    at_h0 = acceptance_of_h1(config, pair_distribution(0.5), TESTS, seed=5)
    at_h1 = acceptance_of_h1(config, pair_distribution(at_h1_score), TESTS, seed=6)
    assert at_h0 <= config.alpha + SLACK
    assert at_h1 >= 1 - config.beta - SLACK
