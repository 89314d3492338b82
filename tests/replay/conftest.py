"""Match logs for the replay tests, played in-process by seeded random players."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from replay_kit import MakeLog, read_lines, write_lines, write_log


@pytest.fixture(scope="session")
def log_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("logs")


@pytest.fixture(scope="session")
def make_log(log_dir: Path) -> MakeLog:
    """Return a function that logs (once per session) the match of ``game`` with ``seed``."""

    def make(game: str, seed: int = 1, players: int = 2) -> Path:
        path = log_dir / f"{game}-{seed}-{players}.jsonl"
        if not path.exists():
            write_log(path, game, seed, players)
        return path

    return make


@pytest.fixture(scope="session")
def fixed_log(make_log: MakeLog, log_dir: Path) -> Callable[[str], Path]:
    """Return a function giving a log of ``game`` with every decision time set to 0 (goldens)."""

    def make(game: str) -> Path:
        path = log_dir / f"{game}-fixed.jsonl"
        if not path.exists():
            lines = read_lines(make_log(game))
            for line in lines:
                if line["type"] == "decision":
                    line["time_ms"] = 0.0
            write_lines(path, lines)
        return path

    return make
