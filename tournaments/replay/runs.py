"""``ruckus replay verify`` on run folders: every log with the run's key, against the run.

A run folder is the folder holding ``results.sqlite``; a log inside one (found by walking up
from the log) is checked with the run's key. A log under ``RUN/logs`` must also be the log of
its match: its header names the match and its seed, its seats are played by the definition's
bots (the stored seats of a recorded match, the schedule's of one still to play), it was
played as the definition says (game, scenario and ``[rules]``, clocks and each bot's own,
fault policy: the header the runner would write), and the stored result of a recorded match
is the one the log gives. A recorded match without its log fails. A log outside any run folder
is checked by its hash chain and the replay alone. A folder that is no run folder stands for
every run folder and log under it (``runs/``, ``RUN/logs/rr``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from referee.match import BotIdentity, MatchHeader
from referee.matchlog import MatchLog
from tournaments.definition import DefinitionError, TournamentDefinition
from tournaments.replay.checks import Status, Verdict, check_log
from tournaments.runner.fleet import describe_source
from tournaments.runner.layout import LOG_SUFFIX, RunFolder
from tournaments.runner.records import LoggedOutcome, logged_outcome
from tournaments.runner.tasks import match_task
from tournaments.schedule import next_matches
from tournaments.store import DATABASE, MatchResult, ResultStore, StoreError


class NotARunFolder(Exception):
    """A folder given to ``replay verify`` that holds no run and no log."""


PLAYED_AS = ("game", "scenario", "config", "clocks", "seat_clocks", "policy", "fork")
"""The header fields the definition decides (a run's logs are no forks: ``fork`` is absent),
as a log header names them."""


@dataclass(frozen=True)
class _Expected:
    """What a match's log must say: its key, seats (bot names) and seed, any stored result."""

    key: str
    seats: tuple[str, ...]
    seed: int
    row: MatchResult | None


@dataclass(frozen=True)
class RunRecord:
    """What a run folder holds to check its logs by: the key, the bots, the matches."""

    folder: RunFolder
    key: bytes
    definition: TournamentDefinition
    sources: Mapping[str, str]
    """Bot name -> its source as logs write it."""
    matches: Mapping[str, _Expected]
    """Match key -> what its log must say, for every recorded or playable match."""

    def recorded(self) -> list[str]:
        """Return the keys of the recorded matches."""
        return [key for key, expected in self.matches.items() if expected.row is not None]

    def header_of(self, expected: _Expected, seats: Sequence[BotIdentity]) -> MatchHeader:
        """Return the header the runner writes for the match played by ``seats``."""
        task = match_task(self.definition, expected, (), self.folder)
        return task.setup.header(seats)


def find_run(path: Path) -> Path | None:
    """Return the run folder ``path`` lies in (the nearest folder holding the store), if any."""
    for folder in path.resolve().parents:
        if is_run_folder(folder):
            return folder
    return None


def is_run_folder(path: Path) -> bool:
    """Return whether ``path`` is a run folder (it holds the results store)."""
    return (path / DATABASE).is_file()


def open_run(root: Path) -> RunRecord:
    """Read the key, definition and results of the run in ``root``.

    Raise OSError (the key), StoreError, DefinitionError or sqlite3.Error if they are unreadable.
    """
    folder = RunFolder(root)
    key = folder.log_key()
    store = ResultStore.open(root)
    try:
        definition = store.definition()
        results = store.results()
    finally:
        store.close()
    matches = {row.key: _Expected(row.key, row.seats, row.seed, row) for row in results}
    for match in next_matches(definition, {row.key: row.ranks for row in results}):
        matches.setdefault(match.key, _Expected(match.key, match.seats, match.seed, None))
    sources = {entry.name: describe_source(entry) for entry in definition.bots}
    return RunRecord(folder, key, definition, sources, matches)


def _seat_problem(run: RunRecord, logged: Sequence[object], names: Sequence[str]) -> str | None:
    """Return the first seat whose logged source is not the definition's bot, if any."""
    if len(logged) != len(names):
        return f"the log has {len(logged)} seats, the match {len(names)}"
    for seat, (seen, name) in enumerate(zip(logged, names, strict=True)):
        wanted = run.sources.get(name)
        if seen != wanted:
            return f"seat {seat} is played by {seen!r}, not by the definition's {wanted!r}"
    return None


def _played_as_problem(logged: MatchHeader, wanted: MatchHeader) -> str | None:
    """Return the first header field of :data:`PLAYED_AS` the log and the run differ in."""
    difference = logged.first_difference(wanted, PLAYED_AS)
    if difference is None:
        return None
    field, seen, meant = difference
    if isinstance(seen, dict) and isinstance(meant, dict):
        return f"the log's {field} is not the run's: {_differences(seen, meant)}"
    return f"the log's {field} is {seen!r}, the run's {meant!r}"


def _differences(seen: dict[str, Any], meant: dict[str, Any]) -> str:
    """Return the keys in which two JSON objects differ, with the value of each."""
    keys = sorted(set(seen) | set(meant))
    return "; ".join(
        f"{key} {seen.get(key)!r}, not {meant.get(key)!r}"
        for key in keys
        if seen.get(key) != meant.get(key)
    )


def match_problem(run: RunRecord, key: str, log: MatchLog) -> str | None:
    """Return why the verified ``log`` is not the log of match ``key`` of ``run``, if it is not."""
    expected = run.matches.get(key)
    header = log.header
    assert header is not None
    if expected is None:
        return f"the run has no match {key} to log"
    if header.match_id != key:
        return f"the log is of match {header.match_id!r}, not of {key}"
    if header.seed != expected.seed:
        return f"the log's seed {header.seed} is not the match's ({expected.seed})"
    sources = [seat.source for seat in header.seats]
    problem = _seat_problem(run, sources, expected.seats) or _played_as_problem(
        header, run.header_of(expected, header.seats)
    )
    if problem is not None or expected.row is None:
        return problem
    if not log.complete:
        return "the match has a stored result but its log stops before the result line"
    if logged_outcome(log, len(expected.seats)) != LoggedOutcome.of_row(expected.row):
        return "the stored result is not the one the log gives"
    return None


def _open(root: Path) -> RunRecord | str:
    """Open the run in ``root``, or return why it cannot be checked."""
    try:
        return open_run(root)
    except (OSError, StoreError, DefinitionError, sqlite3.Error) as error:
        return f"cannot check the run: {error}"


@dataclass(frozen=True)
class LogCheck:
    """One log to verify: with its run's key when it lies in the run folder ``root``, and
    against match ``match`` of that run when it is the match's log under ``RUN/logs``."""

    path: Path
    root: Path | None = None
    match: str | None = None


Planned = Verdict | LogCheck
"""A verdict known without reading a log (a run that cannot be opened, a missing log), or a
log still to check."""


def judge(check: LogCheck, runs: Mapping[Path, RunRecord]) -> Verdict:
    """Verify the log of ``check``, with its run (one of ``runs``) if it has one."""
    run = None if check.root is None else runs[check.root]
    if run is None:
        return check_log(check.path)
    if check.match is None:
        return check_log(check.path, run.key)
    return check_log(check.path, run.key, partial(match_problem, run, check.match))


def _plan_run(run: RunRecord) -> list[Planned]:
    """Plan every log under the run's ``logs`` folder, and fail every recorded match whose
    log is missing."""
    root = run.folder.root
    logged = run.folder.logged_keys()
    plan: list[Planned] = [LogCheck(run.folder.log_path(key), root, key) for key in logged]
    for key in sorted(set(run.recorded()) - set(logged)):
        plan.append(
            Verdict(run.folder.log_path(key), Status.FAILED, 0, "the stored result has no log")
        )
    return plan


def _plan_in_run(path: Path, run: RunRecord) -> LogCheck:
    """Plan the log at ``path`` inside ``run``'s folder: a log under ``RUN/logs`` is also
    checked against its match."""
    inside = path.resolve().relative_to(run.folder.root)
    if inside.parts[:1] != ("logs",) or not path.name.endswith(LOG_SUFFIX):
        return LogCheck(path, run.folder.root)
    key = inside.relative_to("logs").as_posix().removesuffix(LOG_SUFFIX)
    return LogCheck(path, run.folder.root, key)


def _is_log(path: Path) -> bool:
    """Return whether ``path`` is named like a match log (``.jsonl``, ``.jsonl.gz``)."""
    return path.name.endswith((LOG_SUFFIX, f"{LOG_SUFFIX}.gz"))


def _folder_targets(folder: Path) -> list[Path]:
    """Return the run folders and logs under ``folder`` (a run folder stands for its logs)."""
    if is_run_folder(folder):
        return [folder]
    found: list[Path] = []
    for child in sorted(folder.iterdir()):
        if child.is_dir():
            found.extend(_folder_targets(child))
        elif _is_log(child):
            found.append(child)
    return found


def verify_targets(paths: Sequence[Path]) -> list[Path]:
    """Return what ``paths`` name to verify: each file as it is, each run folder, and the run
    folders and logs under any other folder.

    Raise NotARunFolder for a folder that holds no run and no log.
    """
    targets: list[Path] = []
    for path in paths:
        if not path.is_dir():
            targets.append(path)
            continue
        found = _folder_targets(path)
        if not found:
            raise NotARunFolder(f"{path} holds no run ({DATABASE}) and no match log")
        targets.extend(found)
    return targets


def plan_paths(paths: Sequence[Path]) -> tuple[list[Planned], dict[Path, RunRecord]]:
    """Plan the verification of each run folder and log file in ``paths``, in order, one item
    per log (a folder that is no run stands for the runs and logs under it); return the plan
    and the runs its checks belong to, by folder.

    Raise NotARunFolder, before anything is planned, for a folder with nothing to verify.
    """
    opened: dict[Path, RunRecord | str] = {}
    plan: list[Planned] = []
    for path in verify_targets(paths):
        root = path if path.is_dir() else find_run(path)
        if root is None:
            plan.append(LogCheck(path))
            continue
        if root not in opened:
            opened[root] = _open(root)
        run = opened[root]
        if isinstance(run, str):
            plan.append(Verdict(path, Status.FAILED, 0, run))
        elif path.is_dir():
            plan.extend(_plan_run(run))
        else:
            plan.append(_plan_in_run(path, run))
    runs = {root: run for root, run in opened.items() if not isinstance(run, str)}
    return plan, runs
