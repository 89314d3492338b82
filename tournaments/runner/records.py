"""Turns a complete match log into the row the results store keeps.

The store row is derived from the log itself, not from what the worker said, so a result is
recorded only for a log that is complete, sealed with the run's key (every line's MAC checks)
and of the match it stands for. When a run resumes, a log whose result never reached the store
(the runner died in between) is recorded from the log instead of playing the match again, but
only if it also verifies in full (engine replay, faults, result); every other log without a
stored result is rejected, to be set aside and its match played again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

from referee.matchlog import MatchLog, moves_of, read_log
from referee.matchlog.verify import verify_log
from tournaments.definition import TournamentDefinition
from tournaments.runner.layout import RunFolder
from tournaments.runner.worker import TaskDone, iso_utc
from tournaments.schedule import Match, next_matches
from tournaments.store import DecisionTimes, MatchResult, ResultStore


class IncompleteLog(Exception):
    """A match log that is missing, cut short, broken or not sealed by the run: its match must
    be played again."""


@dataclass(frozen=True)
class LoggedOutcome:
    """What a store row says about a match that its log alone decides."""

    status: str
    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    faults: tuple[dict[str, int], ...]
    decision_times: tuple[DecisionTimes, ...]

    @classmethod
    def of_row(cls, row: MatchResult) -> LoggedOutcome:
        """Return the part of a stored row that its log decides."""
        faults = tuple(dict(counts) for counts in row.faults)
        return cls(row.status, row.ranks, row.scores, row.reason, faults, row.decision_times)


@dataclass
class LogReview:
    """What :func:`adopt_complete_logs` did: results recorded, and logs rejected with why."""

    adopted: list[MatchResult] = field(default_factory=list)
    rejected: dict[str, str] = field(default_factory=dict)


def logged_outcome(log: MatchLog, seats: int) -> LoggedOutcome:
    """Return the status, outcome, faults by seat and decision-time summaries of a complete
    log."""
    assert log.result is not None
    outcome = log.result["outcome"]
    faults: list[Counter[str]] = [Counter() for _ in range(seats)]
    for fault in log.result["faults"]:
        faults[fault["seat"]][fault["code"]] += 1
    times: list[list[float]] = [[] for _ in range(seats)]
    for decision in log.decisions:
        for move in moves_of(decision):
            times[move["seat"]].append(float(move["time_ms"]))
    return LoggedOutcome(
        status="completed" if log.result["forfeited_seat"] is None else "forfeit",
        ranks=tuple(outcome["ranks"]),
        scores=tuple(outcome["scores"]),
        reason=str(outcome["reason"]),
        faults=tuple(dict(counts) for counts in faults),
        decision_times=tuple(DecisionTimes.of(seat_times) for seat_times in times),
    )


def sealed_log(folder: RunFolder, match: Match) -> MatchLog:
    """Read ``match``'s log with the run's key; raise IncompleteLog unless it is complete,
    every line's hash and MAC check, and its header names the match and its seed."""
    path = folder.log_path(match.key)
    if not path.is_file():
        raise IncompleteLog("no log")
    try:
        log = read_log(path, folder.log_key())
    except (OSError, UnicodeDecodeError) as error:
        raise IncompleteLog(f"cannot read the log ({error})") from None
    if log.problems:
        raise IncompleteLog(f"log broken at {log.problems[0]}")
    if not log.complete or log.header is None:
        raise IncompleteLog("log incomplete")
    if log.header.match_id != match.key or log.header.seed != match.seed:
        raise IncompleteLog("the log is of another match")
    return log


def _row(folder: RunFolder, match: Match, log: MatchLog, done: TaskDone) -> MatchResult:
    """Return the store row of ``match`` from its checked log."""
    outcome = logged_outcome(log, len(match.seats))
    return MatchResult(
        key=match.key,
        round=match.round,
        status=outcome.status,
        seats=match.seats,
        seed=match.seed,
        log_path=folder.log_name(match.key),
        ranks=outcome.ranks,
        scores=outcome.scores,
        reason=outcome.reason,
        faults=outcome.faults,
        decision_times=outcome.decision_times,
        started_at=done.started_at,
        finished_at=done.finished_at,
    )


def result_from_log(folder: RunFolder, match: Match, done: TaskDone) -> MatchResult:
    """Read ``match``'s sealed log and return its store row; raise IncompleteLog if unusable."""
    return _row(folder, match, sealed_log(folder, match), done)


def _adoptable(folder: RunFolder, match: Match) -> MatchResult:
    """Return the store row of a log left by an earlier run that verifies in full.

    The log's modification time stands for both timestamps. Raise IncompleteLog otherwise.
    """
    log = sealed_log(folder, match)
    report = verify_log(log)
    if not report.ok:
        raise IncompleteLog(f"log does not verify: {report.problems[0]}")
    moment = iso_utc(datetime.fromtimestamp(folder.log_path(match.key).stat().st_mtime, UTC))
    return _row(folder, match, log, TaskDone(match.key, moment, moment))


def adopt_complete_logs(
    folder: RunFolder, store: ResultStore, definition: TournamentDefinition
) -> LogReview:
    """Record every playable match of ``definition`` whose log on disk verifies but is not in
    the store (see :func:`adopt_logs`)."""
    finished = store.finished_ranks()
    playable = {match.key: match for match in next_matches(definition, finished)}
    return adopt_logs(folder, store, playable)


def adopt_logs(folder: RunFolder, store: ResultStore, playable: Mapping[str, Match]) -> LogReview:
    """Record every match of ``playable`` (key -> match) whose log on disk verifies but is not
    in the store.

    Every other log without a stored result is rejected with the reason (the logs of
    recorded matches are left alone). Return what was recorded and what was rejected.
    """
    review = LogReview()
    finished = store.finished_ranks()
    for key in folder.logged_keys():
        if key in finished:
            continue
        match = playable.get(key)
        if match is None:
            review.rejected[key] = "no match of this run is waiting for this log"
            continue
        try:
            result = _adoptable(folder, match)
        except IncompleteLog as error:
            review.rejected[key] = str(error)
            continue
        store.record_result(result)
        review.adopted.append(result)
    return review
