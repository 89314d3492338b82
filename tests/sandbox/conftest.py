"""Helpers for the sandbox tests: the attacker bot, levels that skip when unavailable, a match."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.match import Clocks, MatchResult, MatchSetup, run_match
from referee.matchlog import LogWriter
from referee.sandbox import Level, Limits, Sandbox, unavailable
from referee.transport.bots import open_players, parse_bot
from sample_bots.registry import sample_command

HERE = Path(__file__).resolve().parent
ATTACKER = HERE / "attacker.py"
CONFINED = (Level.STRICT, Level.BASIC)


def attacker(mode: str, *targets: object) -> str:
    """Return the ``cmd:`` source of the attacker bot in ``mode``."""
    return f"cmd:{sys.executable} {ATTACKER} {mode} " + " ".join(str(t) for t in targets)


def require(level: Level) -> None:
    """Skip the test when ``level`` cannot run on this machine."""
    problem = unavailable(level)
    if problem is not None:
        pytest.skip(f"sandbox level {level.value} unavailable: {problem}")


def play(
    bots: list[str],
    out: Path,
    level: Level,
    limits: Limits | None = None,
    log: Path | None = None,
    decision_ms: int = 10_000,
) -> MatchResult:
    """Play one Pilfer match between ``bots`` in the sandbox; bot output goes to ``out``."""
    require(level)
    sandbox = Sandbox(level, limits or Limits())
    setup = MatchSetup.for_game("pilfer", 11, clocks=Clocks(decision_ms, 120_000))
    specs = [parse_bot(bot, "pilfer", sample_command) for bot in bots]
    with open_players(specs, "pilfer", out, sandbox) as players:
        observers = [LogWriter(log)] if log is not None else []
        return run_match(setup, players, observers)


def output(out: Path, seat: int = 0) -> str:
    """Return what the bot of ``seat`` printed."""
    return (out / f"seat{seat}.log").read_text(errors="replace")
