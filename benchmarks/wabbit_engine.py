"""Wabbit engine speed: random legal play in-process; prints JSON.

decisions/s counts ``legal_actions`` + ``apply`` pairs; games/s counts whole matches.
Each figure is the median of several repeats. Usage: python benchmarks/wabbit_engine.py
[--games N] [--repeats R] [--profile] [--quick]; ``--quick`` plays 2 games once per player
count, a check that it runs.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from _common import emit, parse_arguments

from referee.games.rng import Rng
from referee.games.wabbit import GAME

QUICK = {"games": 2, "repeats": 1}


def play_games(players: int, games: int, first_seed: int) -> int:
    """Play ``games`` random matches; return the number of decisions taken."""
    config = GAME.make_config()
    decisions = 0
    for seed in range(first_seed, first_seed + games):
        state = GAME.new_state(config, players, seed)
        chooser = Rng(seed ^ 0xBEEF)
        while GAME.to_move(state) is not None:
            actions = GAME.legal_actions(state)
            state = GAME.apply(state, actions[chooser.below(len(actions))])
            decisions += 1
    return decisions


def measure(players: int, games: int, repeats: int) -> dict[str, float]:
    """Return the median decisions/s and games/s over ``repeats`` runs."""
    decision_rates, game_rates = [], []
    for repeat in range(repeats):
        start = time.perf_counter()
        decisions = play_games(players, games, repeat * games)
        elapsed = time.perf_counter() - start
        decision_rates.append(decisions / elapsed)
        game_rates.append(games / elapsed)
    return {
        "decisions_per_s": round(statistics.median(decision_rates)),
        "games_per_s": round(statistics.median(game_rates), 2),
    }


def main() -> None:
    """Parse arguments, run the benchmark (or profile it) and print JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    args = parse_arguments(parser, QUICK)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(play_games, 4, args.games, 0)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return
    result = {
        "benchmark": "wabbit_engine",
        "games_per_repeat": args.games,
        "repeats": args.repeats,
        "players_2": measure(2, args.games, args.repeats),
        "players_4": measure(4, args.games, args.repeats),
    }
    emit(result, args.quick)


if __name__ == "__main__":
    main()
