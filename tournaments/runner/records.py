"""Turns a complete match log into the row the results store keeps.

The store row is derived from the log itself, not from what the worker said, so a result is
recorded only for a log that is complete and whose hash chain is sound. When a run resumes,
a complete log whose result never reached the store (the runner died in between) is recorded
from the log instead of playing the match again.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from referee.matchlog import read_log
from tournaments.definition import TournamentDefinition
from tournaments.runner.layout import RunFolder
from tournaments.runner.worker import TaskDone, iso_utc
from tournaments.schedule import Match, next_matches
from tournaments.store import MatchResult, ResultStore


class IncompleteLog(Exception):
    """A match log that is missing, cut short or broken: its match must be played again."""


def result_from_log(folder: RunFolder, match: Match, done: TaskDone) -> MatchResult:
    """Read ``match``'s log and return its store row; raise IncompleteLog if it is unusable."""
    path = folder.log_path(match.key)
    if not path.is_file():
        raise IncompleteLog(f"{match.key}: no log")
    log = read_log(path)
    if not log.complete or log.problems or log.result is None or log.header is None:
        raise IncompleteLog(f"{match.key}: log incomplete {log.problems}")
    if log.header["match_id"] != match.key or log.header["seed"] != match.seed:
        raise IncompleteLog(f"{match.key}: the log is of another match")
    seats = len(match.seats)
    outcome = log.result["outcome"]
    faults: list[Counter[str]] = [Counter() for _ in range(seats)]
    for fault in log.result["faults"]:
        faults[fault["seat"]][fault["code"]] += 1
    times: list[list[float]] = [[] for _ in range(seats)]
    for decision in log.decisions:
        times[decision["seat"]].append(float(decision["time_ms"]))
    return MatchResult(
        key=match.key,
        round=match.round,
        status="completed" if log.result["forfeited_seat"] is None else "forfeit",
        seats=match.seats,
        seed=match.seed,
        log_path=folder.log_name(match.key),
        ranks=tuple(outcome["ranks"]),
        scores=tuple(outcome["scores"]),
        reason=str(outcome["reason"]),
        faults=tuple(dict(counts) for counts in faults),
        decision_ms=tuple(tuple(seat_times) for seat_times in times),
        started_at=done.started_at,
        finished_at=done.finished_at,
    )


def adopt_complete_logs(
    folder: RunFolder, store: ResultStore, definition: TournamentDefinition
) -> list[MatchResult]:
    """Record every playable match whose complete log is on disk but not in the store.

    The log's modification time stands for both timestamps. Return what was recorded.
    """
    adopted: list[MatchResult] = []
    logged = set(folder.logged_keys())
    for match in next_matches(definition, store.finished_ranks()):
        if match.key not in logged:
            continue
        moment = iso_utc(datetime.fromtimestamp(folder.log_path(match.key).stat().st_mtime, UTC))
        try:
            result = result_from_log(folder, match, TaskDone(match.key, moment, moment))
        except IncompleteLog:
            continue
        store.record_result(result)
        adopted.append(result)
    return adopted
