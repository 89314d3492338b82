"""The worker's task for one scheduled match: the definition's clocks (each bot's own, if it
has any), rules, policy and bots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tournaments.definition import TournamentDefinition
from tournaments.runner.layout import RunFolder
from tournaments.runner.worker import MatchTask, SeatEndpoint

DEADLINE_SLACK_SECONDS = 300.0
"""Added to a match's time banks to give the worker's deadline."""


class ScheduledMatch(Protocol):
    """What a task needs of a match: its key, its seats (bot names) and its seed."""

    @property
    def key(self) -> str:
        """The match's key."""

    @property
    def seats(self) -> tuple[str, ...]:
        """The bot names in seat order."""

    @property
    def seed(self) -> int:
        """The match's seed."""


def match_task(
    definition: TournamentDefinition,
    match: ScheduledMatch,
    seats: Sequence[SeatEndpoint],
    folder: RunFolder,
) -> MatchTask:
    """Return the task that plays ``match`` of ``definition`` against the bots at ``seats``,
    logged and sealed in ``folder``."""
    clocks = definition.clocks
    seat_clocks = definition.seat_clocks(match.seats)
    return MatchTask(
        key=match.key,
        game=definition.game,
        scenario=definition.played_scenario,
        seed=match.seed,
        seats=tuple(seats),
        bots=match.seats,
        decision_ms=clocks.decision_ms,
        bank_ms=clocks.bank_ms,
        time_margin_ms=clocks.time_margin_ms,
        policy=definition.faults.kind,
        max_strikes=definition.faults.max_strikes,
        log_path=folder.log_path(match.key),
        startup_ms=definition.startup_ms,
        log_key=folder.log_key(),
        rules=definition.rules,
        seat_clocks=tuple((own.decision_ms, own.bank_ms) for own in seat_clocks),
    )


def task_deadline(task: MatchTask) -> float:
    """Return the seconds a worker has for ``task``: every seat's bank used up (each seat's
    own where bots have clocks of their own), plus slack for starting and logging."""
    banks_ms = [bank for _, bank in task.seat_clocks] or [task.bank_ms] * len(task.bots)
    return sum(banks_ms) / 1000.0 + DEADLINE_SLACK_SECONDS
