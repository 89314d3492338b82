"""A bot that fails to start or crashes shows its own last words in the fault."""

from __future__ import annotations

from pathlib import Path

from referee.match import Clocks, FaultCode
from referee.matchlog import read_log

FAST = Clocks(decision_ms=1_000, bank_ms=30_000)


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
