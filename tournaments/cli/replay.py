"""``ruckus replay``: verify logged matches, step through them in the terminal, export HTML."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tournaments.cli.errors import fail
from tournaments.cli.fork import fork
from tournaments.cli.paths import expand_paths, input_file, output_file
from tournaments.replay.checks import Status
from tournaments.replay.html import export_html
from tournaments.replay.runs import NotARunFolder
from tournaments.replay.terminal import play_frames, print_frame, step_frames
from tournaments.replay.timeline import ReplayError, Timeline, load_timeline
from tournaments.replay.verifying import verify_paths

replay_app = typer.Typer(
    help="Verify, show, export and fork logged matches.", no_args_is_help=True, add_completion=False
)

LogFile = Annotated[Path, typer.Argument(help="A match log (.jsonl or .jsonl.gz).")]
Seat = Annotated[
    int | None,
    typer.Option(
        help="Show what this seat saw (its hidden knowledge included); default: spectator."
    ),
]


@replay_app.command("verify")
def verify(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="PATHS...",
            help="Match logs (.jsonl or .jsonl.gz), run folders, folders of runs or logs, and "
            "glob patterns (quoted, ** included: 'runs/*/logs/**/*.jsonl').",
            show_default=False,
        ),
    ],
    allow_incomplete: Annotated[
        bool,
        typer.Option("--allow-incomplete", help="Do not count a log cut short as a failure."),
    ] = False,
) -> None:
    """Re-run each match from its log and check every decision, digest, fault and the chain.

    A run folder's logs, and a log inside a run folder, are checked with the run's key (every
    line's MAC) and against the run's definition and stored results; a forked log against its
    parent. Exit 1 if a log FAILED, or is INCOMPLETE without --allow-incomplete.
    """
    failed = False
    try:
        for verdict in verify_paths(expand_paths(paths, "PATHS")):
            typer.echo(verdict.line())
            failed |= verdict.status is Status.FAILED
            failed |= not allow_incomplete and verdict.status is Status.INCOMPLETE
    except NotARunFolder as error:
        fail(str(error))
    if failed:
        raise typer.Exit(1)


def _timeline(path: Path, seat: int | None) -> Timeline:
    """Load a replay or stop with a clear message."""
    input_file(path, "a match log", "FILE")
    try:
        return load_timeline(path, seat)
    except (OSError, UnicodeDecodeError, EOFError, ReplayError) as error:
        fail(f"cannot replay {path}: {error}", 1)


@replay_app.command("show")
def show(
    file: LogFile,
    seat: Seat = None,
    at: Annotated[
        int | None,
        typer.Option(min=0, help="Print the position after N decisions (0: the start) and exit."),
    ] = None,
    play: Annotated[
        bool, typer.Option("--play", help="Animate from --at (or the start) to the end.")
    ] = False,
    delay: Annotated[float, typer.Option(min=0.0, help="Seconds between frames (--play).")] = 0.5,
    width: Annotated[int | None, typer.Option(help="Console width; default: terminal's.")] = None,
) -> None:
    """Render a match in the terminal; step with n/p or the arrows, g to jump, q to quit."""
    timeline = _timeline(file, seat)
    start = min(at or 0, len(timeline.frames) - 1)
    if play:
        play_frames(timeline, start, delay, width)
    elif at is not None:
        print_frame(timeline, start, width)
    else:
        step_frames(timeline, start, width)


@replay_app.command("export")
def export(
    file: LogFile,
    html: Annotated[Path, typer.Option(help="Write a self-contained HTML viewer here.")],
    seat: Seat = None,
    seats: Annotated[
        bool,
        typer.Option(
            help="Without --seat: also embed what each seat saw, with a selector to switch "
            "(about a tenth more); --no-seats: the spectator's view alone.",
        ),
    ] = True,
) -> None:
    """Write one HTML file (no network needed) that animates the match in a browser."""
    output_file(html, "--html", "match.html")
    timeline = _timeline(file, seat)
    views = [] if seat is not None or not seats else _seat_views(file, timeline)
    export_html(timeline, html, views)
    viewers = f", {len(views)} seats' views" if views else ""
    typer.echo(
        f"wrote {html} ({len(timeline.frames) - 1} decisions{viewers}, {_log_state(timeline)})"
    )


def _seat_views(file: Path, spectator: Timeline) -> list[Timeline]:
    """Return the match as each seat saw it (as far as the spectator's replay goes)."""
    return [_timeline(file, seat) for seat in range(spectator.seats)]


def _log_state(timeline: Timeline) -> str:
    """Return how the replayed log ended, for messages."""
    if timeline.problems:
        return f"log problem: {timeline.problems[0]}"
    return "complete log" if timeline.complete else "incomplete log: no result line"


replay_app.command("fork")(fork)


def register(app: typer.Typer) -> None:
    """Add ``ruckus replay`` to ``app``."""
    app.add_typer(replay_app, name="replay")
