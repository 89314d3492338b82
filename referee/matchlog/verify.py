"""Re-run the engine from a log's header and recorded actions, checking every line.

Given the key the log was written with, every line's MAC is checked too. Beyond the replay, the
faults, forfeit and clock readings must be what the match loop writes (see ``rulings``). A
forked log (``fork``) is replayed from its parent's header and first decisions, which must
still be the ones it was forked from; the rulings judge the fork's own lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from referee.games import get_game
from referee.games.base import GameError
from referee.matchlog.fork import ForkError, inherited_lines
from referee.matchlog.reader import JsonDict, MatchLog, read_log
from referee.matchlog.replay import Replayer
from referee.matchlog.rulings import clock_problem, line_fault_problem, result_fault_problem


@dataclass
class VerifyReport:
    """What verification found: ``ok`` only when the log is complete and every check passed."""

    decisions: int = 0
    complete: bool = False
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the log is complete and sound."""
        return self.complete and not self.problems


def _replay(log: MatchLog, inherited: Sequence[JsonDict], report: VerifyReport) -> Replayer:
    """Apply every recorded decision (the ``inherited`` ones of a fork first), checking seat,
    index, label and digest; return the replayer at the state reached."""
    assert log.header is not None
    replayer = Replayer(log.header)
    for step in replayer.steps((*inherited, *log.decisions)):
        report.problems.extend(step.problems)
        if step.ends:
            break
        report.decisions += 1
    return replayer


def _check_result(replayer: Replayer, log: MatchLog, report: VerifyReport) -> None:
    """Check the result line against the replayed final state and the decision lines."""
    assert log.header is not None and log.result is not None
    game, state, acting = replayer.game, replayer.state, replayer.acting()
    result = log.result
    if result["decisions"] != report.decisions:
        report.problems.append("result: decision count differs from the decision lines")
        return
    problem = result_fault_problem(log.header, log.decisions, result, acting)
    if problem is not None:
        report.problems.append(problem)
        return
    if result["forfeited_seat"] is not None:
        return
    outcome = game.outcome(state)
    if outcome is None:
        report.problems.append("result: the game had not ended")
    elif outcome.to_json() != result["outcome"]:
        report.problems.append("result: outcome differs from the engine's")


def _check(log: MatchLog, inherited: Sequence[JsonDict], report: VerifyReport) -> None:
    """Replay the log, check its decision lines' faults and times, then its result."""
    assert log.header is not None
    found = len(report.problems)
    replayer = _replay(log, inherited, report)
    if len(report.problems) > found:
        return
    for problem in (
        line_fault_problem(log.header, log.decisions),
        clock_problem(log.header, log.decisions),
    ):
        if problem is not None:
            report.problems.append(problem)
            return
    if log.result is not None and not report.problems:
        _check_result(replayer, log, report)


def verify_log(log: MatchLog, inherited: Sequence[JsonDict] = ()) -> VerifyReport:
    """Verify a parsed log: chain (and MACs, if read with a key), replay, faults and result.

    ``inherited`` are the decision lines a forked log takes from its parent (see ``fork``).
    """
    report = VerifyReport(complete=log.complete, problems=list(log.problems))
    if log.header is None:
        report.problems.append("no header line")
        return report
    try:
        if get_game(log.header.game).spec.rules_version != log.header.rules_version:
            report.problems.append("header: rules version differs from the engine's")
            return report
        _check(log, inherited, report)
    except (KeyError, ValueError, TypeError, IndexError, GameError) as error:
        report.problems.append(f"replay failed: {error!r}")
    return report


def verify_file_log(path: Path, log: MatchLog) -> VerifyReport:
    """Verify ``log``, read from ``path``: a forked log with the lines of its parent there."""
    try:
        inherited = inherited_lines(path, log.header) if log.header is not None else ()
    except ForkError as error:
        return VerifyReport(complete=log.complete, problems=[f"header: fork: {error}"])
    return verify_log(log, inherited)


def verify(path: Path, key: bytes | None = None) -> VerifyReport:
    """Verify the log file at ``path``; with ``key``, check every line's MAC under it."""
    return verify_file_log(path, read_log(path, key))
