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

**Seat effects** (3 and 4 players). The same Plackett–Luce games with strengths of their own for
the seats (:data:`SEAT_ELO`: +87, 0, -87 Elo for three seats; +130, +44, -44, -130 for four) and
every bot equally strong, seated as the schedule seats one group
(:func:`tournaments.schedule.seats.seat_plans`) under each ``seat_rotation``: ``cyclic`` (every
cycle rotated the same way, what runs used before) and ``alternating`` (every odd cycle with the
seats reversed). For the first bot against each other bot of the group: the Elo the seats alone
give it (exact, over an even and an odd cycle) and the SPRT's false-positive rate (H1 accepted
although the bots are equal; nominal ``alpha``).

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

from tournaments.formats.base import SEAT_ROTATIONS
from tournaments.schedule.seats import rotate, seat_plans
from tournaments.stats.elo import elo_from_score
from tournaments.stats.sprt import NELO_PER_T, SprtConfig, log_likelihood_ratios, logistic_score

DRAW_RATE = 0.3
SEAT_LUCK = 0.15
SEAT_ELO = {3: (87.0, 0.0, -87.0), 4: (130.0, 44.0, -44.0, -130.0)}
"""The seats' own strengths (Elo) of the seat-effect scenarios."""
TARGET_RATIO = 0.5
QUICK = {"tests": 20, "elo1": 60.0, "calibration_units": 20_000}
NATURAL_PER_ELO = math.log(10.0) / 400.0

Sampler = Callable[[np.random.Generator, int, int], np.ndarray]
"""Draws the outcome index of unit ``step`` (from 0) for ``rows`` tests at once."""
Orders = list[tuple[int, ...]]


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

    def sample(rng: np.random.Generator, rows: int, step: int) -> np.ndarray:
        return np.minimum(np.searchsorted(cumulative, rng.random(rows)), 4)

    return sample


def cycle_totals(
    luck: np.ndarray, orders: Orders, bots: np.ndarray, seats: np.ndarray, opponent: int = 1
) -> np.ndarray:
    """Twice bot 0's total relative score against ``opponent`` over the games seated by
    ``orders`` (bot per seat), one row of seat luck each; strengths in natural-log units."""
    wins = np.zeros(len(luck), dtype=np.int64)
    for order in orders:
        mine, theirs = order.index(0), order.index(opponent)
        first = bots[0] + seats[mine] + luck[:, mine]
        wins += (first > bots[opponent] + seats[theirs] + luck[:, theirs]).astype(np.int64)
    return 2 * wins


def forward_cycle(players: int) -> Orders:
    """The seat orders of one cycle of bots ``0 .. players - 1``."""
    return [rotate(tuple(range(players)), game) for game in range(players)]


def cycle_sampler(players: int, elo: float) -> Sampler:
    bots = np.zeros(players)
    bots[0] = elo * NATURAL_PER_ELO

    def sample(rng: np.random.Generator, rows: int, step: int) -> np.ndarray:
        luck = rng.gumbel(size=(rows, players))
        return cycle_totals(luck, forward_cycle(players), bots, np.zeros(players))

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
        bots = np.zeros(self.players)
        bots[0] = elo * NATURAL_PER_ELO
        orders = forward_cycle(self.players)
        totals = cycle_totals(self._calibration, orders, bots, np.zeros(self.players))
        return np.bincount(totals, minlength=2 * self.players + 1) / len(totals)


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
        counts[active, sample(rng, len(active), step - 1)] += 1
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
    seats = seat_effects(args, config, players, cap) if players in SEAT_ELO else None
    return {
        "players": players,
        "model": model,
        "points": points,
        "seat_effects": seats,
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


def seat_effects(
    args: argparse.Namespace, config: SprtConfig, players: int, cap: int
) -> dict[str, Any]:
    """Equal bots in seats of unequal strength: per seat rotation and opponent, the Elo the
    seats give the first bot and the SPRT's false-positive rate."""
    seat_elo = np.array(SEAT_ELO[players])
    report: dict[str, Any] = {"seat_elo": list(SEAT_ELO[players])}
    for rotation in SEAT_ROTATIONS:
        plan = seat_plans([tuple(range(players))], 2 * players, players, rotation)[0]
        cycles = [plan[:players], plan[players:]]
        rows = []
        for opponent in range(1, players):
            games = [(order.index(0), order.index(opponent)) for order in plan]
            score = sum(logistic_score(seat_elo[a] - seat_elo[b]) for a, b in games) / len(plan)
            sample = seat_sampler(cycles, seat_elo * NATURAL_PER_ELO, opponent)
            result = run_tests(config, sample, 2 * players + 1, args.tests, cap, args.seed)
            rows.append(
                {
                    "opponent_seat_offset": opponent,
                    "seat_elo_gain": round(elo_from_score(score), 2) + 0.0,
                    "false_positive": result["accept_h1"],
                    "undecided": result["undecided"],
                }
            )
        report[rotation] = {
            "pairings": rows,
            "false_positive_max": max(row["false_positive"] for row in rows),
        }
    return report


def seat_sampler(cycles: list[Orders], seats: np.ndarray, opponent: int) -> Sampler:
    """Cycles of equal bots in seats of strengths ``seats``, the schedule's cycles in turn."""
    players = len(seats)

    def sample(rng: np.random.Generator, rows: int, step: int) -> np.ndarray:
        luck = rng.gumbel(size=(rows, players))
        orders = cycles[step % len(cycles)]
        return cycle_totals(luck, orders, np.zeros(players), seats, opponent)

    return sample


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
        "seat_effect_false_positive_max": {
            rotation: max(
                s["seat_effects"][rotation]["false_positive_max"]
                for s in scenarios
                if s["seat_effects"]
            )
            for rotation in SEAT_ROTATIONS
            if any(s["seat_effects"] for s in scenarios)
        },
    }
    emit(report, args.quick)


if __name__ == "__main__":
    main()
