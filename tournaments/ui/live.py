"""The live view of a run: progress with ETA, the matches playing now, leaderboard, SPRT, latest
results, what the format shows (a bracket, lines), faults.

The bar counts the matches done of the run's known total (see
:class:`~tournaments.schedule.RunProgress`): ``5/14`` of a fixed total, ``5/14+`` when more may
come (a knockout's tiebreaks and series that are not over in the fewest games); its ETA is the
time the known matches left take at this session's pace, worked out at every draw. "Playing
now" lists the matches being played, in schedule order, with the time since the view first saw
each; it is rebuilt at every draw (so its times move on) and lists a few rows at most.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from types import TracebackType

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.progress import (
    BarColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from tournaments.definition import TournamentDefinition
from tournaments.formats import get_format
from tournaments.runner import RunContext
from tournaments.runner.report import standings_options
from tournaments.schedule import (
    Match,
    PairingTest,
    RunProgress,
    SequentialTests,
)
from tournaments.standings import StandingsTracker
from tournaments.store import MatchResult
from tournaments.ui.tables import (
    PlayingNow,
    bracket_tree,
    fault_lines,
    format_duration,
    playing_table,
    results_table,
    sprt_table,
    standings_table,
)

RECENT = 8
"""How many recent results and faults the live view shows."""
REDRAW_HZ = 4
"""How often the live view redraws, at most."""


class LiveView:
    """The live view of a run (a RunObserver); use it as a context manager around the run.
    ``clock`` gives the seconds of the bar's elapsed time and ETA and of the matches' times."""

    def __init__(self, console: Console, clock: Callable[[], float] = time.monotonic) -> None:
        self.console = console
        self.clock = clock
        self.bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TextColumn("{task.fields[count]}"),
            TimeElapsedColumn(),
            TextColumn("ETA {task.fields[eta]}"),
            console=console,
            get_time=clock,
        )
        self.task: TaskID | None = None
        self.run_progress: RunProgress | None = None
        self.definition: TournamentDefinition | None = None
        self.standings: StandingsTracker | None = None
        self.sprt: SequentialTests | None = None
        self.tests: list[PairingTest] = []
        """The ``[sprt]`` tests as of the last result (copied in the run's thread)."""
        self.finished: dict[str, tuple[int, ...]] = {}
        self.recent: deque[MatchResult] = deque(maxlen=RECENT)
        self.faults: deque[str] = deque(maxlen=RECENT)
        self.notices: deque[str] = deque(maxlen=RECENT)
        self.playing = PlayingNow()
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
        """Stop drawing. A run cut short (Ctrl-C, an error) leaves its last leaderboard on the
        screen: the live display is cleared, the standings are printed again once."""
        self.live.stop()
        if exc_type is not None and self.standings is not None:
            with self._lock:
                self.console.print(self._body())

    def render(self) -> RenderableType:
        """Return what the live display shows now (Rich calls this at most REDRAW_HZ times a
        second); the body is rebuilt only if something arrived since the last draw. A due
        refit of the joint ratings runs outside the lock, so the run never waits on it. The
        matches playing now are drawn each time, as their times move on."""
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
            if self.run_progress is not None and self.task is not None:
                eta = self.run_progress.eta(self.clock())
                self.bar.update(self.task, eta="-" if eta is None else format_duration(eta))
            if not self.playing.matches:
                return Group(self.bar, self.body)
            playing = playing_table(self.playing, self.clock())
            return Group(self.bar, playing, self.body)

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
            progress = RunProgress(
                context.definition, self.finished, context.sprt, context.recorded
            )
            self.run_progress = progress
            description = f"{context.definition.name} ({context.concurrency} at once)"
            self.task = self.bar.add_task(
                description,
                total=progress.total.matches,
                completed=progress.done,
                count=progress.label(),
                eta="-",
            )
            self._changed = True

    def match_recorded(self, result: MatchResult) -> None:
        """Advance the bar to the known total and add the result to the standings, the tests
        and the latest results; with ``[sprt]`` the total is what is done plus what the
        undecided tests still need."""
        with self._lock:
            if self.run_progress is not None and self.task is not None:
                self.run_progress.record(result.key, result.ranks)
                total = self.run_progress.total.matches
                self.bar.update(self.task, total=total, count=self.run_progress.label())
                self.bar.advance(self.task)
            if self.standings is not None:
                self.standings.add(result)
            if self.sprt is not None:
                self.tests = self.sprt.tests()
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
        """Keep the matches being played for "Playing now", noting when each was first seen."""
        with self._lock:
            now = self.clock()
            self.playing.update(matches, now)
            if matches and self.run_progress is not None:
                self.run_progress.began(now)

    def _body(self) -> RenderableType:
        """Return the leaderboard, tests, latest results, what the format shows and the faults
        as they stand."""
        if self.standings is None or self.definition is None:
            return Group(*(Text(line) for line in self.notices))
        fmt = get_format(self.definition.format)
        byes = fmt.byes(self.definition, self.finished)
        view = fmt.view(self.definition, self.finished)
        title = f"Leaderboard after {self.standings.count} matches"
        if self.standings.rated < self.standings.count:
            title += f" (Elo as of {self.standings.rated})"
        parts: list[RenderableType] = [
            standings_table(self.standings.standings(byes), title, self.definition.anchor)
        ]
        if self.tests:
            parts.append(sprt_table(self.tests))
        parts.append(results_table(list(self.recent)))
        parts.extend(Text(line) for line in view.lines)
        if view.bracket:
            parts.append(bracket_tree(self.definition, view.bracket))
        faults = [*self.faults, *self.notices]
        if faults:
            lines = [Text(line) for line in faults]
            parts.append(Group(Text("Faults and notices", style="bold"), *lines))
        return Group(*parts)
