"""Matchmaking: games a league needs until its ranking is right, by how the next pairing is
chosen. Simulated leagues of bots of known strength (no real matches).

Each league draws its bots' true Elo (normal, sd ``--spread``), then plays pairings chosen by
one rule, each pairing as its two seat-swapped games, the winner drawn from the logistic Elo
curve; OpenSkill (Plackett–Luce, :mod:`tournaments.ratings`'s model) rates them as they go.
After every pairing the ranking (by ``mu``) is compared with the truth, over a budget of
``--games-per-bot`` games per bot: the games until its Kendall tau first reaches 0.9
(``tau_0_9``) and until its top 3 are first the true top 3 in order (``top_3``), and the games
after which each held for the rest of the budget (``..._held``; one that never settles counts
the whole budget). The rules:

* ``settle`` — :func:`tournaments.arena.matchmaking.choose_group`: new bots first, then by
  turns the pairing whose game is expected to settle the ranking most (the top three
  favoured) and the least-played bot against its partner of most gain for their meetings;
* ``psyleague`` — psyleague's rule: a random bot under ``mm_min_matches`` games (200 by
  default: any bot, in these leagues) against a random opponent;
* ``round-robin`` — every pairing in turn, over and over.

The headline is, per league size, the median over leagues of each figure and the ratio
``settle / psyleague`` (target 0.5 or less).
Usage: ``python benchmarks/matchmaking.py [--leagues 20] [--sizes 12 30] [--quick]``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence

from _common import emit, parse_arguments
from openskill.models import PlackettLuce
from scipy.stats import kendalltau

from tournaments.arena.matchmaking import Estimate, choose_group, meetings

QUICK = {"leagues": 2, "sizes": [6], "games_per_bot": 40}
PSYLEAGUE_MIN_MATCHES = 200
"""psyleague's default ``mm_min_matches`` (its ``mm_min_matches_preference`` is 1.0)."""

Rule = Callable[[list[Estimate], random.Random], tuple[str, str]]


def settle() -> Rule:
    """The arena's rule, with the step numbers and the meetings the arena keeps (a pairing is
    one step: its two games on one seed)."""
    met: Counter[frozenset[str]] = Counter()
    steps = itertools.count(1)

    def rule(bots: list[Estimate], rng: random.Random) -> tuple[str, str]:
        step = next(steps)
        first, second = choose_group(bots, 2, rng, step=step, met=met)
        met.update(meetings([((first, second), step)]))
        return first, second

    return rule


def psyleague(bots: list[Estimate], rng: random.Random) -> tuple[str, str]:
    """psyleague's rule: a random bot among those under ``mm_min_matches`` games (any bot when
    none is), against a random other bot."""
    short = [bot for bot in bots if bot.games < PSYLEAGUE_MIN_MATCHES]
    first = rng.choice(short or bots)
    second = rng.choice([bot for bot in bots if bot is not first])
    return first.name, second.name


def round_robin(size: int) -> Rule:
    """Every pairing in turn, over and over."""
    pairings = itertools.cycle(itertools.combinations(range(size), 2))

    def rule(bots: list[Estimate], rng: random.Random) -> tuple[str, str]:
        first, second = next(pairings)
        return bots[first].name, bots[second].name

    return rule


def _top3_right(truth: Sequence[float], mus: Sequence[float]) -> bool:
    """Whether the three best by ``mus`` are the three best by ``truth``, in order."""

    def best(values: Sequence[float]) -> list[int]:
        return sorted(range(len(values)), key=lambda index: -values[index])[:3]

    return best(truth) == best(mus)


def _first(trajectory: Sequence[tuple[int, bool]], budget: int) -> int:
    """Return the games after which a figure first held (``budget`` if it never did)."""
    return next((played for played, holds in trajectory if holds), budget)


def _held(trajectory: Sequence[tuple[int, bool]], budget: int) -> int:
    """Return the games after which a figure held to the end (``budget`` if it never did)."""
    since = budget
    for played, holds in reversed(trajectory):
        if not holds:
            break
        since = played
    return since


def play_league(size: int, rule: Rule, seed: int, spread: float, budget: int) -> dict[str, int]:
    """Play one league of ``budget`` games by ``rule``; return the games until tau 0.9 and
    the top 3, first and for good."""
    rng = random.Random(seed)
    truth = [rng.gauss(0.0, spread) for _ in range(size)]
    names = [f"b{index}" for index in range(size)]
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    games = dict.fromkeys(names, 0)
    strength = dict(zip(names, truth, strict=True))
    taus: list[tuple[int, bool]] = []
    tops: list[tuple[int, bool]] = []
    played = 0
    while played < budget:
        bots = [Estimate(n, ratings[n].mu, ratings[n].sigma, games[n]) for n in names]
        first, second = rule(bots, rng)
        for a, b in ((first, second), (second, first)):
            p_a = 1.0 / (1.0 + 10.0 ** ((strength[b] - strength[a]) / 400.0))
            ranks = [1, 2] if rng.random() < p_a else [2, 1]
            [[ratings[a]], [ratings[b]]] = model.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
            games[a] += 1
            games[b] += 1
            played += 1
        mus = [ratings[name].mu for name in names]
        taus.append((played, kendalltau(truth, mus).statistic >= 0.9))
        tops.append((played, _top3_right(truth, mus)))
    return {
        "tau_0_9": _first(taus, budget),
        "top_3": _first(tops, budget),
        "tau_0_9_held": _held(taus, budget),
        "top_3_held": _held(tops, budget),
    }


def measure(size: int, leagues: int, spread: float, budget: int) -> dict[str, object]:
    """Return each rule's median games to each figure over ``leagues`` leagues of ``size``."""
    rules: dict[str, Callable[[], Rule]] = {
        "settle": settle,
        "psyleague": lambda: psyleague,
        "round-robin": lambda: round_robin(size),
    }
    medians: dict[str, dict[str, float]] = {}
    for name, make in rules.items():
        runs = [play_league(size, make(), seed, spread, budget) for seed in range(leagues)]
        medians[name] = {
            figure: statistics.median(run[figure] for run in runs) for figure in runs[0]
        }
    ratios = {
        figure: round(medians["settle"][figure] / medians["psyleague"][figure], 2)
        for figure in medians["settle"]
    }
    return {
        "bots": size,
        "budget_games": budget,
        "median_games": medians,
        "settle_to_psyleague": ratios,
    }


def main() -> None:
    """Simulate the leagues and print JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--leagues", type=int, default=20)
    parser.add_argument("--sizes", type=int, nargs="+", default=[12, 30])
    parser.add_argument("--spread", type=float, default=200.0, help="sd of true Elo")
    parser.add_argument(
        "--games-per-bot", type=int, default=200, help="the budget: games per bot of a league"
    )
    args = parse_arguments(parser, QUICK)
    report = {
        "benchmark": "matchmaking",
        "leagues": args.leagues,
        "spread_elo": args.spread,
        "target_ratio": 0.5,
        "sizes": [
            measure(size, args.leagues, args.spread, args.games_per_bot * size)
            for size in args.sizes
        ],
    }
    emit(report, args.quick)


if __name__ == "__main__":
    main()
