"""The ``store`` section of ``scale.py``: synthetic stores of growing size, and the time to
record one more result and to refresh and draw the live view at each size."""

from __future__ import annotations

import io
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from tournaments.runner import RunContext, RunFolder
from tournaments.store import DATABASE, DecisionTimes, MatchResult, ResultStore
from tournaments.ui import LiveView

STORE_TARGET_MS = 5.0


def league_toml(bots: int, games: int) -> str:
    """Return a round-robin of ``bots`` random Pilfer bots, ``games`` per pairing."""
    entries = ", ".join(f'{{ name = "r{index}", sample = "random" }}' for index in range(bots))
    return (
        'name = "scale"\ngame = "pilfer"\nplayers = 2\nformat = "round-robin"\n'
        f"games_per_pairing = {games}\nseed = 1\nbots = [{entries}]\n"
    )


def median_ms(action: Callable[[], object], repeats: int) -> float:
    """Return the median of ``repeats`` timings of ``action``, in milliseconds."""
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        action()
        times.append((time.perf_counter() - began) * 1000)
    return round(statistics.median(times), 3)


def synthetic(number: int, bots: int) -> MatchResult:
    """Return the ``number``-th made-up result of a league of ``bots``."""
    first, second = number % bots, (number // bots + 1 + number) % bots
    if first == second:
        second = (second + 1) % bots
    times = DecisionTimes.of(0.25 + ((number * 7 + step * 13) % 97) / 40 for step in range(200))
    return MatchResult(
        key=f"rr/r{first}~r{second}/g{number}",
        round=1 + number // 28,  # results arrive in schedule order, as a run hands them out
        status="completed",
        seats=(f"r{first}", f"r{second}"),
        seed=number,
        log_path="logs/synthetic.jsonl",
        ranks=((1, 2), (2, 1), (1, 1))[number % 3],
        scores=(number % 5, number % 3),
        reason="round_cap",
        faults=({"TIMEOUT": 1} if number % 11 == 0 else {}, {}),
        decision_times=(times, times),
        started_at="2026-01-01T00:00:00.000Z",
        finished_at="2026-01-01T00:00:01.000Z",
    )


def fill(run: Path, size: int, seed_run: Path, seed_size: int) -> None:
    """Copy the store of ``seed_size`` results and grow it in bulk to ``size`` rows under new
    keys."""
    shutil.copytree(seed_run, run)
    copies = size // seed_size - 1
    if copies == 0:
        return
    with sqlite3.connect(run / DATABASE) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(matches)")]
        picked = ", ".join(
            "key || '/c' || copy"
            if name == "key"
            else f"seq + {seed_size} * copy"
            if name == "seq"
            else name
            for name in columns
        )
        db.execute(
            f"WITH RECURSIVE copies(copy) AS (SELECT 1 UNION ALL SELECT copy + 1 FROM copies "
            f"WHERE copy < {copies}) INSERT INTO matches ({', '.join(columns)}) "
            f"SELECT {picked} FROM matches, copies"
        )
        db.commit()
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # as a long run's store would be


def measure_size(run: Path, bots: int, repeats: int) -> dict[str, object]:
    """Open the run's live view, then time recording one result and redrawing the view."""
    store = ResultStore.open(run)
    console = Console(file=io.StringIO(), width=120, height=50, force_terminal=True)
    view = LiveView(console)
    definition = store.definition()
    count = store.count()
    context = RunContext(definition, RunFolder(run), store, 2, count)
    began = time.perf_counter()
    view.run_started(context)
    opened = time.perf_counter() - began
    extra = iter(range(count, count + 4 * repeats))

    def store_row() -> None:
        store.record_result(synthetic(next(extra), bots))

    def standings() -> None:
        view.match_recorded(synthetic(next(extra), bots))

    def rebuild() -> None:
        view.match_recorded(synthetic(next(extra), bots))  # something new to show
        view.render()

    def draw() -> None:
        console.print(view.render())

    row = {
        "results": count,
        "open_s": round(opened, 3),
        "store_row_ms": median_ms(store_row, repeats),
        "standings_add_ms": median_ms(standings, repeats),
        "refresh_live_view_ms": median_ms(rebuild, repeats),
        "draw_to_terminal_ms": median_ms(draw, repeats),
    }
    store.close()
    return row


def store_section(sizes: list[int], repeats: int) -> dict[str, object]:
    """Measure a store of each of ``sizes`` results, grown from one of the first size."""
    bots = 8
    text = league_toml(bots, 1)
    rows = []
    with tempfile.TemporaryDirectory(prefix="ruckus-scale-") as tmp:
        seed_run = Path(tmp) / "seed"
        store = ResultStore.create(seed_run, text)
        (seed_run / "logs").mkdir()
        (seed_run / "logs" / "synthetic.jsonl").write_text("{}\n")
        for number in range(sizes[0]):
            store.record_result(synthetic(number, bots))
        store.close()
        for size in sizes:
            run = Path(tmp) / f"run-{size}"
            fill(run, size, seed_run, sizes[0])
            rows.append(measure_size(run, bots, repeats * 4))
            shutil.rmtree(run)
    first, last = rows[0], rows[-1]
    return {
        "sizes": rows,
        "store_row_ratio_largest_to_smallest": round(
            last["store_row_ms"] / first["store_row_ms"], 2
        ),
        "standings_add_ratio_largest_to_smallest": round(
            last["standings_add_ms"] / first["standings_add_ms"], 2
        ),
        "refresh_ratio_largest_to_smallest": round(
            last["refresh_live_view_ms"] / first["refresh_live_view_ms"], 2
        ),
        "draw_ratio_largest_to_smallest": round(
            last["draw_to_terminal_ms"] / first["draw_to_terminal_ms"], 2
        ),
        "target": f"flat (within 2x) and under {STORE_TARGET_MS} ms",
    }
