"""Page latency of ``ruckus web`` on a large run: a store of 100 bots and 100,000 results
(bulk SQL in the store's schema, one real match log that every result names), served on
loopback; every page type is requested ``--requests`` times and its p50/p95 reported (target:
p95 under 100 ms). ``first_ms`` is each page's first request, before anything it computes is
cached. ``--quick``: 8 bots, 400 results, 5 requests a page.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from _common import emit, parse_arguments

from referee.games import get_game
from referee.match import MatchSetup, run_match
from referee.match.random_player import RandomPlayer
from referee.matchlog import LogWriter
from tournaments.store import DATABASE, DecisionTimes, ResultStore
from tournaments.web.server import ServeOptions, start
from tournaments.web.source import RunFolderSource

LOG = "logs/shared.jsonl"
TARGET_MS = 100.0


def definition_text(bots: int) -> str:
    entries = "\n".join(
        f'  {{ name = "b{n:03d}", sample = "pilfer-random" }},' for n in range(bots)
    )
    return (
        'name = "web-bench"\ngame = "pilfer"\nplayers = 2\nformat = "round-robin"\n'
        f"games_per_pairing = 2\nseed = 1\nbots = [\n{entries}\n]\n"
    )


def write_log(path: Path) -> None:
    engine = get_game("pilfer")
    setup = MatchSetup(engine, engine.make_config(), 1, "bench", engine.spec.default_scenario)
    path.parent.mkdir(parents=True, exist_ok=True)
    with LogWriter(path) as writer:
        run_match(setup, [RandomPlayer(1, "bench"), RandomPlayer(2, "bench")], [writer])


def synthesize(root: Path, bots: int, results: int) -> None:
    """Create the run: its definition through the store's API, its results by bulk SQL."""
    ResultStore.create(root, definition_text(bots)).close()
    write_log(root / LOG)
    rng = random.Random(7)
    names = [f"b{n:03d}" for n in range(bots)]
    strength = {name: rng.gauss(0, 1) for name in names}
    times = json.dumps([DecisionTimes.of([1.0, 2.0]).to_json()] * 2)
    rows = []
    for seq in range(1, results + 1):
        a, b = rng.sample(names, 2)
        edge = strength[a] - strength[b] + rng.gauss(0, 1.5)
        ranks = [1, 1] if abs(edge) < 0.3 else ([1, 2] if edge > 0 else [2, 1])
        faults = [{"TIMEOUT": 1} if rng.random() < 0.01 else {}, {}]
        stamp = f"2026-01-01T00:00:{seq % 60:02d}.000Z"
        rows.append(
            (
                f"g{seq:06d}/{a}~{b}",
                seq,
                seq // 500,
                "completed",
                json.dumps([a, b]),
                seq,
                LOG,
                json.dumps(ranks),
                json.dumps([3 - r for r in ranks]),
                "round_cap",
                json.dumps(faults),
                times,
                stamp,
                stamp,
            )
        )
    import sqlite3

    with sqlite3.connect(root / DATABASE) as db:
        db.executemany(
            "INSERT INTO matches (key, seq, round, status, seats, seed, log_path, "
            "ranks, scores, reason, faults, decision_times, started_at, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


def timed(url: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as response:
        response.read()
    return 1000 * (time.perf_counter() - started)


def pages(bots: int, key: str) -> dict[str, list[str]]:
    names = [f"b{n:03d}" for n in range(bots)]
    cycle = itertools.cycle(names)
    return {
        "leaderboard": [""],
        "bot": [f"bots/{next(cycle)}" for _ in range(10)],
        "matches": ["matches"],
        "matches_filtered": [f"matches?bot={name}&outcome=loss" for name in names[:10]],
        "match": [f"match/{key}"],
        "run": ["run"],
        "versus": [f"api/versus?bot={name}" for name in names[:10]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bots", type=int, default=100)
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=50)
    args = parse_arguments(parser, {"bots": 8, "results": 400, "requests": 5})
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "run"
        synthesize(root, args.bots, args.results)
        started = time.perf_counter()
        source = RunFolderSource(root)
        server = start(source, ServeOptions(resamples=0))
        load_s = time.perf_counter() - started
        try:
            key = server.site.board.matches[0].result.key
            report = measure(server.url, pages(args.bots, key), args.requests)
            report["replay"] = latencies(server.url, [f"replay/{key}"], max(2, args.requests // 10))
        finally:
            server.stop()
            source.close()
    emit(
        {
            "benchmark": "web",
            "bots": args.bots,
            "results": args.results,
            "load_s": round(load_s, 2),
            "target_p95_ms": TARGET_MS,
            "pages": report,
        },
        args.quick,
    )


def measure(url: str, kinds: dict[str, list[str]], requests: int) -> dict[str, dict[str, float]]:
    return {kind: latencies(url, paths, requests) for kind, paths in kinds.items()}


def latencies(url: str, paths: list[str], requests: int) -> dict[str, float]:
    first = timed(url + paths[0])
    samples = [timed(url + paths[n % len(paths)]) for n in range(requests)]
    cut = statistics.quantiles(samples, n=20)[-1] if len(samples) > 1 else samples[0]
    return {
        "first_ms": round(first, 1),
        "p50_ms": round(statistics.median(samples), 1),
        "p95_ms": round(cut, 1),
    }


if __name__ == "__main__":
    sys.exit(main())
