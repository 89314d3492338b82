"""Ruckus ships type information: mypy checks a game package against the engine contract, as
it would once ``ruckus-arena`` is installed from a wheel (its packages found on the path, not
in the project's own mypy configuration)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("referee", "tournaments", "sample_bots")

MISUSED = '''
from referee.games.base import GameSpec
from referee.games.plugin import GamePlugin


class Engine:
    """An engine whose apply takes no action, and which lacks the rest of the contract."""

    spec = GameSpec("foo", "Foo", "1", 2, 2, ("plain",), "plain", dict)

    def apply(self, state: int) -> int:
        return state


PLUGIN = GamePlugin(engine=Engine())
'''


def test_the_distribution_ships_py_typed_for_each_package():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    for package in PACKAGES:
        assert (ROOT / package / "py.typed").exists(), package
        assert "py.typed" in data["package-data"].get(package, []), package


def test_mypy_reports_a_plugin_that_misuses_the_engine_contract(tmp_path: Path):
    site = tmp_path / "site"
    site.mkdir()
    for package in PACKAGES:
        (site / package).symlink_to(ROOT / package)
    game = tmp_path / "game"
    game.mkdir()
    (game / "plugin.py").write_text(MISUSED)
    ran = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--python-executable", sys.executable, "--config-file", os.devnull, "plugin.py"],
        capture_output=True, text=True, timeout=300, check=False, cwd=game,
        env={**os.environ, "PYTHONPATH": str(site), "MYPYPATH": ""},
    )  # fmt: skip
    assert "py.typed" not in ran.stdout, ran.stdout
    assert 'Argument "engine" to "GamePlugin" has incompatible type "Engine"' in ran.stdout, (
        ran.stdout + ran.stderr
    )
