"""Everything Rich draws for tournaments: the live view, the standings, the report of a run.

The live view (:mod:`tournaments.ui.live`) follows a run as a
:class:`~tournaments.runner.RunObserver`: a progress bar of the known total with ETA, the
matches playing now, the leaderboard, the SPRT tests with their LLR against the bounds, the
latest results, and the latest faults and notices; the plain view (:mod:`tournaments.ui.plain`)
prints a line per finished match with the progress and ETA.
It reads the store once, when the run starts (or resumes), and then keeps the standings as
results arrive (:class:`~tournaments.standings.StandingsTracker`); it redraws at most
:data:`~tournaments.ui.live.REDRAW_HZ` times a second, however fast matches finish, so a match
costs the same at the end of a long run as at its start. :func:`print_report` prints what
``show`` shows (:mod:`tournaments.ui.tables` draws each part).
"""

from __future__ import annotations

from rich.console import Console

from referee.match import Clocks
from tournaments.analysis import RunAnalysis, analyse
from tournaments.definition import TournamentDefinition
from tournaments.store import ResultStore
from tournaments.ui.live import LiveView
from tournaments.ui.plain import PlainView
from tournaments.ui.tables import (
    bracket_tree,
    format_faults,
    format_rating,
    head_to_head_table,
    matches_table,
    pairings_table,
    sprt_table,
    standings_table,
)

__all__ = [
    "LiveView",
    "PlainView",
    "Screen",
    "format_faults",
    "format_rating",
    "print_report",
]


def print_report(
    console: Console, analysis: RunAnalysis, h2h: bool = False, matches: bool = False
) -> None:
    """Print a run's standings, pairings, SPRT tests and what the format shows (a bracket,
    lines); with ``h2h`` the head-to-head matrix, with ``matches`` every match."""
    definition = analysis.definition
    played = len(analysis.results)
    count = "1 match" if played == 1 else f"{played} matches"
    title = f"{definition.name}: {definition.game} {definition.format}, {count}"
    console.print(standings_table(analysis.standings, title, definition.anchor))
    for line in played_with(definition):
        console.print(line, markup=False, highlight=False)
    if analysis.pairings:
        console.print(pairings_table(analysis.pairings, definition.players))
    if analysis.tests:
        console.print(sprt_table(analysis.tests))
    for line in analysis.format_view.lines:
        console.print(line, markup=False, highlight=False)
    if analysis.format_view.bracket:
        console.print(bracket_tree(definition, analysis.format_view.bracket))
    if h2h:
        console.print(head_to_head_table(analysis.head_to_head))
    if matches:
        console.print(matches_table(analysis.results))


def played_with(definition: TournamentDefinition) -> list[str]:
    """Return what a run plays that differs from the game's defaults, a line each: its
    ``[rules]``, and the bots with clocks of their own (none: no line)."""
    lines = []
    if definition.rules:
        rules = ", ".join(f"{key} = {value!r}" for key, value in definition.rules)
        lines.append(f"rules: {rules}")
    own = [bot for bot in definition.bots if bot.has_own_clocks]
    if own:
        bots = ", ".join(f"{bot.name} {_clocks_text(bot.clocks(definition.clocks))}" for bot in own)
        lines.append(f"own clocks: {bots} (the others: {_clocks_text(definition.clocks)})")
    return lines


def _clocks_text(clocks: Clocks) -> str:
    """Return a seat's limits as a line says them: ``900 ms a decision, 40000 ms bank``."""
    return f"{clocks.decision_ms} ms a decision, {clocks.bank_ms} ms bank"


class Screen:
    """The terminal the CLI draws on, so that commands never touch Rich themselves."""

    def __init__(self, console: Console | None = None, width: int | None = None) -> None:
        self.console = console or Console(width=width)

    @property
    def on_terminal(self) -> bool:
        """Whether this screen is a terminal (not a pipe or a file), where a live view draws."""
        return self.console.is_terminal

    def live_view(self) -> LiveView:
        """Return a live view on this screen (use it as a context manager)."""
        return LiveView(self.console)

    def plain_view(self) -> PlainView:
        """Return a plain one-line-per-match view on this screen."""
        return PlainView(self.console)

    def report(
        self, store: ResultStore, resamples: int = 0, h2h: bool = False, matches: bool = False
    ) -> None:
        """Print the report of the run in ``store`` (see :func:`print_report`), the ratings'
        intervals from ``resamples`` bootstrap resamples (0: point estimates)."""
        print_report(self.console, analyse(store, resamples), h2h, matches)

    def line(self, text: str) -> None:
        """Print ``text`` as it is (no markup, no wrapping)."""
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)
