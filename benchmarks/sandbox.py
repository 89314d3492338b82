"""The cost of each sandbox level: round trip to a bot and tournament games/s, ratios to none.

For each level that works here (``none``, ``basic``, ``strict``) in one run:

- **round trip**: a random bot started at that level; ``--calls`` unary ``Describe`` calls over
  its channel (loopback TCP, or the Unix socket under ``strict``); median and p99 in µs;
- **tournament**: the same round-robin of random bots (``--bots``, ``--games-per-pairing``) at
  concurrency 2 with ``[sandbox] level = ...``; games per second of the match phase.

Rounds rotate the order of the levels, ``--repeats`` times, so that load from elsewhere on a
shared machine hits all alike; the headline is the median over rounds of each level's games/s
divided by ``none``'s in the same round (target for ``strict``: at least 0.90, i.e. it costs at
most 10%). Prints JSON. Usage: ``python benchmarks/sandbox.py [--bots 5] [--games-per-pairing 2]
[--calls 2000] [--repeats 5] [--quick]``; ``--quick`` makes one round of 20 calls and one match
per level, a check that it runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import grpc
from _common import emit, parse_arguments
from ruckus.limits import CHANNEL_OPTIONS
from ruckus.v1 import bot_pb2

from referee.sandbox import Level, Sandbox, unavailable
from referee.transport.process import BotProcess
from tournaments.runner import SilentObserver, start_run

TARGET_STRICT_RATIO = 0.90
QUICK = {"bots": 2, "games_per_pairing": 1, "calls": 20, "repeats": 1}


def round_trip(level: Level, calls: int, workdir: Path) -> dict[str, float]:
    """Time ``calls`` Describe round trips to a random bot at ``level``."""
    argv = [sys.executable, "-m", "sample_bots.pilfer_random"]
    process = BotProcess(argv, workdir / f"rt-{level.value}.log", Sandbox(level))
    try:
        problem = process.wait_listening(15.0)
        assert problem is None, problem
        with grpc.insecure_channel(process.address, options=list(CHANNEL_OPTIONS)) as channel:
            describe = channel.unary_unary(
                "/ruckus.v1.Bot/Describe",
                request_serializer=bot_pb2.DescribeRequest.SerializeToString,
                response_deserializer=bot_pb2.BotInfo.FromString,
            )
            describe(bot_pb2.DescribeRequest(), timeout=10)
            times = []
            for _ in range(calls):
                began = time.perf_counter()
                describe(bot_pb2.DescribeRequest(), timeout=10)
                times.append((time.perf_counter() - began) * 1e6)
    finally:
        process.stop()
    times.sort()
    return {
        "median_us": round(statistics.median(times), 1),
        "p99_us": round(times[len(times) * 99 // 100], 1),
    }


def definition(level: Level, bots: int, games: int) -> str:
    """Return a round-robin of ``bots`` random Pilfer bots at sandbox ``level``."""
    entries = ", ".join(f'{{ name = "r{index}", sample = "random" }}' for index in range(bots))
    return (
        f'name = "bench"\ngame = "pilfer"\nplayers = 2\nformat = "round-robin"\n'
        f"games_per_pairing = {games}\nseed = 1\nbots = [{entries}]\n"
        f'[sandbox]\nlevel = "{level.value}"\n'
    )


def games_per_second(level: Level, args: argparse.Namespace, workdir: Path, run: int) -> float:
    """Play the round-robin at ``level`` at concurrency 2; return its games per second."""
    source = workdir / f"{level.value}.toml"
    source.write_text(definition(level, args.bots, args.games_per_pairing))
    summary = start_run(source, workdir / f"run-{level.value}-{run}", 2, SilentObserver())
    return summary.played / summary.seconds


def main() -> None:
    """Measure every level that works here, rounds rotating their order; print the report."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bots", type=int, default=5)
    parser.add_argument("--games-per-pairing", type=int, default=2)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parse_arguments(parser, QUICK)
    levels = [
        level for level in (Level.NONE, Level.BASIC, Level.STRICT) if unavailable(level) is None
    ]
    skipped = {level.value: unavailable(level) for level in Level if unavailable(level) is not None}
    load_before = os.getloadavg()[0]
    trips: dict[str, list[dict[str, float]]] = {level.value: [] for level in levels}
    rates: dict[str, list[float]] = {level.value: [] for level in levels}
    with tempfile.TemporaryDirectory(prefix="ruckus-bench-") as tmp:
        for run in range(args.repeats):
            order = levels[run % len(levels) :] + levels[: run % len(levels)]
            for level in order:
                trips[level.value].append(round_trip(level, args.calls, Path(tmp)))
                rates[level.value].append(games_per_second(level, args, Path(tmp), run))
    ratios = {
        level: [rate / base for rate, base in zip(rates[level], rates["none"], strict=True)]
        for level in rates
    }
    trip_ratios = {
        level: [
            trip["median_us"] / base["median_us"]
            for trip, base in zip(trips[level], trips["none"], strict=True)
        ]
        for level in trips
    }
    strict_ratio = statistics.median(ratios["strict"]) if "strict" in ratios else None
    report = {
        "benchmark": "sandbox",
        "cpus": os.cpu_count(),
        "load_average_1min": {"before": load_before, "after": os.getloadavg()[0]},
        "unavailable": skipped,
        "round_trip": trips,
        "round_trip_median_ratio_to_none": {
            level: round(statistics.median(values), 3) for level, values in trip_ratios.items()
        },
        "games_per_s": {
            level: [round(rate, 3) for rate in values] for level, values in rates.items()
        },
        "games_per_s_ratio_to_none": {
            level: [round(value, 3) for value in values] for level, values in ratios.items()
        },
        "median_games_per_s_ratio_to_none": {
            level: round(statistics.median(values), 3) for level, values in ratios.items()
        },
        "target_strict_ratio": TARGET_STRICT_RATIO,
        "meets_target": strict_ratio is not None and strict_ratio >= TARGET_STRICT_RATIO,
    }
    emit(report, args.quick)


if __name__ == "__main__":
    main()
