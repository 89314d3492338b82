"""Verdicts of ``ruckus replay verify``: OK, INCOMPLETE or FAILED, naming the first divergence."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from referee.matchlog import read_log
from referee.matchlog.verify import verify_log
from tournaments.replay.timeline import is_cut_short

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


def _locate(problem: str, decisions: int) -> str:
    """Name the decision a ``line N: ...`` problem is on (line 1 is the header)."""
    match = _LINE.match(problem)
    if match is None:
        return problem
    number, what = int(match.group(1)), match.group(2)
    if number == 1:
        return f"header (line 1): {what}"
    if number - 2 <= decisions:
        return f"decision {number - 2} (line {number}): {what}"
    return f"line {number}: {what}"


def check_log(path: Path) -> Verdict:
    """Verify the log at ``path`` and classify the result."""
    try:
        log = read_log(path)
    except (OSError, UnicodeDecodeError, EOFError) as error:
        return Verdict(path, Status.FAILED, 0, f"cannot read the log: {error}")
    report = verify_log(log)
    problems = [problem for problem in report.problems if not is_cut_short(problem)]
    if problems:
        first = _locate(problems[0], len(log.decisions))
        detail = f"first divergence at {first} ({report.decisions} decisions verified before it)"
        return Verdict(path, Status.FAILED, report.decisions, detail)
    if not report.complete:
        return Verdict(
            path,
            Status.INCOMPLETE,
            report.decisions,
            f"{report.decisions} decisions verified; the log stops before its result line",
        )
    return Verdict(path, Status.OK, report.decisions, f"{report.decisions} decisions verified")
