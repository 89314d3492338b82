"""Tournament throughput: games per second of a round-robin of random bots, concurrency 1 vs 2.

Every run plays the same round-robin (a fresh run folder each time; the random bots draw each
choice from the request, so every run plays the very same games) in one process; runs at
concurrency 1 and 2 alternate for ``--repeats`` rounds so that load from other processes on a
shared machine hits both alike. The headline is the median over the rounds of the ratio of
each concurrency-2 run to the concurrency-1 run just before it (target: at least 1.6 on a
2-core machine); the ratio of the best runs is printed too. Only the match phase is timed:
bots and workers are started before the clock starts. The default six bots play 60 games a
run, long enough that the end of a concurrency-2 run (one worker idle while the other plays
the last game) weighs little. Each run also reports the CPU its processes (runner, workers,
bots) used per game and how many cores they kept busy: a concurrency-1 run already keeps a
little more than one core busy (the bots and the gRPC threads overlap the match worker), which
bounds what two cores can add. Prints JSON, with the 1-minute load average before and after.
Usage: ``python benchmarks/tournament.py [--game pilfer] [--bots 6] [--games-per-pairing 4]
[--repeats 9] [--quick]``. Nine pairs (about seven minutes) keep the median steady on a noisy
host, where single pairs range from 1.2 to 1.9; ``--quick`` plays one pair of one-match runs, a
check that it runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from _common import emit, parse_arguments

from tournaments.runner import RunContext, SilentObserver, start_run
from tournaments.schedule import known_total
from tournaments.store import MatchResult

TARGET_RATIO = 1.6
QUICK = {"bots": 2, "games_per_pairing": 1, "repeats": 1}


def tree_cpu_seconds() -> float:
    """CPU seconds used so far by this process and every live descendant (Linux /proc)."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    ticks = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        parents[int(entry)] = int(fields[1])
        cpu[int(entry)] = (int(fields[11]) + int(fields[12])) / ticks
    tree = {os.getpid()}
    grew = True
    while grew:
        before = len(tree)
        tree |= {pid for pid, parent in parents.items() if parent in tree}
        grew = len(tree) > before
    return sum(cpu[pid] for pid in tree if pid in cpu)


class CpuClock(SilentObserver):
    """A run observer that measures the CPU the run's processes use during the match phase."""

    def __init__(self) -> None:
        super().__init__()
        self.total = 0
        self.done = 0
        self.start = 0.0
        self.used = 0.0

    def run_started(self, context: RunContext) -> None:
        self.total = known_total(context.definition, {}).matches
        self.start = tree_cpu_seconds()

    def match_recorded(self, result: MatchResult) -> None:
        self.done += 1
        if self.done == self.total:
            self.used = tree_cpu_seconds() - self.start

    def notice(self, text: str) -> None:
        print(f"notice: {text}", file=sys.stderr)


def definition(game: str, bots: int, games: int) -> str:
    """Return a round-robin of ``bots`` random bots of ``game``."""
    entries = ", ".join(f'{{ name = "r{index}", sample = "random" }}' for index in range(bots))
    return (
        f'name = "bench"\ngame = "{game}"\nplayers = 2\nformat = "round-robin"\n'
        f"games_per_pairing = {games}\nseed = 1\nbots = [{entries}]\n"
    )


def measure(workdir: Path, text: str, concurrency: int, repeat: int) -> dict[str, float]:
    """Play the run at ``concurrency`` in a fresh folder; return its speed and CPU use."""
    source = workdir / "bench.toml"
    source.write_text(text)
    clock = CpuClock()
    summary = start_run(source, workdir / f"run-{concurrency}-{repeat}", concurrency, clock)
    return {
        "concurrency": concurrency,
        "games": summary.played,
        "seconds": round(summary.seconds, 3),
        "games_per_s": round(summary.played / summary.seconds, 3),
        "cpu_seconds_per_game": round(clock.used / summary.played, 4),
        "cores_busy": round(clock.used / summary.seconds, 2),
    }


def main() -> None:
    """Alternate runs at concurrency 1 and 2 ``--repeats`` times and print the report."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="pilfer")
    parser.add_argument("--bots", type=int, default=6)
    parser.add_argument("--games-per-pairing", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=9)
    args = parse_arguments(parser, QUICK)
    text = definition(args.game, args.bots, args.games_per_pairing)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="ruckus-bench-") as tmp:
        runs = [
            measure(Path(tmp), text, concurrency, repeat)
            for repeat in range(args.repeats)
            for concurrency in (1, 2)
        ]
    best = {
        concurrency: max(run["games_per_s"] for run in runs if run["concurrency"] == concurrency)
        for concurrency in (1, 2)
    }
    ratio = best[2] / best[1]
    pairs = zip(runs[::2], runs[1::2], strict=True)
    paired = [two["games_per_s"] / one["games_per_s"] for one, two in pairs]
    median = statistics.median(paired)
    report = {
        "benchmark": "tournament",
        "game": args.game,
        "cpus": os.cpu_count(),
        "load_average_1min": {"before": load_before, "after": os.getloadavg()[0]},
        "runs": runs,
        "best_games_per_s": {"concurrency_1": best[1], "concurrency_2": best[2]},
        "paired_ratios": [round(value, 3) for value in paired],
        "median_paired_ratio": round(median, 3),
        "ratio_of_best_runs": round(ratio, 3),
        "target_ratio": TARGET_RATIO,
        "meets_target": median >= TARGET_RATIO,
    }
    emit(report, args.quick)


if __name__ == "__main__":
    main()
