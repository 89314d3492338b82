"""What ``ruckus play`` and ``ruckus replay fork`` print while a match goes.

:class:`ProgressView` says who plays, then how far the match is: on a terminal one status line
rewritten in place (at most a few times a second), elsewhere (a pipe, a file, ``| tee``) a plain
line every ``every`` decisions, each flushed as it is written. :class:`BoardWatcher`
(``--watch``) shows every decision and the board after it, ``delay`` seconds apart; on a
terminal the board is redrawn in place. (The terminal's control codes are written as they are:
Click would strip them from output it does not see as a terminal.)
"""

from __future__ import annotations

import sys
import time
from typing import Any

import typer

from referee.games.base import Game
from referee.match import MatchHeader, MatchResult
from referee.match.player import DecisionRecord

PROGRESS_EVERY = 50
"""Decisions between two progress lines when the output is not a terminal."""
REDRAW_SECONDS = 0.2
"""The least time between two rewrites of the status line on a terminal."""
_CLEAR_LINE = "\r\x1b[K"
_CLEAR_SCREEN = "\x1b[H\x1b[2J"


def on_terminal() -> bool:
    """Return whether standard output is a terminal."""
    return sys.stdout.isatty()


def print_seats(header: MatchHeader) -> None:
    """Print who plays which seat."""
    for seat, info in enumerate(header.seats):
        typer.echo(f"seat {seat}: {info.name} {info.version} ({info.source})")


def progress_text(game: Game[Any, Any], decisions: int, state: Any, seconds: float) -> str:
    """Return one line saying how far the match is, e.g.
    ``decision 50: round 4, seat 1 to move, scores 2 0 (3.1 s)``."""
    status = game.status(state)
    parts = [f"decision {decisions}", f"round {status.round_label or status.round}"]
    if status.to_move is not None:
        parts.append(f"seat {status.to_move} to move")
    scores = " ".join(str(score) for score in status.scores)
    return f"{parts[0]}: {', '.join(parts[1:])}, scores {scores} ({seconds:.1f} s)"


class ProgressView:
    """A MatchObserver that shows the match's progress (see the module)."""

    def __init__(
        self, game: Game[Any, Any], live: bool | None = None, every: int = PROGRESS_EVERY
    ) -> None:
        self.game = game
        self.live = on_terminal() if live is None else live
        self.every = every
        self.began = time.monotonic()
        self.drawn = 0.0

    def match_started(self, header: MatchHeader) -> None:
        """Print the seats."""
        print_seats(header)
        self.began = time.monotonic()

    def decision_taken(self, record: DecisionRecord, state: Any) -> None:
        """Rewrite the status line, or print a progress line every ``every`` decisions."""
        decisions = record.decision + 1
        now = time.monotonic()
        if self.live:
            if now - self.drawn >= REDRAW_SECONDS:
                self.drawn = now
                text = progress_text(self.game, decisions, state, now - self.began)
                typer.echo(f"{_CLEAR_LINE}{text}", nl=False, color=True)
        elif decisions % self.every == 0:
            typer.echo(progress_text(self.game, decisions, state, now - self.began))

    def match_ended(self, result: MatchResult) -> None:
        """Clear the status line: the command prints the result."""
        if self.live:
            typer.echo(_CLEAR_LINE, nl=False, color=True)


class BoardWatcher:
    """A MatchObserver that prints each decision and the board after it (see the module)."""

    def __init__(self, game: Game[Any, Any], delay: float, live: bool | None = None) -> None:
        self.game = game
        self.delay = delay
        self.live = on_terminal() if live is None else live

    def match_started(self, header: MatchHeader) -> None:
        """Print who plays which seat."""
        print_seats(header)

    def decision_taken(self, record: DecisionRecord, state: Any) -> None:
        """Print the decision and the board, then wait ``delay`` seconds."""
        fault = f"  [{record.fault.code.value}: default action]" if record.fault else ""
        if record.moves:  # a joint step: name each seat whose default action was played
            faults = [move.fault for move in record.moves if move.fault is not None]
            fault = "".join(f"  [seat {f.seat} {f.code.value}: default action]" for f in faults)
        who = "all" if record.moves else f"seat {record.seat}"
        line = f"#{record.decision} {who}: {record.label}{fault}"
        board = self.game.render(state)
        if self.live:
            typer.echo(f"{_CLEAR_SCREEN}{line}\n{board}", color=True)
        else:
            typer.echo(f"\n{line}\n{board}")
        if self.delay:
            time.sleep(self.delay)

    def match_ended(self, result: MatchResult) -> None:
        """Nothing to add: the command prints the result."""
