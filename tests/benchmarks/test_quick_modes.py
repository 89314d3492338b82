"""Every benchmark still runs: each script of ``benchmarks/`` in ``--quick`` mode, as its own
process with this Python, exits 0 and prints JSON reports that name it, say they ran quick and
hold figures.

The scripts are found by listing the folder, so a new benchmark is covered by being there; a
module whose name starts with an underscore is a helper the scripts import, not a benchmark.
A benchmark that starts Ray is skipped without Ray and otherwise runs with Ray on loopback,
one Ray instance at a time on this machine (as the Ray backend's tests do).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tournament_runner.ray_kit import loopback_ray

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = sorted(
    path for path in (ROOT / "benchmarks").glob("*.py") if not path.name.startswith("_")
)
TIMEOUT_SECONDS = 180.0
"""A quick run takes seconds; this bounds one on a loaded machine."""
STARTS_RAY = {"scale"}
"""Benchmarks that start a local Ray instance."""
HEADLINES = {
    "harness_timeouts": ("runs",),
    "pilfer_engine": ("results",),
    "referee_loop": ("pilfer", "wabbit"),
    "wabbit_engine": ("players_2", "players_4"),
    "sandbox": ("round_trip", "games_per_s", "median_games_per_s_ratio_to_none"),
    "root_rules": ("rules",),
    "rollouts": ("pilfer_2p", "wabbit_2p"),
    "scale": ("store", "rss", "ray", "league"),
    "sprt": ("scenarios",),
    "strength": ("pairings",),
    "tournament": ("runs", "median_paired_ratio"),
    "transport": (
        "referee_decision",
        "bare_echo",
        "ratio_median",
        "observation_kept_ratio_median",
    ),
}
"""The figures each known benchmark reports; they must be there and not empty."""


def run_quick(script: Path) -> subprocess.CompletedProcess[str]:
    """Run ``script --quick`` in its own process group; kill the whole group if it overruns."""
    process = subprocess.Popen(
        [sys.executable, str(script), "--quick"],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"{script.name} --quick ran over {TIMEOUT_SECONDS:.0f} s")
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def json_documents(text: str) -> list[Any]:
    """Return the JSON documents ``text`` holds one after another (a report per line or an
    indented one each)."""
    decoder = json.JSONDecoder()
    documents = []
    at = len(text) - len(text.lstrip())
    while at < len(text):
        document, end = decoder.raw_decode(text, at)
        documents.append(document)
        at = end + len(text[end:]) - len(text[end:].lstrip())
    return documents


def numbers(value: Any) -> list[float]:
    """Return every number (booleans aside) in a JSON value, at any depth."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int | float):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return [number for item in value for number in numbers(item)]
    return []


def test_the_benchmarks_are_found_and_every_listed_one_is_there():
    assert BENCHMARKS, "no benchmark scripts found"
    assert set(HEADLINES) <= {path.stem for path in BENCHMARKS}


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda path: path.stem)
def test_a_quick_run_prints_its_report(script: Path, tmp_path_factory: pytest.TempPathFactory):
    if script.stem in STARTS_RAY:
        pytest.importorskip("ray", reason="Ray is not installed: pip install 'ruckus-arena[ray]'")
        with loopback_ray(tmp_path_factory):
            done = run_quick(script)
    else:
        done = run_quick(script)
    assert done.returncode == 0, f"{script.name} --quick failed:\n{done.stderr[-4000:]}"
    reports = json_documents(done.stdout)
    assert reports, f"{script.name} --quick printed no report"
    for report in reports:
        assert report["benchmark"] == script.stem
        assert report["quick"] is True
        for key in HEADLINES.get(script.stem, ()):
            assert report.get(key) not in (None, [], {}), f"{script.stem}: no {key}"
        figures = numbers({key: value for key, value in report.items() if key != "quick"})
        assert figures, f"{script.stem}: a report without figures"
        if script.stem == "strength":
            for pairing in report["pairings"]:
                assert sum(pairing["pentanomial"]) == report["games_per_pairing"] // 2, pairing
