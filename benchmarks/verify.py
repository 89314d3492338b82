"""``replay verify RUN`` speed: logs/s of one sealed run folder, on one core and on every core.

The run is a round-robin of random in-process players written as the runner writes it (each
log sealed with the run's key, played as the definition says, every result recorded), so
verify does all it does for a real run: the MACs, the replay of every decision, and each log
against the definition and its stored result. The two verifications alternate ``--repeats``
times; the headline is the median of their logs/s and of the ratio every-core / one-core.
Usage: ``python benchmarks/verify.py [--logs 1000] [--repeats 3] [--quick]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from _common import emit, parse_arguments

from referee.match import run_match
from referee.match.random_player import RandomPlayer
from referee.matchlog import LogWriter
from tournaments.replay.checks import Status
from tournaments.replay.verifying import verify_paths
from tournaments.runner.fleet import describe_source
from tournaments.runner.layout import RunFolder
from tournaments.runner.records import result_from_log
from tournaments.runner.tasks import match_task
from tournaments.runner.worker import TaskDone
from tournaments.schedule import next_matches
from tournaments.store import ResultStore

QUICK = {"logs": 30, "repeats": 1}
BOTS = 5
MOMENT = "2026-01-01T00:00:00.000Z"


def definition_text(logs: int) -> str:
    """Return a round-robin of random sample bots with about ``logs`` matches."""
    pairings = BOTS * (BOTS - 1) // 2
    games = max(1, round(logs / pairings))
    bots = "\n".join(
        f'[[bots]]\nname = "r{number}"\nsample = "pilfer-random"\n' for number in range(BOTS)
    )
    return (
        f'name = "verify-bench"\ngame = "pilfer"\nformat = "round-robin"\n'
        f"games_per_pairing = {games}\nseed = 3\n\n{bots}"
    )


def write_run(root: Path, logs: int) -> int:
    """Write a run folder whose matches are all logged and recorded; return the log count."""
    store = ResultStore.create(root, definition_text(logs))
    folder = RunFolder(root)
    folder.create()
    definition = store.definition()
    sources = {entry.name: describe_source(entry) for entry in definition.bots}
    matches = next_matches(definition, {})
    for match in matches:
        setup = match_task(definition, match, (), folder).setup
        seats = [
            RandomPlayer(match.seed + seat, sources[name]) for seat, name in enumerate(match.seats)
        ]
        with LogWriter(folder.log_path(match.key), folder.log_key()) as writer:
            run_match(setup, seats, [writer])
        store.record_result(result_from_log(folder, match, TaskDone(match.key, MOMENT, MOMENT)))
    store.close()
    return len(matches)


def logs_per_second(root: Path, workers: int) -> float:
    """Verify the run on ``workers`` processes; return logs/s (every log must be OK)."""
    began = time.perf_counter()
    verdicts = list(verify_paths([root], workers))
    elapsed = time.perf_counter() - began
    assert all(verdict.status is Status.OK for verdict in verdicts), verdicts[:3]
    return len(verdicts) / elapsed


def main() -> None:
    """Write the run, verify it on one and on every core, print JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--logs", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parse_arguments(parser, QUICK)
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="ruckus-bench-verify-") as scratch:
        root = Path(scratch) / "run"
        began = time.perf_counter()
        count = write_run(root, args.logs)
        written = time.perf_counter() - began
        one, every = [], []
        for _ in range(args.repeats):
            one.append(logs_per_second(root, 1))
            every.append(logs_per_second(root, cores))
    ratios = [fast / slow for fast, slow in zip(every, one, strict=True)]
    report = {
        "benchmark": "verify",
        "logs": count,
        "cores": cores,
        "seconds_to_write": round(written, 1),
        "logs_per_s_one_core": round(statistics.median(one), 1),
        "logs_per_s_every_core": round(statistics.median(every), 1),
        "median_ratio": round(statistics.median(ratios), 2),
        "load_average": round(os.getloadavg()[0], 1),
    }
    emit(report, args.quick)


if __name__ == "__main__":
    main()
