"""``strength.py --combine`` adds up earlier reports: W/D/L over every run of the same game,
seat count and thinking cap, the seed pairs' pentanomial over the runs that counted one, and
the figures recomputed from the sums (not averaged)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from test_quick_modes import json_documents

ROOT = Path(__file__).resolve().parents[2]


def report(wins: int, losses: int, pairs: list[int] | None, think_ms: int = 400) -> dict[str, Any]:
    """Return a strength report of one pairing, as the benchmark prints it."""
    pairing: dict[str, Any] = {
        "pairing": "search vs ismcts",
        "wins": wins,
        "draws": 0,
        "losses": losses,
    }
    if pairs is not None:
        pairing["pentanomial"] = pairs
    return {
        "benchmark": "strength",
        "game": "wabbit",
        "players": 2,
        "games_per_pairing": wins + losses,
        "search_think_ms": think_ms,
        "pairings": [pairing],
        "quick": False,
    }


def combined(tmp_path: Path, reports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Run ``--combine`` over ``reports``, one file each, and return what it prints."""
    paths = []
    for number, each in enumerate(reports):
        path = tmp_path / f"run{number}.json"
        path.write_text(json.dumps(each, indent=2))
        paths.append(str(path))
    done = subprocess.run(
        [sys.executable, "benchmarks/strength.py", "--combine", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json_documents(done.stdout)


def test_runs_add_up_and_the_figures_come_from_the_sums(tmp_path: Path):
    runs = [report(3, 7, [1, 0, 3, 0, 1]), report(6, 4, [0, 0, 4, 0, 1]), report(7, 3, None)]
    (result,) = combined(tmp_path, runs)
    assert (result["runs"], result["games_per_pairing"]) == (3, 30)
    (pairing,) = result["pairings"]
    assert (pairing["wins"], pairing["draws"], pairing["losses"]) == (16, 0, 14)
    assert pairing["pentanomial"] == [1, 0, 7, 0, 2]
    assert pairing["pairs_runs"] == 2
    assert pairing["score"] == round(16 / 30, 3)
    assert pairing["pairs_elo"] > 0  # two pairs won 2-0 against one lost


def test_reports_of_another_thinking_cap_are_kept_apart(tmp_path: Path):
    runs = [report(3, 7, [1, 0, 3, 0, 1]), report(6, 4, None, think_ms=200)]
    results = combined(tmp_path, runs)
    assert sorted(each["search_think_ms"] for each in results) == [200, 400]
    assert all(each["runs"] == 1 for each in results)
