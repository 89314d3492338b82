"""A seed given to ``ruckus play --seed`` stays out of the process list a bot can read.

A real ``ruckus play`` with the attacker bot in ``seek`` mode, at every confining level: under
``basic`` the bot sees every process's command line (no PID namespace), so ``play`` must have
masked the seed in its own before the bot started.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from referee.sandbox import Level
from tournaments.cli.seed_title import MASK, masked_arguments

from .conftest import CONFINED, attacker, require

SEED = "7445088549270183772"
RUCKUS = [sys.executable, "-c", "from tournaments.cli import app; app()"]


@pytest.mark.parametrize("level", CONFINED, ids=lambda level: level.value)
def test_a_bot_finds_no_seed_in_any_command_line(tmp_path: Path, level: Level):
    require(level)
    out = tmp_path / "bots"
    command = [
        *RUCKUS,
        "play",
        "pilfer",
        "--seed",
        SEED,
        "--sandbox",
        level.value,
        "--bot-logs",
        str(out),
        "--bot",
        attacker("seek", SEED[::-1]),
        "--bot",
        "random",
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    seen = (out / "seat0.log").read_text()
    assert "ATTACK DONE seek" in seen
    assert "BLOCKED secret in a command line" in seen, seen


@pytest.mark.parametrize(
    ("argv", "masked"),
    [
        (
            ["ruckus", "play", "pilfer", "--seed", "12"],
            ["ruckus", "play", "pilfer", "--seed", MASK],
        ),
        (
            ["ruckus", "play", "-s", "12", "-b", "random"],
            ["ruckus", "play", "-s", MASK, "-b", "random"],
        ),
        (["ruckus", "play", "--seed=12"], ["ruckus", "play", f"--seed={MASK}"]),
        (["ruckus", "play", "-s12"], ["ruckus", "play", f"-s{MASK}"]),
        (["ruckus", "play", "--scenario", "raid"], ["ruckus", "play", "--scenario", "raid"]),
    ],
)
def test_every_spelling_of_the_seed_is_masked(argv: list[str], masked: list[str]):
    assert masked_arguments(argv) == masked
