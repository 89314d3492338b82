"""Following a run: the live view (progress, leaderboard, SPRT, latest results, faults) and the
plain one-line-per-match view."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Sequence
from types import TracebackType

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from tournaments.definition import TournamentDefinition
from tournaments.runner import RunContext
from tournaments.runner.report import standings_options
from tournaments.schedule import Match, PairingTest, SequentialTests, bracket, swiss_byes
from tournaments.standings import StandingsTracker
from tournaments.store import MatchResult
from tournaments.ui.tables import (
    bracket_tree,
    describe_result,
    fault_lines,
    results_table,
    sprt_table,
    standings_table,
)

RECENT = 8
"""How many recent results and faults the live view shows."""
REDRAW_HZ = 4
"""How often the live view redraws, at most."""


class LiveView:
    """The live view of a run (a RunObserver); use it as a context manager around the run."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
            speed_estimate_period=600.0,
        )
        self.task: TaskID | None = None
        self.definition: TournamentDefinition | None = None
        self.standings: StandingsTracker | None = None
        self.sprt: SequentialTests | None = None
        self.tests: list[PairingTest] = []
        """The ``[sprt]`` tests as of the last result (copied in the run's thread)."""
        self.finished: dict[str, tuple[int, ...]] = {}
        self.recent: deque[MatchResult] = deque(maxlen=RECENT)
        self.faults: deque[str] = deque(maxlen=RECENT)
        self.notices: deque[str] = deque(maxlen=RECENT)
        self.running: list[Match] = []
        self.body: RenderableType = Text("starting the bots and the match workers...")
        self._changed = False
        self._lock = threading.Lock()
        """Held while the run's thread adds to the view and while Rich's thread draws it."""
        self.live = Live(
            get_renderable=self.render,
            console=console,
            refresh_per_second=REDRAW_HZ,
            transient=True,
        )

    def __enter__(self) -> LiveView:
        self.live.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.live.stop()

    def render(self) -> RenderableType:
        """Return what the live display shows now (Rich calls this at most REDRAW_HZ times a
        second); the body is rebuilt only if something arrived since the last draw. A due
        refit of the joint ratings runs outside the lock, so the run never waits on it."""
        with self._lock:
            ratings = self.standings.ratings if self.standings is not None else None
            games = ratings.due() if ratings is not None and self._changed else None
        if ratings is not None and games is not None:
            fitted = ratings.fit(games)
            with self._lock:
                ratings.install(fitted, len(games))
        with self._lock:
            if self._changed:
                self.body = self._body()
                self._changed = False
            return Group(self.progress, self.body)

    def run_started(self, context: RunContext) -> None:
        """Read what the store holds (the one full read of a run), set up the progress bar."""
        results = context.store.results()
        with self._lock:
            self.definition = context.definition
            options = standings_options(context.definition)
            self.standings = StandingsTracker(context.definition.bot_names, results, options)
            self.sprt = context.sprt
            self.tests = context.sprt.tests() if context.sprt is not None else []
            self.finished = {result.key: result.ranks for result in results}
            self.recent.extend(results[-RECENT:])
            self.faults.extend(fault_lines(results)[-RECENT:])
            description = f"{context.definition.name} ({context.concurrency} at once)"
            self.task = self.progress.add_task(
                description, total=context.total, completed=context.recorded
            )
            self._changed = True

    def match_recorded(self, result: MatchResult) -> None:
        """Advance the bar and add the result to the standings, the tests and the latest
        results; with ``[sprt]`` the expected total is what is done plus what the undecided
        tests still need."""
        with self._lock:
            if self.task is not None:
                self.progress.advance(self.task)
            if self.standings is not None:
                self.standings.add(result)
            if self.sprt is not None and self.task is not None and self.standings is not None:
                self.tests = self.sprt.tests()
                total = self.standings.count + self.sprt.remaining()
                self.progress.update(self.task, total=total)
            self.finished[result.key] = result.ranks
            self.recent.append(result)
            self.faults.extend(fault_lines([result]))
            self._changed = True

    def notice(self, text: str) -> None:
        """Keep a bot restart, quarantine, retry or SPRT note for the notices panel."""
        with self._lock:
            self.notices.append(text)
            self._changed = True

    def matches_running(self, matches: Sequence[Match]) -> None:
        """Keep the matches being played, for the panel of matches in progress."""
        with self._lock:
            self.running = list(matches)
            self._changed = True

    def _body(self) -> RenderableType:
        """Return the leaderboard, tests, latest results, bracket and faults as they stand."""
        if self.standings is None or self.definition is None:
            return Group(*(Text(line) for line in self.notices))
        byes = (
            swiss_byes(self.definition, self.finished) if self.definition.format == "swiss" else {}
        )
        title = f"Leaderboard after {self.standings.count} matches"
        if self.standings.rated < self.standings.count:
            title += f" (Elo as of {self.standings.rated})"
        parts: list[RenderableType] = [
            standings_table(self.standings.standings(byes), title, self.definition.anchor)
        ]
        if self.tests:
            parts.append(sprt_table(self.tests))
        parts.append(results_table(list(self.recent)))
        if self.definition.format == "knockout":
            parts.append(bracket_tree(self.definition, bracket(self.definition, self.finished)))
        faults = [*self.faults, *self.notices]
        if faults:
            lines = [Text(line) for line in faults]
            parts.append(Group(Text("Faults and notices", style="bold"), *lines))
        return Group(*parts)


class PlainView:
    """A RunObserver that prints one line per finished match (for logs and pipes)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.done = 0
        self.total: int | None = None
        self.sprt: SequentialTests | None = None

    def run_started(self, context: RunContext) -> None:
        """Say what runs and how much is already done."""
        self.done = context.recorded
        self.total = context.total
        self.sprt = context.sprt
        self._print(
            f"{context.definition.name}: {context.recorded} matches already recorded, "
            f"{context.concurrency} workers"
        )

    def match_recorded(self, result: MatchResult) -> None:
        """Print the result with the progress count (with ``[sprt]``, of the expected total)."""
        self.done += 1
        if self.sprt is not None:
            self.total = self.done + self.sprt.remaining()
        total = "?" if self.total is None else str(self.total)
        self._print(f"[{self.done}/{total}] {result.key}: {describe_result(result)}")
        for line in fault_lines([result]):
            self._print(f"  fault {line}")

    def notice(self, text: str) -> None:
        """Print a bot restart, quarantine, retry or SPRT note."""
        self._print(f"  notice: {text}")

    def matches_running(self, matches: Sequence[Match]) -> None:
        """Matches in progress are not printed: one line per finished match."""

    def _print(self, line: str) -> None:
        self.console.print(line, markup=False, highlight=False, soft_wrap=True)
