"""The tournament loop: ask the schedule, hand matches to the backend, record finished ones.

The loop keeps the finished matches in memory (read from the store once, at the start). A
schedule known up front (round-robin, gauntlet) is drawn once; knockout and Swiss are asked
again after every finished match, as they release games as results arrive. A result is
recorded only from a complete log, and only then does the schedule see it, so a run killed at
any moment resumes by playing the unrecorded matches again. A match that fails for a reason
other than a bot (a worker died, a log is broken) is retried a few times before the run stops
with :class:`RunnerError`. With ``[sprt]``, a pairing whose test has decided has its
remaining matches taken out of the queue (those already running finish and are recorded).
Before the first match every bot is checked once (:mod:`tournaments.runner.preflight`).
The matches come from a :class:`Schedule`: a tournament's is its format's
(:class:`FormatSchedule`); :func:`play_schedule` plays any other on a started backend (the
arena's matchmaker, :mod:`tournaments.arena`).
"""

from __future__ import annotations

import bisect
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from referee.games import get_game
from referee.sandbox import Level
from tournaments.definition import TournamentDefinition, check_against_spec
from tournaments.runner.backends.base import Backend
from tournaments.runner.backends.placement import Placement
from tournaments.runner.layout import RunFolder
from tournaments.runner.pool import Completion
from tournaments.runner.preflight import settle
from tournaments.runner.records import IncompleteLog, adopt_complete_logs, result_from_log
from tournaments.runner.tasks import match_task, task_deadline
from tournaments.runner.worker import MatchTask
from tournaments.schedule import (
    Finished,
    Match,
    SequentialTests,
    next_matches,
    planned_matches,
    sequential_tests,
)
from tournaments.store import MatchResult, ResultStore

POLL_SECONDS = 0.25
"""How often the loop wakes up to check the bots while matches run."""
RETRIES = 2
"""How often a match may fail for a harness reason before the run stops."""


class RunnerError(Exception):
    """The run cannot go on (a match keeps failing for a reason that is not a bot's)."""


@dataclass(frozen=True)
class RunContext:
    """What an observer learns when the matches start."""

    definition: TournamentDefinition
    folder: RunFolder
    store: ResultStore
    concurrency: int
    recorded: int
    sprt: SequentialTests | None = None
    """The ``[sprt]`` tests, updated by the run before each result reaches the observers."""


class RunObserver(Protocol):
    """Something that follows a run: the live view, a plain printer, a benchmark clock."""

    def run_started(self, context: RunContext) -> None:
        """Called once the bots and workers are up, before the first match."""
        ...

    def match_recorded(self, result: MatchResult) -> None:
        """Called after each result is stored."""
        ...

    def notice(self, text: str) -> None:
        """Called for bot restarts, quarantines and retried matches."""
        ...

    def matches_running(self, matches: Sequence[Match]) -> None:
        """Called whenever the set of matches being played changes (in schedule order)."""
        ...


class SilentObserver:
    """A RunObserver that ignores every call: subclass it to follow only part of a run (a
    benchmark's clock, a memory probe)."""

    def run_started(self, context: RunContext) -> None:
        """Ignored."""

    def match_recorded(self, result: MatchResult) -> None:
        """Ignored."""

    def notice(self, text: str) -> None:
        """Ignored."""

    def matches_running(self, matches: Sequence[Match]) -> None:
        """Ignored."""


@dataclass(frozen=True)
class RunSummary:
    """What a run did: matches played now, recorded in all, match-phase seconds, the bots
    it quarantined, the sandbox level its bots ran in and the bots that failed preflight
    (played anyway, with ``keep_going``)."""

    played: int
    recorded: int
    seconds: float
    quarantined: tuple[str, ...]
    sandbox: Level
    failed_preflight: tuple[str, ...] = ()


class Schedule(Protocol):
    """What the loop asks for the matches to play: a definition's format
    (:class:`FormatSchedule`), or another matchmaker (the arena's)."""

    @property
    def known_up_front(self) -> bool:
        """Whether the matches are known at the start (else the schedule is asked again after
        every finished match)."""
        ...

    def next_matches(self, finished: Finished) -> list[Match]:
        """Return the unfinished matches that can be played now (none: the loop ends)."""
        ...


@dataclass(frozen=True)
class FormatSchedule:
    """The schedule of a definition's format (:func:`tournaments.schedule.next_matches`)."""

    definition: TournamentDefinition

    @property
    def known_up_front(self) -> bool:
        """Whether the format knows its matches up front (round-robin, gauntlet)."""
        return planned_matches(self.definition) is not None

    def next_matches(self, finished: Finished) -> list[Match]:
        """Return the format's playable matches after ``finished``."""
        return next_matches(self.definition, finished)


def pick_next(queue: Sequence[Match], running: Iterable[Match]) -> Match:
    """Return the earliest match of ``queue`` whose bots play no running match; when every
    match shares a bot with one that is running, the earliest of those whose bots are least
    busy (the fewest matches at once for its busiest bot, then for its bots together).

    A bot process then plays as few matches at once as the schedule allows: it thinks at full
    speed, and the matches running at once do not wait on each other.
    """
    load = Counter(name for match in running for name in match.seats)
    return min(
        queue,
        key=lambda match: (
            max(load[name] for name in match.seats),
            sum(load[name] for name in match.seats),
        ),
    )


def _schedule_order(match: Match) -> tuple[int, str]:
    return (match.round, match.key)


class _Loop:
    """One pass of a run over a started backend."""

    def __init__(
        self, context: RunContext, backend: Backend, observer: RunObserver, schedule: Schedule
    ) -> None:
        self.context = context
        self.definition = context.definition
        self.backend = backend
        self.observer = observer
        self.schedule = schedule
        self.finished = context.store.finished_ranks()
        self.known_up_front = schedule.known_up_front
        self.running: dict[str, Match] = {}
        self.reported: frozenset[str] = frozenset()
        """The keys of the running matches the observer was last told of."""
        self.failures: Counter[str] = Counter()
        self.played = 0
        self.decided = False
        """Whether a test decided since the queue was last cut."""

    def task(self, match: Match) -> MatchTask:
        """Return the worker's task for ``match`` with the bots' current endpoints and the
        run's log key."""
        seats = self.backend.seats(match.seats)
        return match_task(self.definition, match, seats, self.context.folder)

    def pending(self) -> list[Match]:
        """Return the playable matches that are not running, in schedule order."""
        return [
            match
            for match in self.schedule.next_matches(self.finished)
            if match.key not in self.running
        ]

    def run(self) -> None:
        """Play until the schedule has nothing left."""
        queue = self.pending()
        while queue or self.running:
            queue = self.step(queue)

    def step(self, queue: list[Match]) -> list[Match]:
        """Hand out what the backend has room for, wait a moment for matches to end, start
        the next ones on the freed room (the ended matches' bots are free again), then record
        what ended; return the queue left."""
        self.backend.check()
        self.hand_out(queue)
        self.report_running()
        completions = self.backend.wait(POLL_SECONDS)
        ended = [self.running.pop(completion.task.key) for completion in completions]
        self.hand_out(queue)  # freed workers start their next match before results are read
        for completion, match in zip(completions, ended, strict=True):
            failed = self.complete(completion, match)
            if failed is not None and self.known_up_front and self.needed(failed):
                bisect.insort(queue, failed, key=_schedule_order)
        self.report_running()
        if completions and not self.known_up_front:
            queue = self.pending()
        if self.decided:
            queue = [match for match in queue if self.needed(match)]
            self.decided = False
        return queue

    def hand_out(self, queue: list[Match]) -> None:
        """Give matches from ``queue`` to the backend while it has room (see
        :func:`pick_next`), removing them."""
        while queue and self.backend.idle():
            match = pick_next(queue, self.running.values())
            queue.remove(match)
            task = self.task(match)
            self.backend.submit(task, task_deadline(task))
            self.running[match.key] = match

    def report_running(self) -> None:
        """Tell the observer which matches are being played, when that has changed."""
        keys = frozenset(self.running)
        if keys != self.reported:
            self.reported = keys
            self.observer.matches_running(sorted(self.running.values(), key=_schedule_order))

    def complete(self, completion: Completion, match: Match) -> Match | None:
        """Record ``match`` (no longer running), or count its failure and return it to be
        played again."""
        problem = completion.error
        if completion.done is not None:
            try:
                result = result_from_log(self.context.folder, match, completion.done)
            except IncompleteLog as error:
                problem = str(error)
            else:
                self.context.store.record_result(result)
                self.finished[result.key] = result.ranks
                self.played += 1
                self._test(result)
                self.observer.match_recorded(result)
                return None
        kept = ""
        if self.context.folder.log_path(match.key).exists():
            kept = f"; its log is set aside as {self.context.folder.set_aside(match.key)}"
        self.failures[match.key] += 1
        if self.failures[match.key] > RETRIES:
            raise RunnerError(f"match {match.key} failed {RETRIES + 1} times; last: {problem}")
        self.observer.notice(f"match {match.key} failed ({problem}){kept}; playing it again")
        return match

    def needed(self, match: Match) -> bool:
        """Return whether ``match`` is to be played: always, or while its test is undecided."""
        return self.context.sprt is None or self.context.sprt.needed(match)

    def _test(self, result: MatchResult) -> None:
        """Count ``result`` in the ``[sprt]`` tests; say which it decided."""
        if self.context.sprt is None:
            return
        for test in self.context.sprt.record(result.key, result.ranks):
            state = test.state
            self.observer.notice(
                f"sprt {test.bot} vs {test.opponent}: {state.decision} accepted after "
                f"{state.games} games (LLR {state.llr:.2f}, bounds {state.lower_bound:.2f} "
                f"and {state.upper_bound:.2f}); its remaining matches are skipped"
            )
            self.decided = True


def play_schedule(
    context: RunContext, backend: Backend, observer: RunObserver, schedule: Schedule
) -> int:
    """Play what ``schedule`` hands out on the started ``backend`` until it hands out nothing
    and no match runs, recording each result from its log; return how many were played."""
    loop = _Loop(context, backend, observer, schedule)
    loop.run()
    return loop.played


def run_tournament(
    folder: RunFolder,
    store: ResultStore,
    concurrency: int,
    observer: RunObserver,
    placement: Placement | None = None,
    keep_going: bool = False,
) -> RunSummary:
    """Play every unrecorded match of the run in ``folder`` where ``placement`` puts it (by
    default the definition's backend); stop every process on the way out.

    Complete logs an interrupted run left unrecorded are recorded first; then, once the bots
    are started and before the first match, every bot is checked
    (:mod:`tournaments.runner.preflight`): a bot that is not ready raises
    :class:`~tournaments.runner.preflight.PreflightError`, unless ``keep_going``.
    """
    definition = store.definition()
    check_against_spec(definition, get_game(definition.game).spec)
    review = adopt_complete_logs(folder, store, definition)
    for result in review.adopted:
        observer.notice(f"match {result.key} recorded from its complete log")
    for key, reason in review.rejected.items():
        observer.notice(f"log of match {key} set aside as {folder.set_aside(key)}: {reason}")
    placed = placement or Placement()
    runner = placed.open(definition, folder, concurrency, observer.notice)
    try:
        problems = runner.preflight()
        settle(problems, len(definition.bots), keep_going, observer.notice)
        tests = sequential_tests(definition, store.finished_ranks())
        context = RunContext(definition, folder, store, runner.capacity, store.count(), tests)
        observer.run_started(context)
        began = time.monotonic()
        played = play_schedule(context, runner, observer, FormatSchedule(definition))
        seconds = time.monotonic() - began
        quarantined = tuple(runner.quarantined())
    finally:
        runner.close()
    return RunSummary(
        played=played,
        recorded=store.count(),
        seconds=seconds,
        quarantined=quarantined,
        sandbox=runner.sandbox,
        failed_preflight=tuple(problem.bot for problem in problems),
    )
