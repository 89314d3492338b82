"""The conformance checks hold for a game of any length: a 16-decision game registered for
this test only (a distribution's metadata in a temporary folder) passes the engine checks of
``pytest --ruckus-game short``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def register_short_game(folder: Path) -> None:
    """Write the metadata that registers ``short_game`` in the ``ruckus.games`` group."""
    info = folder / "short_game-1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: short-game\nVersion: 1\n")
    (info / "entry_points.txt").write_text("[ruckus.games]\nshort = short_game:PLUGIN\n")


def ruckus_pytest(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run pytest in ``folder`` with the short game importable and registered."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(HERE)])}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        capture_output=True, text=True, timeout=300, check=False, env=env, cwd=folder,
    )  # fmt: skip


def test_the_engine_checks_pass_for_a_game_of_sixteen_decisions(tmp_path: Path):
    register_short_game(tmp_path)
    ran = ruckus_pytest(tmp_path, "--ruckus-game", "short", "-k", "engine.py")
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-2000:]
    assert "test_a_copy_is_equal_and_independent" not in ran.stdout  # passed, not failed
    assert " passed" in ran.stdout and "error" not in ran.stdout.lower()
