"""Helpers for end-to-end tests: real bot processes over real gRPC on loopback."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from referee.match import Clocks, FaultPolicy, MatchResult, MatchSetup
from referee.matchlog import verify
from referee.transport.bots import parse_bot
from referee.transport.play import LogTarget, SpawnedSeats, play
from sample_bots.registry import sample_command

HERE = Path(__file__).resolve().parent
FAULT_BOTS = HERE / "fault_bots.py"


def fault_bot(mode: str, after: int = 3) -> str:
    """Return the ``cmd:`` spec of a misbehaving test bot."""
    return f"cmd:{sys.executable} {FAULT_BOTS} {mode} {after}"


def play_match(
    game: str,
    bots: Sequence[str],
    workdir: Path,
    *,
    seed: int = 1,
    clocks: Clocks | None = None,
    policy: FaultPolicy | None = None,
) -> tuple[MatchResult, Path]:
    """Play one match between bot processes, log it, and return the result and log path."""
    setup = MatchSetup.for_game(
        game, seed, clocks=clocks or Clocks(decision_ms=2_000, bank_ms=60_000), policy=policy
    )
    specs = tuple(parse_bot(bot, game, sample_command) for bot in bots)
    log = workdir / "match.jsonl"
    result = play(setup, SpawnedSeats(specs, workdir / "bots"), log=LogTarget(log))
    return result, log


def assert_log_verifies(log: Path) -> None:
    """Fail unless the log is complete and replays exactly."""
    report = verify(log)
    assert report.problems == []
    assert report.ok


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A per-test directory for logs and bot output."""
    return tmp_path


class MatchKit:
    """The helpers above, handed to tests as the ``kit`` fixture."""

    fault_bot = staticmethod(fault_bot)
    play_match = staticmethod(play_match)
    assert_log_verifies = staticmethod(assert_log_verifies)


@pytest.fixture
def kit() -> type[MatchKit]:
    """Match helpers: ``kit.play_match``, ``kit.fault_bot``, ``kit.assert_log_verifies``."""
    return MatchKit
