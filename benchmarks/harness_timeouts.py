"""Harness-made timeouts: how many decisions of instant bots the referee judges late.

Random sample bots answer at once, so every TIMEOUT they get is the harness's own doing (a
busy machine, too many matches per core). This plays the same round-robin of random bots with
a tight decision limit at several concurrencies, with and without a time margin (cutechess's
``timemargin``: ``[clocks] time_margin_ms``), and reports per run the matches with a TIMEOUT,
the TIMEOUT count, and the median, 99th percentile and largest decision time the referee
measured. Runs of one repeat alternate over every setting so host load hits all alike.
Prints JSON. Usage: ``python benchmarks/harness_timeouts.py [--decision-ms 25] [--bots 8]
[--games-per-pairing 4] [--concurrency 2 4 8] [--margins 0 25] [--repeats 1] [--quick]``. The
defaults play 112 Pilfer matches per run, the league of the report that asked for this measure;
``--quick`` plays one match per margin at concurrency 2, a check that it runs.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from _common import emit, parse_arguments

from tournaments.runner import SilentObserver, start_run
from tournaments.store import MatchResult, TimesSketch

QUICK = {"bots": 2, "games_per_pairing": 1, "concurrency": [2]}


class Tally(SilentObserver):
    """A RunObserver that counts TIMEOUT faults and keeps every seat's decision times."""

    def __init__(self) -> None:
        super().__init__()
        self.matches_with_timeout = 0
        self.timeouts = 0
        self.times = TimesSketch()
        self.largest_ms = 0.0

    def match_recorded(self, result: MatchResult) -> None:
        """Count the match's timeouts and add its decision times."""
        late = sum(seat.get("TIMEOUT", 0) for seat in result.faults)
        self.timeouts += late
        self.matches_with_timeout += late > 0
        for times in result.decision_times:
            self.times.add(times)
            self.largest_ms = max(self.largest_ms, times.max_ms)


def definition(bots: int, games: int, decision_ms: int, margin_ms: int) -> str:
    """Return a round-robin of ``bots`` random Pilfer bots with the given clocks."""
    entries = ", ".join(f'{{ name = "r{index}", sample = "random" }}' for index in range(bots))
    return (
        f'name = "timeouts"\ngame = "pilfer"\nplayers = 2\nformat = "round-robin"\n'
        f"games_per_pairing = {games}\nseed = 3\nbots = [{entries}]\n"
        f"[clocks]\ndecision_ms = {decision_ms}\ntime_margin_ms = {margin_ms}\n"
    )


def measure(workdir: Path, text: str, concurrency: int, label: str) -> dict[str, object]:
    """Play the run at ``concurrency``; return its timeouts and decision times."""
    source = workdir / f"{label}.toml"
    source.write_text(text)
    tally = Tally()
    summary = start_run(source, workdir / label, concurrency, tally)
    median, p99 = tally.times.quantile(0.5), tally.times.quantile(0.99)
    return {
        "matches": summary.played,
        "matches_with_timeout": tally.matches_with_timeout,
        "timeouts": tally.timeouts,
        "decision_ms_median": None if median is None else round(median, 2),
        "decision_ms_p99": None if p99 is None else round(p99, 2),
        "decision_ms_max": round(tally.largest_ms, 2),
        "games_per_s": round(summary.played / summary.seconds, 2),
    }


def main() -> None:
    """Run every setting ``--repeats`` times and print the report."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decision-ms", type=int, default=25)
    parser.add_argument("--bots", type=int, default=8)
    parser.add_argument("--games-per-pairing", type=int, default=4)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[2, 4, 8])
    parser.add_argument("--margins", type=int, nargs="+", default=[0, 25])
    parser.add_argument("--repeats", type=int, default=1)
    args = parse_arguments(parser, QUICK)
    load_before = os.getloadavg()[0]
    runs = []
    with tempfile.TemporaryDirectory(prefix="ruckus-bench-") as tmp:
        for repeat in range(args.repeats):
            for margin in args.margins:
                text = definition(args.bots, args.games_per_pairing, args.decision_ms, margin)
                for concurrency in args.concurrency:
                    label = f"c{concurrency}-m{margin}-r{repeat}"
                    result = measure(Path(tmp), text, concurrency, label)
                    runs.append({"concurrency": concurrency, "margin_ms": margin, **result})
    report = {
        "benchmark": "harness_timeouts",
        "cpus": os.cpu_count(),
        "decision_ms": args.decision_ms,
        "load_average_1min": {"before": load_before, "after": os.getloadavg()[0]},
        "runs": runs,
    }
    emit(report, args.quick)


if __name__ == "__main__":
    main()
