"""Everything Rich draws for tournaments: the live view, the standings table, the bracket tree.

The live view follows a run as a :class:`~tournaments.runner.RunObserver`: a progress bar with
ETA, the leaderboard, the latest results, and the latest faults and bot notices. It reads the
store once, when the run starts (or resumes), and then keeps the standings as results arrive
(:class:`~tournaments.standings.StandingsTracker`); it redraws at most :data:`REDRAW_HZ` times a
second, however fast matches finish, so a match costs the same at the end of a long run as at
its start. :func:`print_report` prints the final standings and, for a knockout, the bracket.
"""

from __future__ import annotations

import math
import threading
from collections import deque
from collections.abc import Sequence
from types import TracebackType

from rich import box
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
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from tournaments.definition import TournamentDefinition
from tournaments.ratings import EloEstimate
from tournaments.runner import RunContext
from tournaments.runner.report import current_standings
from tournaments.schedule import Series, bracket, swiss_byes
from tournaments.standings import BotStanding, StandingsTracker
from tournaments.store import FAULT_CLASSES, MatchResult, ResultStore

RECENT = 8
"""How many recent results and faults the live view shows."""
REDRAW_HZ = 4
"""How often the live view redraws, at most."""
FAULT_ABBREVIATIONS = {name: "".join(part[0] for part in name.split("_")) for name in FAULT_CLASSES}
"""Short fault labels for the table: TIMEOUT -> T, ILLEGAL_ACTION -> IA, ..."""


def _signed(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value) + 0:+d}"


def format_elo(elo: EloEstimate | None) -> str:
    """Return ``+35 ± 120`` (or ``-`` without 2-player games)."""
    if elo is None:
        return "-"
    margin = "inf" if math.isinf(elo.margin) or math.isnan(elo.margin) else f"{elo.margin:.0f}"
    return f"{_signed(elo.elo)} ± {margin}"


def format_faults(faults: dict[str, int] | None) -> str:
    """Return the fault total with its classes, e.g. ``3 (T2 C1)``, or ``0``."""
    counts = {name: count for name, count in (faults or {}).items() if count}
    if not counts:
        return "0"
    parts = " ".join(f"{FAULT_ABBREVIATIONS[name]}{count}" for name, count in counts.items())
    return f"{sum(counts.values())} ({parts})"


def _points(points: float) -> str:
    return f"{points:g}" if points == int(points) else f"{points:.2f}"


def standings_table(standings: Sequence[BotStanding], title: str) -> Table:
    """Return the leaderboard: place, points, W-D-L, score %, Elo, OpenSkill, faults, latency."""
    table = Table(
        title=title,
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
        collapse_padding=True,
    )
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Bot", overflow="fold")
    byes = any(row.byes for row in standings)
    headers = ("G", "Pts", "W-D-L", *(("Byes",) if byes else ()), "Score", "Elo ±95%")
    for header in (*headers, "Skill μ±σ", "Faults", "ms"):
        table.add_column(header, justify="right", no_wrap=True)
    for place, row in enumerate(standings, start=1):
        table.add_row(
            str(place),
            row.name,
            str(row.games),
            _points(row.points),
            f"{row.wins}-{row.draws}-{row.losses}",
            *((str(row.byes),) if byes else ()),
            "-" if row.score_pct is None else f"{row.score_pct:.1f}%",
            format_elo(row.elo),
            f"{row.skill.mu:.1f}±{row.skill.sigma:.1f}",
            format_faults(dict(row.faults)),
            "-" if row.median_decision_ms is None else f"{row.median_decision_ms:.2f}",
        )
    bye_note = " (a bye is worth 1)" if byes else ""
    table.caption = f"Pts: points{bye_note}; Elo: 2-player games only; ms: median decision time"
    table.caption_justify = "left"
    return table


def describe_result(result: MatchResult) -> str:
    """Return one line for a result: the seats with their ranks, the scores and the reason."""
    seats = " vs ".join(
        f"{name} #{rank}" for name, rank in zip(result.seats, result.ranks, strict=True)
    )
    scores = "-".join(str(score) for score in result.scores)
    return f"{seats}  [{scores}]  {result.reason}"


def results_table(results: Sequence[MatchResult]) -> Table:
    """Return the latest results, newest first."""
    table = Table(title="Latest results", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Match")
    table.add_column("Result")
    for result in reversed(results):
        table.add_row(result.key, describe_result(result))
    return table


def fault_lines(results: Sequence[MatchResult]) -> list[str]:
    """Return one line per faulting seat of ``results``, e.g. ``rr/a~b/g0: b TIMEOUT×1``."""
    lines = []
    for result in results:
        for name, faults in zip(result.seats, result.faults, strict=True):
            for code, count in faults.items():
                lines.append(f"{result.key}: {name} {code}×{count}")
    return lines


def _round_name(round_number: int, rounds: int) -> str:
    names = {rounds: "Final", rounds - 1: "Semi-final", rounds - 2: "Quarter-final"}
    return names.get(round_number, f"Round {round_number}")


def _series_label(series: Series, rounds: int) -> str:
    name = _round_name(series.round, rounds)
    if series.high is None:
        return f"{name}: to be decided"
    if series.low is None:
        return (
            f"{name}: {series.high} (bye)" if series.round == 1 else f"{name}: {series.high} vs ?"
        )
    score = f"{series.high} {series.high_wins}-{series.low_wins} {series.low}"
    outcome = f" -> {series.winner}" if series.winner else " (playing)"
    return f"{name}: {score}{outcome}"


def bracket_tree(definition: TournamentDefinition, series: Sequence[Series]) -> Tree:
    """Return the bracket as a tree: the final at the root, each series fed by two below."""
    by_slot = {(item.round, item.slot): item for item in series}
    rounds = max((item.round for item in series), default=0)
    root = Tree(f"{definition.name} bracket")

    def grow(node: Tree, round_number: int, slot: int) -> None:
        item = by_slot.get((round_number, slot))
        if item is None:
            return
        child = node.add(_series_label(item, rounds))
        if round_number > 1:
            grow(child, round_number - 1, 2 * slot)
            grow(child, round_number - 1, 2 * slot + 1)

    grow(root, rounds, 0)
    return root


def print_report(console: Console, store: ResultStore) -> None:
    """Print the final standings of a run and, for a knockout, its bracket."""
    definition = store.definition()
    played = len(store.finished_ranks())
    matches = "1 match" if played == 1 else f"{played} matches"
    title = f"{definition.name}: {definition.game} {definition.format}, {matches}"
    console.print(standings_table(current_standings(store, definition), title))
    if definition.format == "knockout":
        console.print(bracket_tree(definition, bracket(definition, store.finished_ranks())))


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
        self.finished: dict[str, tuple[int, ...]] = {}
        self.recent: deque[MatchResult] = deque(maxlen=RECENT)
        self.faults: deque[str] = deque(maxlen=RECENT)
        self.notices: deque[str] = deque(maxlen=RECENT)
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
        second); the body is rebuilt only if something arrived since the last draw."""
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
            self.standings = StandingsTracker(context.definition.bot_names, results)
            self.finished = {result.key: result.ranks for result in results}
            self.recent.extend(results[-RECENT:])
            self.faults.extend(fault_lines(results)[-RECENT:])
            description = f"{context.definition.name} ({context.concurrency} at once)"
            self.task = self.progress.add_task(
                description, total=context.total, completed=context.recorded
            )
            self._changed = True

    def match_recorded(self, result: MatchResult) -> None:
        """Advance the bar and add the result to the standings and the latest results."""
        with self._lock:
            if self.task is not None:
                self.progress.advance(self.task)
            if self.standings is not None:
                self.standings.add(result)
            self.finished[result.key] = result.ranks
            self.recent.append(result)
            self.faults.extend(fault_lines([result]))
            self._changed = True

    def notice(self, text: str) -> None:
        """Keep a bot restart, quarantine or retry note for the faults panel."""
        with self._lock:
            self.notices.append(text)
            self._changed = True

    def _body(self) -> RenderableType:
        """Return the leaderboard, latest results, bracket and faults as they stand."""
        if self.standings is None or self.definition is None:
            return Group(*(Text(line) for line in self.notices))
        byes = (
            swiss_byes(self.definition, self.finished) if self.definition.format == "swiss" else {}
        )
        title = f"Leaderboard after {self.standings.count} matches"
        parts: list[RenderableType] = [
            standings_table(self.standings.standings(byes), title),
            results_table(list(self.recent)),
        ]
        if self.definition.format == "knockout":
            parts.append(bracket_tree(self.definition, bracket(self.definition, self.finished)))
        faults = [*self.faults, *self.notices]
        if faults:
            lines = [Text(line) for line in faults]
            parts.append(Group(Text("Faults and bot notices", style="bold"), *lines))
        return Group(*parts)


class PlainView:
    """A RunObserver that prints one line per finished match (for logs and pipes)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.done = 0
        self.total: int | None = None

    def run_started(self, context: RunContext) -> None:
        """Say what runs and how much is already done."""
        self.done = context.recorded
        self.total = context.total
        self._print(
            f"{context.definition.name}: {context.recorded} matches already recorded, "
            f"{context.concurrency} workers"
        )

    def match_recorded(self, result: MatchResult) -> None:
        """Print the result with the progress count."""
        self.done += 1
        total = "?" if self.total is None else str(self.total)
        self._print(f"[{self.done}/{total}] {result.key}: {describe_result(result)}")
        for line in fault_lines([result]):
            self._print(f"  fault {line}")

    def notice(self, text: str) -> None:
        """Print a bot restart, quarantine or retry note."""
        self._print(f"  notice: {text}")

    def _print(self, line: str) -> None:
        self.console.print(line, markup=False, highlight=False, soft_wrap=True)


class Screen:
    """The terminal the CLI draws on, so that commands never touch Rich themselves."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console()

    def live_view(self) -> LiveView:
        """Return a live view on this screen (use it as a context manager)."""
        return LiveView(self.console)

    def plain_view(self) -> PlainView:
        """Return a plain one-line-per-match view on this screen."""
        return PlainView(self.console)

    def report(self, store: ResultStore) -> None:
        """Print the final standings of a run (and its bracket)."""
        print_report(self.console, store)

    def line(self, text: str) -> None:
        """Print ``text`` as it is (no markup, no wrapping)."""
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)
