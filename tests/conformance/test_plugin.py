"""The conformance suite as a pytest plugin: ``--ruckus-game`` selects the games it checks, an
unknown name stops the run in one line, and Liar's Dice's own tests run it on themselves."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from referee.games import game_names

ROOT = Path(__file__).resolve().parents[2]
LIARS_DICE = ROOT / "examples" / "games" / "liars_dice"


def pytest_run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        capture_output=True, text=True, timeout=300, check=False, cwd=cwd,
    )  # fmt: skip


def test_every_installed_game_is_here():
    assert {"pilfer", "wabbit", "liars-dice"} <= set(game_names())


def test_liars_dice_own_tests_run_the_checks_on_it(tmp_path: Path):
    collected = pytest_run("--collect-only", "-q", cwd=LIARS_DICE)
    assert collected.returncode == 0, collected.stdout[-2000:] + collected.stderr[-2000:]
    assert "test_perft_counts_match_the_golden_file[liars-dice]" in collected.stdout
    assert "test_the_match_log_verifies[liars-dice]" in collected.stdout
    assert "[pilfer]" not in collected.stdout
    assert "test_liars_dice_rules.py" in collected.stdout


def test_ruckus_game_selects_the_games_and_refuses_an_unknown_one(tmp_path: Path):
    selected = pytest_run("--collect-only", "-q", "--ruckus-game", "pilfer", cwd=tmp_path)
    assert selected.returncode == 0, selected.stdout[-2000:] + selected.stderr[-2000:]
    assert "test_the_plugin_is_complete[pilfer]" in selected.stdout
    assert "[wabbit]" not in selected.stdout
    unknown = pytest_run("--ruckus-game", "nosuch", cwd=tmp_path)
    assert unknown.returncode == 4
    assert (
        "--ruckus-game: unknown game 'nosuch'; installed: grid-race, liars-dice, pilfer"
        in unknown.stderr
    )
