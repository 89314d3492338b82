"""What ``ruckus tournament`` says besides the standings: where to look next after a run, and a
warning when more matches run at once than the machine has cores."""

from __future__ import annotations

import os
from pathlib import Path

from tournaments.runner import RunFolder


def cores() -> int:
    """Return the number of cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def concurrency_warning(concurrency: int, available: int | None = None) -> str | None:
    """Return a warning when ``concurrency`` matches at once exceed the cores, else None.

    Matches at once share the cores with their bots, so a decision can take longer than the
    bot alone needs and end in a TIMEOUT the bot did not cause.
    """
    available = cores() if available is None else available
    if concurrency <= available:
        return None
    return (
        f"warning: {concurrency} matches at once on {available} cores: bots share the CPU and "
        f"may time out through no fault of their own; use --concurrency {available} or "
        "allow for it with [clocks] time_margin_ms"
    )


def next_steps(run_dir: Path) -> list[str]:
    """Return the commands that look further into the run in ``run_dir``."""
    folder = RunFolder(run_dir)
    keys = folder.logged_keys()
    steps = [
        "next:",
        f"  ruckus tournament show {run_dir}    standings again (--json, --csv)",
        f"  ruckus replay verify {run_dir}      check every match log",
    ]
    if keys:
        log = folder.log_path(keys[0])
        steps.append(f"  ruckus replay show {log}    step through a match")
        steps.append(f"  ruckus replay export {log} --html match.html")
    steps.append(f"  logs: {folder.logs}/    bots' output: {folder.bots}/")
    return steps
