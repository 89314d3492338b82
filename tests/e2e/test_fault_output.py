"""A bot that fails to start or crashes shows its own last words in the fault, and
``ruckus play --bot-logs`` keeps its whole output where it says."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from referee.match import Clocks, FaultCode
from referee.matchlog import read_log

FAST = Clocks(decision_ms=1_000, bank_ms=30_000)
RUCKUS = [sys.executable, "-c", "from tournaments.cli import app; app()"]


def test_a_bot_that_dies_in_describe_is_startup_failed_with_its_output(workdir: Path, kit):
    result, log = kit.play_match("pilfer", ["random", kit.fault_bot("die_in_describe")], workdir)
    (fault,) = result.faults
    assert fault.code is FaultCode.STARTUP_FAILED
    assert fault.detail.startswith("Describe failed: StatusCode.UNAVAILABLE")
    assert "  | KeyError: 'games' while describing myself" in fault.detail
    assert read_log(log).result["faults"][0]["detail"] == fault.detail
    kit.assert_log_verifies(log)


def test_a_bot_that_exits_before_listening_shows_why(workdir: Path, kit):
    result, _ = kit.play_match("wabbit", [kit.fault_bot("die_at_start"), "random"], workdir)
    (fault,) = result.faults
    assert fault.code is FaultCode.STARTUP_FAILED
    assert "exited with code 1 before listening; its last output" in fault.detail
    assert fault.detail.endswith("  | this bot never starts")


def test_a_bot_that_crashes_mid_match_shows_its_last_words(workdir: Path, kit):
    result, _ = kit.play_match("pilfer", ["random", kit.fault_bot("exit", 2)], workdir, clocks=FAST)
    (fault,) = result.faults
    assert fault.code is FaultCode.CRASHED
    assert "  | crashing on purpose at decision 3" in fault.detail
    assert str(workdir / "bots" / "seat1.log") in fault.detail  # the file is kept: it is named


def test_an_exception_in_choose_shows_its_type_line_and_traceback(workdir: Path, kit):
    result, log = kit.play_match("pilfer", ["random", kit.fault_bot("raise", 2)], workdir)
    (fault,) = result.faults
    assert fault.code is FaultCode.DISCONNECTED
    assert "fault-bot raised ValueError: cannot read the view at decision 3" in fault.detail
    assert "fault_bots.py:" in fault.detail and " in choose" in fault.detail
    assert "  | Traceback (most recent call last):" in fault.detail
    assert fault.detail.endswith("  | ValueError: cannot read the view at decision 3")
    assert "Traceback (most recent call last):" in (workdir / "bots" / "seat1.log").read_text()
    kit.assert_log_verifies(log)


def test_play_keeps_the_bots_output_with_bot_logs_and_says_where(tmp_path: Path, kit):
    logs = tmp_path / "bot-output"
    options = ["--seed", "4", "--decision-ms", "1000", "--bot-logs", str(logs)]
    played = subprocess.run(
        [*RUCKUS, "play", "pilfer", "--bot", "random", "--bot", kit.fault_bot("exit", 2), *options],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert played.returncode == 0, played.stderr
    assert "CRASHED at decision" in played.stdout
    assert "  | crashing on purpose at decision 3" in played.stdout
    assert f"bot output: {logs / 'seat0.log'} (random), {logs / 'seat1.log'} (cmd:" in played.stdout
    assert "crashing on purpose" in (logs / "seat1.log").read_text()


def test_play_without_bot_logs_says_how_to_keep_the_output(tmp_path: Path, kit):
    played = subprocess.run(
        [*RUCKUS, "play", "pilfer", "--bot", kit.fault_bot("die_at_start"), "--bot", "random"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,
    )
    assert "  | this bot never starts" in played.stdout
    assert "the bots' whole output was not kept: --bot-logs DIR keeps it" in played.stdout


def test_play_names_a_missing_script_as_written_and_exits_non_zero(tmp_path: Path):
    played = subprocess.run(
        [*RUCKUS, "play", "pilfer", "--bot", "cmd:python mybott/bot.py", "--bot", "random"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,
    )
    assert played.returncode == 2, played.stdout
    assert "seat 0 STARTUP_FAILED" in played.stdout
    where = tmp_path / "mybott" / "bot.py"
    assert f"names a file that does not exist: mybott/bot.py ({where})" in played.stdout
    assert sys.prefix not in played.stdout
    assert "error: seat 0 could not start (STARTUP_FAILED" in played.stderr
