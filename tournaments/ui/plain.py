"""The plain view of a run: one line per finished match, for logs, pipes and ``--no-live``.

A result's line starts with the progress, ``[5/14]`` of a fixed total or ``[5/14+]`` when more
may come, and ends, once a few results of this session are in, with ``eta 3m20s``: the known
matches left at this session's pace (:class:`~tournaments.schedule.RunProgress` says what that
assumes).

Matches starting print nothing. When matches are playing and nothing has been printed for
:data:`QUIET_SECONDS`, one ``still playing:`` line names them, so a piped run is never silent
for long. The run tells its observers nothing while its matches play on, so a watcher thread
notices the silence: it runs only while matches are playing and ends when the run says none
are (as every run does when its last match is recorded). Lines are printed under one lock, so
the watcher's line never lands inside a result's. Use the view as a context manager around
the run: leaving it stops the watcher however the run ended.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from types import TracebackType

from rich.console import Console

from tournaments.runner import RunContext
from tournaments.schedule import Match, RunProgress
from tournaments.store import MatchResult
from tournaments.ui.tables import PlayingNow, describe_result, fault_lines, format_duration

QUIET_SECONDS = 30.0
"""How long the plain view stays silent while matches play before it names them."""


class PlainView:
    """A RunObserver that prints one line per finished match (see the module's docstring).

    ``clock`` gives the seconds of the ETA and of the silences; ``quiet_seconds`` is how long a
    silence lasts before the ``still playing:`` line. With ``watch=False`` no thread looks for
    silences: calling :meth:`still_playing` is then the caller's (a clock of its own, a loop).
    """

    def __init__(
        self,
        console: Console,
        clock: Callable[[], float] = time.monotonic,
        quiet_seconds: float = QUIET_SECONDS,
        watch: bool = True,
    ) -> None:
        self.console = console
        self.clock = clock
        self.quiet_seconds = quiet_seconds
        self.watch_silences = watch
        self.run_progress: RunProgress | None = None
        self.playing = PlayingNow()
        self.last_line = clock()
        self._stop_watching: threading.Event | None = None
        self._lock = threading.Lock()
        """Held while a line is printed and while the view's state changes."""

    def __enter__(self) -> PlainView:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """Stop watching for silences, however the run ended (a run stopped by an error
        never says that no match is playing)."""
        with self._lock:
            if self._stop_watching is not None:
                self._stop_watching.set()
                self._stop_watching = None

    def run_started(self, context: RunContext) -> None:
        """Say what runs and how much is already done."""
        finished = context.store.finished_ranks()
        with self._lock:
            self.run_progress = RunProgress(
                context.definition, finished, context.sprt, context.recorded
            )
            self._print(
                f"{context.definition.name}: {context.recorded} matches already recorded, "
                f"{context.concurrency} workers"
            )

    def match_recorded(self, result: MatchResult) -> None:
        """Print the result after the progress (with ``[sprt]``, of the expected total) and,
        once a few results are in, the ETA."""
        with self._lock:
            label = "?"
            eta = None
            if self.run_progress is not None:
                self.run_progress.record(result.key, result.ranks)
                label = self.run_progress.label()
                eta = self.run_progress.eta(self.clock())
            line = f"[{label}] {result.key}: {describe_result(result)}"
            self._print(line if eta is None else f"{line}  eta {format_duration(eta)}")
            for fault in fault_lines([result]):
                self._print(f"  fault {fault}")

    def notice(self, text: str) -> None:
        """Print a bot restart, quarantine, retry or SPRT note."""
        with self._lock:
            self._print(f"  notice: {text}")

    def matches_running(self, matches: Sequence[Match]) -> None:
        """Note the matches playing now (printing nothing); watch for silences while any are."""
        with self._lock:
            now = self.clock()
            self.playing.update(matches, now)
            if matches and self.run_progress is not None:
                self.run_progress.began(now)
            if matches and self.watch_silences and self._stop_watching is None:
                self._stop_watching = threading.Event()
                watcher = threading.Thread(
                    target=self._watch, args=(self._stop_watching,), daemon=True
                )
                watcher.start()
            elif not matches and self._stop_watching is not None:
                self._stop_watching.set()
                self._stop_watching = None

    def still_playing(self) -> bool:
        """Print one ``still playing:`` line naming the matches playing now, if there are any
        and nothing was printed for ``quiet_seconds``; return whether it printed."""
        with self._lock:
            now = self.clock()
            if not self.playing.matches or now - self.last_line < self.quiet_seconds:
                return False
            shown, more = self.playing.lines(now)
            names = [f"{key} ({bots}, {playing})" for key, bots, playing in shown]
            if more:
                names.append(f"and {more} more")
            self._print(f"  still playing: {', '.join(names)}")
            return True

    def _watch(self, stop: threading.Event) -> None:
        """Check for a silence a few times per ``quiet_seconds`` (at least once a second)
        until ``stop`` is set."""
        while not stop.wait(min(1.0, self.quiet_seconds / 4)):
            self.still_playing()

    def _print(self, line: str) -> None:
        """Print ``line`` as it is (the caller holds the lock)."""
        self.console.print(line, markup=False, highlight=False, soft_wrap=True)
        self.last_line = self.clock()
