"""One way to play a match: seat its bots, play it to its end with its observers, log it.

``ruckus play`` and ``ruckus replay fork``, the tournament workers and the referee service all
play their matches through :func:`play`. What differs between them is where the players come
from, a :class:`Seating`: bots spawned for the match (:class:`SpawnedSeats`), or a worker's
connected bots kept from match to match (``tournaments.runner.worker``); each caller adds only
its own concern (a terminal view, connection reuse, cancellation) as a seating or an observer.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from referee.match import MatchObserver, MatchResult, MatchSetup, Player, run_match
from referee.matchlog import LogWriter
from referee.sandbox import Sandbox
from referee.transport.bots import BotSpec, RemotePlayer, open_players


@dataclass(frozen=True)
class LogTarget:
    """Where a match is logged, and the key that seals the log (None: not sealed)."""

    path: Path
    key: bytes | None = field(default=None, repr=False)


class Seating(Protocol):
    """Where a match's players come from: ready on entry, let go on exit."""

    def seat(self, setup: MatchSetup) -> AbstractContextManager[Sequence[Player]]:
        """Return a context that yields the players of ``setup``'s seats, in seat order."""
        ...


@dataclass(frozen=True)
class SpawnedSeats:
    """Bots started for one match (spawned ones in ``sandbox``, their output under
    ``output_dir``) and stopped when it ends; see :func:`referee.transport.bots.open_players`."""

    specs: tuple[BotSpec, ...]
    output_dir: Path
    sandbox: Sandbox | None = None
    keep_output: bool = True

    @contextlib.contextmanager
    def seat(self, setup: MatchSetup) -> Iterator[Sequence[RemotePlayer]]:
        """Start the bots, connect to each within ``setup``'s start-up limit, stop them after."""
        with open_players(
            self.specs,
            setup.game_name,
            self.output_dir,
            self.sandbox,
            setup.clocks.startup_ms,
            self.keep_output,
        ) as players:
            yield players


def play(
    setup: MatchSetup,
    seating: Seating,
    observers: Sequence[MatchObserver] = (),
    log: LogTarget | None = None,
) -> MatchResult:
    """Play ``setup``'s match with the players ``seating`` gives, to its end, logged to
    ``log``; bot faults become results.

    ``observers`` see each step, in their order, before the log records it: an observer that
    stops the match (Ctrl-C, a call that has gone) leaves a log that ends before that step,
    without a result line.
    """
    with seating.seat(setup) as players, contextlib.ExitStack() as stack:
        watching = list(observers)
        if log is not None:
            watching.append(stack.enter_context(LogWriter(log.path, log.key)))
        return run_match(setup, players, watching)
