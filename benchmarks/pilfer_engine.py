"""Pilfer engine speed: random legal play in-process, printed as JSON.

Measures decisions per second (legal_actions + apply, as driven by
referee.games.playout.random_playout) and whole games per second for the Raid
scenario with 2 and 4 players. Each figure is the median of several repeats.

Usage: python benchmarks/pilfer_engine.py [--games N] [--repeats R] [--quick];
``--quick`` plays 2 games once per player count, a check that it runs.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _common import emit, parse_arguments

from referee.games.pilfer import GAME, make_config
from referee.games.playout import random_playout

QUICK = {"games": 2, "repeats": 1}


def run_batch(players: int, games: int, first_seed: int) -> tuple[int, float]:
    """Play ``games`` random games; return (decisions, seconds)."""
    config = make_config("raid")
    decisions = 0
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        state = GAME.new_state(config, players, seed)
        decisions += random_playout(GAME, state, seed).decisions
    return decisions, time.perf_counter() - started


def measure(players: int, games: int, repeats: int) -> dict[str, object]:
    """Return median decisions/s and games/s over ``repeats`` batches."""
    rates = []
    game_rates = []
    total = 0
    for repeat in range(repeats):
        decisions, seconds = run_batch(players, games, repeat * games)
        total += decisions
        rates.append(decisions / seconds)
        game_rates.append(games / seconds)
    return {
        "scenario": "raid",
        "players": players,
        "games": games * repeats,
        "decisions": total,
        "decisions_per_s": round(statistics.median(rates)),
        "games_per_s": round(statistics.median(game_rates), 2),
    }


def main() -> None:
    """Parse arguments, run the measurements and print one JSON document."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="repeats per player count")
    args = parse_arguments(parser, QUICK)
    results = [measure(players, args.games, args.repeats) for players in (2, 4)]
    emit({"benchmark": "pilfer_engine", "repeats": args.repeats, "results": results}, args.quick)


if __name__ == "__main__":
    main()
