"""The terminal replay viewer: one frame as a Rich renderable, and stepping through frames.

A frame shows the match and viewer, the decision just taken, the board with its legend, the
scores (with whose decision it is now), the viewer's private knowledge and the events the
decision caused, dice rolls highlighted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from referee.games import get_game
from referee.games.base import Status
from tournaments.replay.boards.grid import legend_text
from tournaments.replay.keys import commands
from tournaments.replay.timeline import Frame, JsonDict, Timeline
from tournaments.replay.views import seat_style, view_for

HELP = "keys: n/→ next  p/← back  g N jump to position N  s start  e end  q quit"


def viewer_name(viewer: int | None) -> str:
    """Return who the replay is seen by."""
    return "spectator" if viewer is None else f"seat {viewer}"


def _title(timeline: Timeline, frame: Frame) -> Text:
    """Return the first line: game, match, position and viewer."""
    last = len(timeline.frames) - 1
    return Text.assemble(
        (get_game(timeline.game).spec.title, "bold"),
        f"  match {timeline.header.match_id}",
        f"  position {frame.index}/{last}  seen by {viewer_name(timeline.viewer)}",
    )


def decision_line(frame: Frame) -> Text:
    """Return the decision that led to ``frame`` (or that the match is at its start)."""
    if frame.decision is None:
        return Text("start of the match", style="italic")
    if frame.seat is None:  # a joint step: every seat moved at once
        return Text.assemble(
            f"decision {frame.decision}: all moved: ",
            (frame.label or "?", "bold"),
            f"  ({frame.time_ms or 0:.1f} ms, the slowest seat's)",
        )
    return Text.assemble(
        f"decision {frame.decision}: ",
        (f"seat {frame.seat}", seat_style(frame.seat)),
        " took ",
        (frame.label or "?", "bold"),
        f"  ({frame.time_ms or 0:.1f} ms)",
    )


def status_line(status: Status, to_act: tuple[int, ...] = ()) -> str:
    """Return the round, whose turn it is and the decision being asked now (of every seat in
    ``to_act`` at a joint step)."""
    where = f"round {status.round_label or status.round}"
    if status.turn_seat is not None:
        where += f", turn of seat {status.turn_seat}"
    if status.to_move is None:
        return f"{where}; game over"
    if to_act:
        return f"{where}; {status.phase} decision of seats {', '.join(map(str, to_act))} at once"
    return f"{where}; {status.phase} decision of seat {status.to_move}"


def scores_table(timeline: Timeline, frame: Frame) -> Table:
    """Return one row per seat: bot, side, score, details and a marker on the seat to move."""
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    for name in ("seat", "bot", "side", "score", "details", ""):
        table.add_column(name, justify="right" if name == "score" else "left")
    names = [seat.name for seat in timeline.header.seats]
    view = view_for(timeline.game)
    for seat, score in enumerate(frame.scores):
        side, style, extra = view.seat_facts(frame.observation, seat)
        mark = "<- to move" if seat in (frame.to_act or (frame.to_move,)) else ""
        table.add_row(Text(str(seat), style=style), names[seat], side, str(score), extra, mark)
    return table


def _value(value: Any) -> str:
    """Return an event value as short text."""
    if isinstance(value, list):
        return " ".join(_value(item) for item in value)
    if value is None:
        return "-"
    return str(value).lower() if isinstance(value, bool) else str(value)


def event_text(event: JsonDict) -> Text:
    """Return one event as ``kind: key value, ...``; dice rolls and spins are highlighted."""
    facts = ", ".join(f"{key} {_value(value)}" for key, value in event.items() if key != "kind")
    rolled = "dice" in event or event["kind"] == "spin"
    return Text.assemble(
        (event["kind"], "bold yellow" if rolled else "bold"), ": " if facts else "", facts
    )


def result_lines(timeline: Timeline, frame: Frame) -> list[Text]:
    """Return the result (on the last frame) and any problem met while replaying the log."""
    lines: list[Text] = []
    if frame.index == len(timeline.frames) - 1:
        if timeline.result is not None:
            outcome = timeline.result["outcome"]
            lines.append(
                Text(
                    f"result: scores {_value(outcome['scores'])}, ranks "
                    f"{_value(outcome['ranks'])}, ended by {outcome['reason']}",
                    style="bold",
                )
            )
        else:
            lines.append(Text("the log ends here: incomplete (no result line)", style="yellow"))
    lines.extend(Text(f"log problem: {problem}", style="bold red") for problem in timeline.problems)
    return lines


def frame_view(timeline: Timeline, index: int) -> RenderableType:
    """Return the whole screen of frame ``index``."""
    frame = timeline.frames[index]
    obs = frame.observation
    view = view_for(timeline.game)
    side = Group(
        scores_table(timeline, frame),
        Text(""),
        Text(status_line(frame.status, frame.to_act)),
        *(Text(line) for line in view.private_lines(obs)),
        Text(""),
        Text("events", style="bold underline"),
        *(event_text(event) for event in frame.events),
        *([] if frame.events else [Text("none", style="dim")]),
    )
    layout = Table.grid(padding=(0, 3))
    layout.add_column(no_wrap=True)
    layout.add_column()
    layout.add_row(view.board(timeline.static_map, obs), side)
    return Group(
        _title(timeline, frame),
        decision_line(frame),
        Text(""),
        layout,
        Text(""),
        legend_text(view.legend()),
        *result_lines(timeline, frame),
    )


@dataclass
class Navigator:
    """Where a viewer is in a replay, moved by short commands (``n``, ``p``, ``g 12``, ...)."""

    last: int
    index: int = 0

    def command(self, text: str) -> bool:
        """Apply one command; return False when it asks to quit. Unknown commands do nothing."""
        word, _, argument = text.strip().lower().partition(" ")
        if word in ("q", "quit"):
            return False
        if word in ("", "n", "next"):
            self.index = min(self.index + 1, self.last)
        elif word in ("p", "prev", "back"):
            self.index = max(self.index - 1, 0)
        elif word in ("s", "start"):
            self.index = 0
        elif word in ("e", "end"):
            self.index = self.last
        elif word in ("g", "goto") and argument.strip().isdigit():
            self.index = min(int(argument), self.last)
        return True


def show_frame(console: Console, timeline: Timeline, index: int) -> None:
    """Print frame ``index`` to ``console``."""
    console.print(frame_view(timeline, index))


def _show_with_help(console: Console, timeline: Timeline, index: int) -> None:
    """Clear a terminal, show frame ``index`` and the key help."""
    if console.is_terminal:
        console.clear()
    show_frame(console, timeline, index)
    console.print(HELP, style="dim", highlight=False)


def print_frame(timeline: Timeline, index: int, width: int | None = None) -> None:
    """Print frame ``index`` to the terminal (``width`` columns; the terminal's by default)."""
    show_frame(Console(width=width, highlight=False), timeline, index)


def play_frames(timeline: Timeline, start: int, delay: float, width: int | None = None) -> None:
    """Show every frame from ``start`` to the end, ``delay`` seconds apart."""
    console = Console(width=width, highlight=False)
    for index in range(start, len(timeline.frames)):
        if console.is_terminal:
            console.clear()
        show_frame(console, timeline, index)
        if index < len(timeline.frames) - 1:
            time.sleep(delay)


def step_frames(timeline: Timeline, start: int, width: int | None = None) -> None:
    """Show a frame, then move by key commands until ``q`` (or the end of piped input)."""
    console = Console(width=width, highlight=False)
    navigator = Navigator(last=len(timeline.frames) - 1, index=start)
    _show_with_help(console, timeline, navigator.index)
    for command in commands(ask=console.input):
        before = navigator.index
        if not navigator.command(command):
            return
        if navigator.index != before:
            _show_with_help(console, timeline, navigator.index)
