"""Ctrl-C that stops a match or a tournament even when Python loses the KeyboardInterrupt.

Python raises KeyboardInterrupt in the main thread wherever it happens to be when SIGINT
arrives. When that is a finalizer (an object's ``__del__`` or a weakref callback run by the
garbage collector, as gRPC's channels and calls have), the exception is printed as "Exception
ignored" and lost, and the command plays on as if nothing had happened. :class:`InterruptGuard`
notes every SIGINT before raising, and the observers the command runs with
(:class:`InterruptCheck`, :class:`CheckedRunObserver`) raise KeyboardInterrupt again at the
next decision or the next change of a run, so a lost interrupt costs one decision at most. A
command started with SIGINT ignored (in the background of a shell script) keeps ignoring it,
as Python itself does.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Sequence
from types import FrameType, TracebackType
from typing import Any

import referee.match
from referee.match import MatchHeader
from referee.match.player import DecisionRecord
from tournaments.runner import RunContext, RunObserver
from tournaments.schedule import Match
from tournaments.store import MatchResult


class InterruptGuard:
    """Notes each SIGINT (then raises KeyboardInterrupt as Python does) while it is entered,
    unless SIGINT is ignored; :meth:`check` raises it again for an interrupt that was lost."""

    def __init__(self) -> None:
        self.requested = threading.Event()
        self._previous: Any = None

    def __enter__(self) -> InterruptGuard:
        self._previous = signal.getsignal(signal.SIGINT)
        if self._previous is not signal.SIG_IGN:
            signal.signal(signal.SIGINT, self._on_sigint)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        signal.signal(signal.SIGINT, self._previous)

    def _on_sigint(self, signum: int, frame: FrameType | None) -> None:
        self.requested.set()
        raise KeyboardInterrupt

    def check(self) -> None:
        """Raise KeyboardInterrupt if Ctrl-C was pressed (the first one may have been lost)."""
        if self.requested.is_set():
            raise KeyboardInterrupt


class InterruptCheck:
    """A MatchObserver, last of a match's observers, that checks for Ctrl-C once the others
    have the match's start and each decision (before the log records it)."""

    def __init__(self, guard: InterruptGuard) -> None:
        self.guard = guard

    def match_started(self, header: MatchHeader) -> None:
        """Check for Ctrl-C."""
        self.guard.check()

    def decision_taken(self, record: DecisionRecord, state: Any) -> None:
        """Check for Ctrl-C."""
        self.guard.check()

    def match_ended(self, result: referee.match.MatchResult) -> None:
        """Nothing to check: the match is over."""


class CheckedRunObserver:
    """A RunObserver that passes every call on to ``inner`` after :meth:`InterruptGuard.check`."""

    def __init__(self, inner: RunObserver, guard: InterruptGuard) -> None:
        self.inner = inner
        self.guard = guard

    def run_started(self, context: RunContext) -> None:
        """Check for Ctrl-C, then pass the start on."""
        self.guard.check()
        self.inner.run_started(context)

    def match_recorded(self, result: MatchResult) -> None:
        """Pass the result on (it is stored already), then check for Ctrl-C."""
        self.inner.match_recorded(result)
        self.guard.check()

    def notice(self, text: str) -> None:
        """Pass the notice on."""
        self.inner.notice(text)

    def matches_running(self, matches: Sequence[Match]) -> None:
        """Check for Ctrl-C, then pass the matches playing now on."""
        self.guard.check()
        self.inner.matches_running(matches)
