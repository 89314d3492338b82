"""Verdicts of ``ruckus replay verify``: OK, INCOMPLETE or FAILED, naming the first divergence.

A log is checked with its run's key when it has one (every line's MAC), else by its hash chain
and the replay alone, and the verdict says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from referee.matchlog import MatchLog
from referee.matchlog.reader import log_text, parse_log
from referee.matchlog.verify import verify_file_log
from tournaments.replay.timeline import is_cut_short

MatchCheck = Callable[[MatchLog], str | None]
"""A check of a log against the run it belongs to: the first problem, or None."""

_LINE = re.compile(r"^line (\d+): (.*)$")


class Status(Enum):
    """How a log fared."""

    OK = "OK"
    INCOMPLETE = "INCOMPLETE"
    FAILED = "FAILED"


@dataclass(frozen=True)
class Verdict:
    """The verdict on one log file: its status, decisions checked and what went wrong."""

    path: Path
    status: Status
    decisions: int
    detail: str

    def line(self) -> str:
        """Return the one-line report printed for this file."""
        return f"{self.status.value:10} {self.path}: {self.detail}"


def _kind(raw: str) -> object:
    """Return the ``type`` of a raw log line, or None if it has none."""
    try:
        line = json.loads(raw)
    except json.JSONDecodeError:
        return None
    return line.get("type") if isinstance(line, dict) else None


def _locate(problem: str, lines: list[str]) -> str:
    """Name the line a ``line N: ...`` problem is on: the header, decision N-2, or the result."""
    match = _LINE.match(problem)
    if match is None:
        return problem
    number, what = int(match.group(1)), match.group(2)
    if number == 1:
        return f"header (line 1): {what}"
    kind = _kind(lines[number - 1]) if number <= len(lines) else None
    if kind == "decision":
        return f"decision {number - 2} (line {number}): {what}"
    if kind == "result":
        return f"result (line {number}): {what}"
    return f"line {number}: {what}"


def _mac_note(key: bytes | None) -> str:
    """Say whether the MACs were checked."""
    return "MACs checked" if key is not None else "MAC not checked: not in a run folder"


def check_log(path: Path, key: bytes | None = None, match: MatchCheck | None = None) -> Verdict:
    """Verify the log at ``path`` (with its run's ``key``, if any) and classify the result.

    A log that verifies is then checked by ``match`` against its run, if given.
    """
    try:
        text = log_text(path)
    except (OSError, UnicodeDecodeError, EOFError) as error:
        return Verdict(path, Status.FAILED, 0, f"cannot read the log: {error}")
    log = parse_log(text, key)
    report = verify_file_log(path, log)
    problems = [problem for problem in report.problems if not is_cut_short(problem)]
    if problems:
        first = _locate(problems[0], text.splitlines())
        detail = f"first divergence at {first} ({report.decisions} decisions verified before it)"
        return Verdict(path, Status.FAILED, report.decisions, detail)
    mismatch = None if match is None else match(log)
    if mismatch is not None:
        detail = f"{mismatch} ({report.decisions} decisions verified)"
        return Verdict(path, Status.FAILED, report.decisions, detail)
    if not report.complete:
        return Verdict(
            path,
            Status.INCOMPLETE,
            report.decisions,
            f"{report.decisions} decisions verified; the log stops before its result line "
            f"({_mac_note(key)})",
        )
    detail = f"{report.decisions} decisions verified ({_mac_note(key)})"
    return Verdict(path, Status.OK, report.decisions, detail)
