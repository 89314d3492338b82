"""Leagues that grow: cost per match at any size, harness memory, and the Ray backend.

Sections (each runs in a fresh interpreter, so one does not carry another's memory):

* ``store``: synthetic stores of 1,000 / 10,000 / 100,000 results (``--sizes``; 2-player, 200
  decisions per seat; the first size recorded one by one, the rest copies of it made in bulk
  with SQL under new keys, so each size is a multiple of the first): the time to
  open the run's standings (the one full read); to record one more result: its store row (a
  SQLite transaction committed in FULL sync, so mostly the disk's fsync) and its standings
  update (the synthetic result's summary included); to refresh the live view (its standings
  and tables rebuilt); and to draw it (Rich rendering a 120x50 terminal, at most 4 times a
  second). Medians of ``4 x --repeats``. Target: flat (the largest within 2x of the smallest),
  under 5 ms.
* ``league``: one real round-robin of ``--bots`` random Pilfer bots (``--matches``, at least
  2,000) with the live view drawn to a pseudo-terminal, and the same league with the plain view
  (what ``--no-live`` prints), in this process: games/s of the first and last 500 matches (half
  the league's when it is smaller; from the store's finishing times), live over plain, and this
  process's CPU per match.
* ``rss``: peak resident memory of the harness (this process and its match workers; bots
  excluded) playing a round-robin of ``--bots`` at ``--concurrency`` 2, 8 and 32, with games/s.
  Targets: <= 200 MB at 8, <= 300 MB at 32, games/s at 8 >= at 2.
* ``ray``: a round-robin of ``--ray-bots`` on the local pool and on a local Ray instance (2 CPUs,
  on loopback), alternating ``--repeats`` times: games/s of each, their ratio, and the driver's
  CPU per match on Ray (the one process that writes the store: its match rate ceiling is 1 /
  that). The rss and ray round-robins play ``--games-per-pairing``.

Usage: ``python benchmarks/scale.py [--section store|league|rss|ray|all] [--repeats 5]
[--matches 2016] [--sizes 1000 10000 100000] [--bots 8] [--ray-bots 6] [--games-per-pairing 4]
[--concurrency 2 8 32] [--quick]``; prints JSON. ``--quick`` makes stores of 100 to 300
results and plays a league of 3 bots (6 matches), 3 matches at concurrency 2 and one on each
backend, a check that it runs (Ray's start and stop alone take some 6 s of it).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import pty
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
from datetime import datetime
from pathlib import Path

from _common import emit, parse_arguments
from _scale_store import league_toml, store_section
from rich.console import Console

from tournaments.runner import RunContext, SilentObserver, start_run
from tournaments.runner.session import Placement
from tournaments.store import ResultStore
from tournaments.ui import LiveView, PlainView

RATE_WINDOW = 500
"""Matches at each end of the league whose games/s are compared."""
MB = 1024 * 1024
RAY_LOOPBACK = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
"""Ray's switch for a cluster of one machine: set to 0, every Ray process listens on loopback."""
QUICK = {
    "repeats": 1,
    "matches": 6,
    "sizes": [100, 200, 300],
    "bots": 3,
    "ray_bots": 2,
    "games_per_pairing": 1,
    "concurrency": [2],
}


# --- league ----------------------------------------------------------------------------------


class Pty:
    """A pseudo-terminal the live view draws to, drained by a thread (as a terminal would)."""

    def __init__(self) -> None:
        self.master, self.slave = pty.openpty()
        self.file = os.fdopen(self.slave, "w", buffering=1, encoding="utf-8")
        self.drained = 0
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.drained += len(chunk)


def faults(run: Path) -> dict[str, int]:
    """Count the faults of every stored result by class (healthy bots should have none)."""
    store = ResultStore.open(run)
    counts: dict[str, int] = {}
    for result in store.results():
        for seat in result.faults:
            for code, count in seat.items():
                counts[code] = counts.get(code, 0) + count
    store.close()
    return counts


def rates(run: Path, window: int) -> dict[str, float]:
    """Return the games/s of the first and of the last ``window`` matches of the run."""
    store = ResultStore.open(run)
    finished = sorted(
        datetime.fromisoformat(result.finished_at.replace("Z", "+00:00")).timestamp()
        for result in store.results()
    )
    store.close()
    first = window / (finished[window - 1] - finished[0])
    last = window / (finished[-1] - finished[-window])
    return {"first_games_per_s": round(first, 3), "last_games_per_s": round(last, 3)}


def league_run(tmp: Path, text: str, live: bool) -> dict[str, object]:
    """Play the league with the live view on a pseudo-terminal, or the plain view."""
    source = tmp / "league.toml"
    source.write_text(text)
    run = tmp / f"league-{'live' if live else 'plain'}"
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    if live:
        terminal = Pty()
        console = Console(file=terminal.file, force_terminal=True, width=120, height=50)
        with LiveView(console) as view:
            summary = start_run(source, run, 2, view)
        drawn = terminal.drained
    else:
        summary = start_run(source, run, 2, PlainView(Console(file=io.StringIO())))
        drawn = 0
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    return {
        "view": "live (pseudo-terminal)" if live else "plain (--no-live)",
        "matches": summary.played,
        "seconds": round(summary.seconds, 1),
        "games_per_s": round(summary.played / summary.seconds, 3),
        **rates(run, min(RATE_WINDOW, summary.played // 2)),
        "parent_cpu_ms_per_match": round(1000 * cpu / summary.played, 2),
        "bytes_drawn": drawn,
        "faults": faults(run),
    }


def league_section(matches: int, bots: int) -> dict[str, object]:
    """Play the league of ``bots`` with the live view, then with the plain view."""
    games = max(1, -(-matches // (bots * (bots - 1) // 2)))
    text = league_toml(bots, games)
    with tempfile.TemporaryDirectory(prefix="ruckus-scale-") as tmp:
        live = league_run(Path(tmp), text, live=True)
        plain = league_run(Path(tmp), text, live=False)
    return {
        "live": live,
        "plain": plain,
        "live_last_over_first": round(live["last_games_per_s"] / live["first_games_per_s"], 3),
        "plain_last_over_first": round(plain["last_games_per_s"] / plain["first_games_per_s"], 3),
        "live_over_plain": round(live["games_per_s"] / plain["games_per_s"], 3),
        "targets": "last 500 >= 0.95 x first 500; live >= 0.95 x plain",
    }


# --- rss -------------------------------------------------------------------------------------


def harness_rss(root: int) -> tuple[int, int]:
    """Resident bytes of ``root`` and of its match workers (children running multiprocessing's
    spawn entry point); bots and their sandboxes are left out."""
    parent = workers = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
        resident = int(fields.get("VmRSS", "0 kB").split()[0]) * 1024
        if int(entry) == root:
            parent = resident
        elif int(fields.get("PPid", "0")) == root and b"multiprocessing" in command:
            workers += resident
    return parent, workers


class RssProbe(SilentObserver):
    """Samples the harness's resident memory four times a second while a run goes."""

    def __init__(self) -> None:
        super().__init__()
        self.peak = (0, 0, 0)
        """Harness total, runner, workers at the total's peak."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.wait(0.25):
            parent, workers = harness_rss(os.getpid())
            self.peak = max(self.peak, (parent + workers, parent, workers))

    def run_started(self, context: RunContext) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()


def rss_run(concurrency: int, bots: int, games: int) -> dict[str, object]:
    """Play a round-robin at ``concurrency``; return the harness's peak memory."""
    text = league_toml(bots, games)
    with tempfile.TemporaryDirectory(prefix="ruckus-scale-") as tmp:
        source = Path(tmp) / "rss.toml"
        source.write_text(text)
        probe = RssProbe()
        summary = start_run(source, Path(tmp) / "run", concurrency, probe)
        probe.stop()
        counted = faults(Path(tmp) / "run")
    return {
        "concurrency": concurrency,
        "workers": min(concurrency, os.cpu_count() or 1),
        "matches": summary.played,
        "games_per_s": round(summary.played / summary.seconds, 3),
        "harness_peak_rss_mb": round(probe.peak[0] / MB, 1),
        "runner_mb_at_peak": round(probe.peak[1] / MB, 1),
        "workers_mb_at_peak": round(probe.peak[2] / MB, 1),
        "faults": counted,
    }


# --- ray -------------------------------------------------------------------------------------


def ray_section(repeats: int, bots: int, games: int) -> dict[str, object]:
    """Alternate a round-robin on the local pool and on a local Ray instance."""
    os.environ[RAY_LOOPBACK] = "0"  # read when Ray is imported, inherited by its processes
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    text = league_toml(bots, games)
    runs = []
    with tempfile.TemporaryDirectory(prefix="ruckus-scale-") as tmp:
        source = Path(tmp) / "ray.toml"
        source.write_text(text)
        for repeat in range(repeats):
            for backend in ("local", "ray"):
                cpu_before = resource.getrusage(resource.RUSAGE_SELF)
                run = Path(tmp) / f"{backend}-{repeat}"
                summary = start_run(source, run, 2, SilentObserver(), Placement(backend))
                after = resource.getrusage(resource.RUSAGE_SELF)
                cpu = (after.ru_utime - cpu_before.ru_utime) + (
                    after.ru_stime - cpu_before.ru_stime
                )
                runs.append(
                    {
                        "backend": backend,
                        "games_per_s": round(summary.played / summary.seconds, 3),
                        "driver_cpu_ms_per_match": round(1000 * cpu / summary.played, 2),
                    }
                )
    ray.shutdown()
    pairs = list(zip(runs[::2], runs[1::2], strict=True))
    ratios = [on_ray["games_per_s"] / local["games_per_s"] for local, on_ray in pairs]
    driver = statistics.median(run["driver_cpu_ms_per_match"] for run in runs[1::2])
    return {
        "runs": runs,
        "ray_over_local_ratios": [round(value, 3) for value in ratios],
        "median_ray_over_local": round(statistics.median(ratios), 3),
        "median_driver_cpu_ms_per_match_on_ray": driver,
        "driver_saturates_at_matches_per_s": round(1000 / driver, 1),
    }


# --- main ------------------------------------------------------------------------------------


def section(name: str, args: argparse.Namespace) -> object:
    """Run the section called ``name`` and return its report."""
    if name == "store":
        return store_section(args.sizes, args.repeats)
    if name == "league":
        return league_section(args.matches, args.bots)
    if name == "rss":
        return [
            rss_run(concurrency, args.bots, args.games_per_pairing)
            for concurrency in args.concurrency
        ]
    return ray_section(args.repeats, args.ray_bots, args.games_per_pairing)


def main() -> None:
    """Run one section and print its JSON, or every section in a fresh interpreter each (with
    the same options) and print the whole report."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--section", default="all", choices=["all", "store", "league", "rss", "ray"]
    )
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--matches", type=int, default=2016)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--bots", type=int, default=8, help="bots of the league and rss runs")
    parser.add_argument("--ray-bots", type=int, default=6)
    parser.add_argument("--games-per-pairing", type=int, default=4, help="of rss and ray runs")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[2, 8, 32])
    args = parse_arguments(parser, QUICK)
    if any(size % args.sizes[0] for size in args.sizes):
        parser.error("every --sizes is a multiple of the first")
    if args.section != "all":
        print(json.dumps(section(args.section, args), indent=2))
        return
    report: dict[str, object] = {"benchmark": "scale", "cpus": os.cpu_count()}
    for name in ("store", "rss", "ray", "league"):
        command = [sys.executable, __file__, *sys.argv[1:], "--section", name]
        done = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=True)
        report[name] = json.loads(done.stdout)
    report["load_average_1min"] = os.getloadavg()[0]
    emit(report, args.quick)


if __name__ == "__main__":
    main()
