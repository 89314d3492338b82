"""``make lint`` covers the project's own files and nothing a user puts beside them, so the
tutorial (``ruckus bot new mybot`` in the repository root, then editing ``mybot/bot.py``)
leaves ``make test`` green."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUFF = Path(sys.executable).with_name("ruff")
GENERATED = "sdk/python/ruckus/v1/"
RUCKUS = [sys.executable, "-c", "from tournaments.cli import app; app()"]
UNFORMATTED = "import os\nx=1\n"
"""Code both ``ruff check`` (an unused import) and ``ruff format --check`` refuse."""


def _ruff(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(RUFF), *args], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )


def _linted(cwd: Path) -> set[str]:
    listed = _ruff("check", "--show-files", ".", cwd=cwd).stdout.split()
    return {Path(path).relative_to(cwd).as_posix() for path in listed}


def test_every_python_file_of_the_project_is_linted():
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the project's files cannot be listed")
    tracked = subprocess.run(
        [git, "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    missing = {path for path in tracked if not path.startswith(GENERATED)} - _linted(ROOT)
    assert missing == set()


def test_a_bot_scaffolded_in_the_root_is_not_linted(tmp_path: Path):
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    made = subprocess.run(
        [*RUCKUS, "bot", "new", "mybot", "--game", "pilfer"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    (tmp_path / "mybot" / "bot.py").write_text(UNFORMATTED)  # the user's own style
    (tmp_path / "referee").mkdir()
    (tmp_path / "referee" / "engine.py").write_text('"""An engine."""\n')

    assert not any(path.startswith("mybot/") for path in _linted(tmp_path))
    assert _ruff("check", ".", cwd=tmp_path).returncode == 0
    assert _ruff("format", "--check", ".", cwd=tmp_path).returncode == 0

    (tmp_path / "referee" / "engine.py").write_text(UNFORMATTED)  # the project's own code
    assert _ruff("check", ".", cwd=tmp_path).returncode == 1
    assert _ruff("format", "--check", ".", cwd=tmp_path).returncode == 1
