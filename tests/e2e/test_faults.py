"""Each kind of misbehaving bot gives its fault code, the match ends, nothing hangs."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from referee.match import Clocks, FaultCode, FaultPolicy

FAST = Clocks(decision_ms=1_000, bank_ms=30_000)
"""Short enough to keep the timeout tests quick, long enough for a busy machine."""


@pytest.mark.parametrize(
    ("mode", "code"),
    [
        ("sleep", FaultCode.TIMEOUT),
        ("exit", FaultCode.CRASHED),
        ("out_of_range", FaultCode.ILLEGAL_ACTION),
        ("garbage", FaultCode.MALFORMED),
        ("wrong_id", FaultCode.MALFORMED),
        ("oversize", FaultCode.OVERSIZE),
        ("hangup", FaultCode.DISCONNECTED),
        ("status", FaultCode.DISCONNECTED),  # a status the bot chose is never trusted
    ],
)
def test_misbehaving_bot_forfeits_with_its_fault_code(
    mode: str, code: FaultCode, workdir: Path, kit
):
    began = time.monotonic()
    result, log = kit.play_match("pilfer", ["random", kit.fault_bot(mode)], workdir, clocks=FAST)
    assert time.monotonic() - began < 20
    assert result.forfeited_seat == 1
    assert [fault.code for fault in result.faults] == [code]
    assert result.faults[0].seat == 1
    if mode == "status":
        assert "RESOURCE_EXHAUSTED: my own choice" in result.faults[0].detail
    assert result.outcome.ranks == (1, 2)
    assert result.outcome.reason == f"forfeit:{code.value}"
    kit.assert_log_verifies(log)


def test_bot_that_never_starts_is_startup_failed(workdir: Path, kit):
    result, log = kit.play_match("pilfer", [kit.fault_bot("die_at_start"), "random"], workdir)
    assert result.forfeited_seat == 0
    assert [fault.code for fault in result.faults] == [FaultCode.STARTUP_FAILED]
    assert result.decisions == 0
    kit.assert_log_verifies(log)


def test_default_action_policy_counts_strikes_then_forfeits(workdir: Path, kit):
    policy = FaultPolicy(kind="default-action", max_strikes=2)
    result, log = kit.play_match(
        "pilfer", ["random", kit.fault_bot("out_of_range", 2)], workdir, policy=policy
    )
    assert [fault.code for fault in result.faults] == [FaultCode.ILLEGAL_ACTION] * 3
    assert result.forfeited_seat == 1
    kit.assert_log_verifies(log)


def test_default_action_policy_survives_a_late_answer(workdir: Path, kit):
    policy = FaultPolicy(kind="default-action", max_strikes=1)
    result, log = kit.play_match(
        "pilfer", ["random", kit.fault_bot("sleep", 2)], workdir, clocks=FAST, policy=policy
    )
    assert [fault.code for fault in result.faults] == [FaultCode.TIMEOUT] * 2
    assert result.forfeited_seat == 1
    kit.assert_log_verifies(log)


def test_a_command_that_cannot_run_is_startup_failed(workdir: Path, kit):
    result, log = kit.play_match("wabbit", ["random", "cmd:/no/such/bot --flag"], workdir)
    assert result.forfeited_seat == 1
    assert result.faults[0].code == FaultCode.STARTUP_FAILED
    assert "/no/such/bot" in result.faults[0].detail
    kit.assert_log_verifies(log)


def test_one_bot_process_plays_several_matches_in_turn(workdir: Path):
    import uuid

    from referee.games import get_game
    from referee.match import MatchSetup, run_match
    from referee.transport.bots import open_players, parse_bot
    from sample_bots.registry import sample_command

    game = get_game("pilfer")
    specs = [
        parse_bot("random", "pilfer", sample_command),
        parse_bot("random", "pilfer", sample_command),
    ]
    with open_players(specs, "pilfer", workdir) as players:
        for seed in (1, 2, 3):
            setup = MatchSetup(
                game=game,
                config=game.make_config(None),
                seed=seed,
                match_id=uuid.uuid4().hex,
                scenario="raid",
            )
            result = run_match(setup, players)
            assert result.faults == () and result.forfeited_seat is None
