"""A game can be written for and run as a league: ``ruckus bot new`` makes a
Python bot that passes ``ruckus bot check``, and a round-robin of the game's sample bots runs,
shows its standings and verifies."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from referee.games import get_game

RUCKUS = [sys.executable, "-c", "from tournaments.cli import app; app()"]


def ruckus(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the ``ruckus`` command line in ``cwd``."""
    return subprocess.run(
        [*RUCKUS, *args], capture_output=True, text=True, timeout=180, check=False, cwd=cwd
    )


def test_a_new_python_bot_passes_the_check(ruckus_game: str, tmp_path: Path) -> None:
    """``ruckus bot new --game`` makes a Python bot that passes ``ruckus bot check``."""
    game = ruckus_game
    made = ruckus("bot", "new", "starter", "--game", game, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    checked = ruckus("bot", "check", "starter", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "3 of 3 checks passed" in checked.stdout


def test_a_round_robin_of_sample_bots_runs_shows_and_verifies(
    ruckus_game: str, tmp_path: Path
) -> None:
    """A round-robin of the random sample bot runs, shows its standings and verifies."""
    game = ruckus_game
    seats = get_game(game).spec.min_players
    bots = "\n".join(
        f'[[bots]]\nname = "r{n}"\nsample = "{game}-random"\n' for n in range(seats + 1)
    )
    definition = tmp_path / "league.toml"
    definition.write_text(
        f'name = "league"\ngame = "{game}"\nplayers = {seats}\nformat = "round-robin"\n'
        f"seed = 3\nconcurrency = 2\n{bots}"
    )
    run_dir = tmp_path / "run"
    ran = ruckus(
        "tournament", "run", str(definition), "--run-dir", str(run_dir), "--no-live", cwd=tmp_path
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    shown = ruckus("tournament", "show", str(run_dir), cwd=tmp_path)
    assert shown.returncode == 0 and "r0" in shown.stdout, shown.stdout + shown.stderr
    verified = ruckus("replay", "verify", str(run_dir), cwd=tmp_path)
    assert verified.returncode == 0, verified.stdout + verified.stderr
