"""The worker's task for one scheduled match: the definition's clocks (each bot's own, if it
has any), rules, policy and bots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from referee.match import MatchSetup
from referee.transport.play import LogTarget
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
    setup = MatchSetup.for_game(
        definition.game,
        match.seed,
        definition.played_scenario,
        match_id=match.key,
        clocks=definition.clocks,
        policy=definition.faults,
        rules=dict(definition.rules),
        seat_clocks=definition.seat_clocks(match.seats),
    )
    log = LogTarget(folder.log_path(match.key), folder.log_key())
    return MatchTask(setup=setup, seats=tuple(seats), log=log, bots=match.seats)


def task_deadline(task: MatchTask) -> float:
    """Return the seconds a worker has for ``task``: every seat's bank used up (each seat's
    own where bots have clocks of their own), plus slack for starting and logging."""
    setup = task.setup
    banks_ms = [own.bank_ms for own in setup.seat_clocks] or [setup.clocks.bank_ms] * len(
        task.seats
    )
    return sum(banks_ms) / 1000.0 + DEADLINE_SLACK_SECONDS
