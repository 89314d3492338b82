"""SPRT against a fixed-length test: games to a decision at Elo differences 0, elo1/2, elo1 and
2·elo1, for 2-player pairings (pentanomial) and the 3- and 4-player rule (seat-rotated cycles).

Simulated results, so the true difference is known exactly:

* **Two players.** A seed pair's two games have the bot's win/draw/loss chances
  ``(s + c - d/2, d, 1 - s - c - d/2)`` in its first game and the same with ``-c`` in the
  second, where the seed favours one seat by ``c = ±seat_luck`` (each sign half the time) and
  ``d`` is the draw rate: the expected score per game is exactly ``s`` and the seed's luck
  cancels over the pair, as in colour-swapped chess pairs.
* **Three and four players.** Plackett–Luce games drawn with Gumbel noise attached to the
  *seats*: one draw of seat luck per cycle, reused by the ``k`` games as the bots rotate
  through the seats. Each game alone is exactly Plackett–Luce, so the bot places above the
  opponent with probability ``1 / (1 + 10^(-Δ/400))``; the games of a cycle share the luck.

For the normalized model the simulated difference is set so that the units' normalised Elo is
the target (computed exactly for two players, from a large fixed sample for more:
``--calibration-units`` cycles).

Each scenario runs ``--tests`` independent tests per point, all at once (vectorised), each until
it decides or reaches ``--cap`` times the fixed length. The fixed-length test is the one-sided
z-test on the units' mean score with the same error rates:
``n = ((z_{1-α} σ0 + z_{1-β} σ1) / (μ1 - μ0))²`` units, with ``μ``, ``σ`` of a unit's mean
score at elo0 and elo1; it is given for the nominal ``alpha``/``beta`` and for the error rates
the SPRT actually reached. The headline ratio is the SPRT's mean games over the four points
divided by the fixed test's games (target: at most 0.5).

Usage: ``python benchmarks/sprt.py [--tests 2000] [--elo1 30] [--alpha 0.05] [--beta 0.05]
[--players 2 3 4] [--models normalized logistic] [--calibration-units 400000] [--quick]``.
Prints JSON. ``--quick`` runs 20 tests per point with elo1 60 (decided in a quarter of the
games) and 20,000 calibration cycles, a check that it runs.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from statistics import NormalDist
from typing import Any

import numpy as np
from _common import emit, parse_arguments
from scipy.optimize import brentq

from tournaments.stats.sprt import NELO_PER_T, SprtConfig, log_likelihood_ratios, logistic_score

DRAW_RATE = 0.3
SEAT_LUCK = 0.15
TARGET_RATIO = 0.5
QUICK = {"tests": 20, "elo1": 60.0, "calibration_units": 20_000}

Sampler = Callable[[np.random.Generator, int], np.ndarray]


def pair_distribution(score: float) -> np.ndarray:
    """Exact distribution of a seed pair's total (0..4 half points) at expected score ``score``."""
    total = np.zeros(5)
    for luck in (SEAT_LUCK, -SEAT_LUCK):
        first = _game(score + luck)
        second = _game(score - luck)
        total += 0.5 * np.convolve(first, second)
    return total


def _game(score: float) -> np.ndarray:
    win = score - DRAW_RATE / 2
    loss = 1.0 - score - DRAW_RATE / 2
    if min(win, loss) < 0:
        raise ValueError("score out of the model's range")
    return np.array([loss, DRAW_RATE, win])


def pair_sampler(score: float) -> Sampler:
    cumulative = np.cumsum(pair_distribution(score))

    def sample(rng: np.random.Generator, rows: int) -> np.ndarray:
        return np.minimum(np.searchsorted(cumulative, rng.random(rows)), 4)

    return sample


def cycle_totals(rng: np.random.Generator, rows: int, players: int, elo: float) -> np.ndarray:
    """Twice the bot's total relative score over one cycle of ``players`` games, per row."""
    luck = rng.gumbel(size=(rows, players))
    strength = elo * math.log(10.0) / 400.0
    wins = np.zeros(rows, dtype=np.int64)
    for shift in range(players):
        bot_seat, opponent_seat = (-shift) % players, (1 - shift) % players
        wins += (strength + luck[:, bot_seat] > luck[:, opponent_seat]).astype(np.int64)
    return 2 * wins


def cycle_sampler(players: int, elo: float) -> Sampler:
    def sample(rng: np.random.Generator, rows: int) -> np.ndarray:
        return cycle_totals(rng, rows, players, elo)

    return sample


def unit_moments(distribution: np.ndarray) -> tuple[float, float]:
    values = np.linspace(0.0, 1.0, len(distribution))
    mean = float(values @ distribution)
    return mean, float(np.sqrt(((values - mean) ** 2) @ distribution))


def nelo_of(distribution: np.ndarray) -> float:
    mean, sigma = unit_moments(distribution)
    games = (len(distribution) - 1) / 2
    return (mean - 0.5) / (sigma * math.sqrt(games)) * NELO_PER_T


class Scenario:
    """How to simulate units at a target difference, for one player count and model."""

    def __init__(self, players: int, model: str, seed: int, calibration_units: int) -> None:
        self.players = players
        self.model = model
        self._calibration = np.random.default_rng(seed).gumbel(size=(calibration_units, players))

    def distribution(self, target: float) -> tuple[np.ndarray, Sampler]:
        """The unit distribution and a sampler at normalised or logistic difference ``target``."""
        if self.players == 2:
            score = logistic_score(target)
            if self.model == "normalized":
                score = brentq(lambda s: nelo_of(pair_distribution(s)) - target, 0.31, 0.69)
            return pair_distribution(score), pair_sampler(score)
        elo = target
        if self.model == "normalized":
            elo = brentq(lambda e: nelo_of(self._cycle_distribution(e)) - target, -400, 400)
        return self._cycle_distribution(elo), cycle_sampler(self.players, elo)

    def _cycle_distribution(self, elo: float) -> np.ndarray:
        strength = elo * math.log(10.0) / 400.0
        luck = self._calibration
        wins = np.zeros(len(luck), dtype=np.int64)
        for shift in range(self.players):
            bot, opponent = (-shift) % self.players, (1 - shift) % self.players
            wins += (strength + luck[:, bot] > luck[:, opponent]).astype(np.int64)
        return np.bincount(2 * wins, minlength=2 * self.players + 1) / len(luck)


def run_tests(
    config: SprtConfig, sample: Sampler, size: int, tests: int, cap: int, seed: int
) -> dict[str, Any]:
    """Run ``tests`` SPRTs at once; return acceptance rates and mean games to a decision."""
    rng = np.random.default_rng(seed)
    counts = np.zeros((tests, size))
    decision = np.zeros(tests, dtype=np.int64)  # 0 running, 1 H1, -1 H0
    used = np.zeros(tests, dtype=np.int64)
    active = np.arange(tests)
    for step in range(1, cap + 1):
        counts[active, sample(rng, len(active))] += 1
        llr = log_likelihood_ratios(config, counts[active])
        decision[active[llr >= config.upper_bound]] = 1
        decision[active[llr <= config.lower_bound]] = -1
        used[active] = step
        active = active[decision[active] == 0]
        if not len(active):
            break
    games = (size - 1) // 2
    return {
        "accept_h1": float(np.mean(decision == 1)),
        "undecided": int(np.sum(decision == 0)),
        "mean_games": float(np.mean(used)) * games,
        "max_games": int(used.max()) * games,
    }


def fixed_games(
    low: np.ndarray, high: np.ndarray, alpha: float, beta: float, games_per_unit: int
) -> float:
    mean0, sigma0 = unit_moments(low)
    mean1, sigma1 = unit_moments(high)
    normal = NormalDist()
    spread = normal.inv_cdf(1 - alpha) * sigma0 + normal.inv_cdf(1 - beta) * sigma1
    return math.ceil((spread / (mean1 - mean0)) ** 2) * games_per_unit


def scenario_report(args: argparse.Namespace, players: int, model: str) -> dict[str, Any]:
    started = time.perf_counter()
    config = SprtConfig(args.elo0, args.elo1, args.alpha, args.beta, model)
    scenario = Scenario(players, model, args.seed, args.calibration_units)
    size = 2 * players + 1
    low, _ = scenario.distribution(args.elo0)
    high, _ = scenario.distribution(args.elo1)
    nominal = fixed_games(low, high, args.alpha, args.beta, players)
    cap = args.cap * nominal // players
    points = []
    for index, elo in enumerate((args.elo0, args.elo1 / 2, args.elo1, 2 * args.elo1)):
        _, sample = scenario.distribution(elo)
        result = run_tests(config, sample, size, args.tests, cap, args.seed + index)
        points.append({"elo": elo, **result})
    floor = 1.0 / args.tests
    alpha_seen = points[0]["accept_h1"]
    beta_seen = 1.0 - points[2]["accept_h1"] - points[2]["undecided"] / args.tests
    realised = fixed_games(low, high, max(alpha_seen, floor), max(beta_seen, floor), players)
    mean_games = sum(point["mean_games"] for point in points) / len(points)
    return {
        "players": players,
        "model": model,
        "points": points,
        "alpha_simulated": alpha_seen,
        "beta_simulated": beta_seen,
        "binomial_sd": math.sqrt(args.alpha * (1 - args.alpha) / args.tests),
        "fixed_games_nominal": nominal,
        "fixed_games_same_error_rates": realised,
        "sprt_mean_games": mean_games,
        "ratio_to_nominal": mean_games / nominal,
        "ratio_to_same_error_rates": mean_games / realised,
        "seconds": time.perf_counter() - started,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tests", type=int, default=2000)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=30.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--cap", type=int, default=20, help="stop a test at cap x fixed games")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--models", nargs="+", default=["normalized", "logistic"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--calibration-units", type=int, default=400_000, help="cycles that set normalized Elo"
    )
    args = parse_arguments(parser, QUICK)
    scenarios = [
        scenario_report(args, players, model) for players in args.players for model in args.models
    ]
    report = {
        "benchmark": "sprt",
        "tests_per_point": args.tests,
        "elo0": args.elo0,
        "elo1": args.elo1,
        "alpha": args.alpha,
        "beta": args.beta,
        "target_ratio": TARGET_RATIO,
        "scenarios": scenarios,
        "target_met": all(s["ratio_to_same_error_rates"] <= TARGET_RATIO for s in scenarios),
    }
    emit(report, args.quick)


if __name__ == "__main__":
    main()
