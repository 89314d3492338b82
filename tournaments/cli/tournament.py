"""``ruckus tournament run|resume|show``: play a tournament, finish an interrupted one, report."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from referee.sandbox import SandboxError
from tournaments.analysis import MAX_RESAMPLES, RESAMPLES, analyse, analysis_json
from tournaments.cli.backends import BackendName, BackendOptions, RayAddress, placement
from tournaments.cli.errors import USAGE_EXIT, fail
from tournaments.cli.hints import concurrency_warning, next_steps
from tournaments.cli.interrupts import CheckedRunObserver, InterruptGuard
from tournaments.cli.paths import input_file, output_folder
from tournaments.cli.web import ServedRun
from tournaments.definition import DefinitionError, TournamentDefinition, load_definition
from tournaments.runner import (
    BackendError,
    FleetError,
    PoolError,
    RunnerError,
    RunObserver,
    RunSummary,
    resume_run,
    start_run,
)
from tournaments.runner.layout import RunFolder
from tournaments.runner.preflight import PreflightError
from tournaments.runner.report import current_standings, standings_csv
from tournaments.runner.session import resolve_concurrency
from tournaments.store import DefinitionChanged, ResultStore, StoreError
from tournaments.ui import Screen

tournament_app = typer.Typer(
    help="Run, resume and show tournaments defined in TOML files.", no_args_is_help=True
)

RUN_FAILURES = (
    DefinitionError,
    StoreError,
    FleetError,
    RunnerError,
    PoolError,
    BackendError,
    SandboxError,
    OSError,
)
"""What stops a run (of a tournament or an arena) with a one-line error, not a traceback."""

CONCURRENCY_HELP = (
    "Matches at once (default: the definition's concurrency, else the backend's: the CPU count "
    "locally, the cluster's CPUs on ray)."
)


def default_run_dir(name: str) -> Path:
    """Return ``runs/<name>-<UTC timestamp>`` for a new run."""
    return Path("runs") / f"{name}-{datetime.now(UTC):%Y%m%d-%H%M%S}"


def _fail(error: Exception) -> typer.Exit:
    typer.echo(f"error: {error}", err=True)
    return typer.Exit(2)


def _stopped_by_preflight(error: PreflightError, run_dir: Path, source: Path | None) -> typer.Exit:
    """Print one line per bot that failed preflight, then how to go on; return the exit."""
    for problem in error.problems:
        typer.echo(f"error: {problem.line()}", err=True)
    typer.echo(
        f"no match was played; fix the bots, then: ruckus tournament resume {run_dir} "
        "(or add --keep-going to play, their matches as forfeits)",
        err=True,
    )
    if source is not None:
        typer.echo(
            f"a fix in the definition (a bot's command or address) is a new run: "
            f"ruckus tournament run {source}",
            err=True,
        )
    return typer.Exit(USAGE_EXIT)


def _changed(error: DefinitionChanged, source: Path | None) -> typer.Exit:
    """Print what changed in a resumed run's definition, then the two ways on; return the exit."""
    typer.echo(f"error: {error}", err=True)
    where = source or "the definition"
    typer.echo(
        f"put {where} back as it was to resume this run, or start a new run with it: "
        f"ruckus tournament run {where}",
        err=True,
    )
    return typer.Exit(USAGE_EXIT)


def _exit_on_sigterm() -> None:
    """Turn SIGTERM into SystemExit so every bot and worker is stopped on the way out."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))


def _play(
    run_dir: Path,
    source: Path | None,
    live: bool,
    play: Callable[[RunObserver], RunSummary],
    web: bool = False,
) -> None:
    """Run ``play`` (of the definition file ``source``) under the live view (when asked for
    and the output is a terminal) or the plain one (with ``web``, its pages served on
    loopback while it plays), then print the final report."""
    _exit_on_sigterm()
    screen = Screen()
    served: ServedRun | None = None
    try:
        view = screen.live_view() if live and screen.on_terminal else screen.plain_view()
        with InterruptGuard() as guard, view:
            observer: RunObserver = CheckedRunObserver(view, guard)
            if web:
                observer = served = ServedRun(observer, run_dir)
            try:
                summary = play(observer)
            finally:
                if served is not None:
                    served.stop()
    except PreflightError as error:
        raise _stopped_by_preflight(error, run_dir, source) from None
    except DefinitionChanged as error:
        raise _changed(error, source) from None
    except RUN_FAILURES as error:
        raise _fail(error) from None
    except KeyboardInterrupt:
        typer.echo(f"\ninterrupted; finish it with: ruckus tournament resume {run_dir}", err=True)
        raise typer.Exit(130) from None
    store = ResultStore.open(run_dir)
    try:
        screen.report(store)
    finally:
        store.close()
    screen.line(
        f"played {summary.played} matches in {summary.seconds:.1f} s; "
        f"{summary.recorded} recorded in {run_dir}; bots ran in sandbox {summary.sandbox.value}"
    )
    if summary.quarantined:
        screen.line(f"quarantined bots: {', '.join(summary.quarantined)}")
    if summary.failed_preflight:
        failed = ", ".join(summary.failed_preflight)
        screen.line(f"failed preflight (played with --keep-going): {failed}")
    for step in next_steps(run_dir):
        screen.line(step)


def _definition(path: Path) -> TournamentDefinition:
    """Read a definition file; a missing file or a TOML mistake is one line naming the file."""
    input_file(path, "a tournament definition (TOML)", "DEFINITION_FILE")
    try:
        return load_definition(path)
    except DefinitionError as error:
        fail(f"{path}: {str(error).replace('<toml>: ', 'not valid TOML: ', 1)}")
    except (OSError, UnicodeDecodeError) as error:
        fail(f"{path}: {error}")


def _warn_concurrency(concurrency: int) -> None:
    """Warn on stderr when more matches run at once than there are cores."""
    warning = concurrency_warning(concurrency)
    if warning is not None:
        typer.echo(warning, err=True)


Concurrency = Annotated[
    int | None, typer.Option("--concurrency", "-c", min=1, help=CONCURRENCY_HELP)
]
NoLive = Annotated[
    bool,
    typer.Option(
        "--no-live", help="Print one line per match instead (as a run into a pipe or file does)."
    ),
]
Web = Annotated[
    bool,
    typer.Option("--web", help="Serve the run's pages on loopback as it plays (prints the URL)."),
]
KeepGoing = Annotated[
    bool,
    typer.Option(
        "--keep-going",
        help="Play even when bots fail the preflight check: their matches are forfeits.",
    ),
]


@tournament_app.command("run")
def run(
    definition_file: Annotated[Path, typer.Argument(help="Tournament definition (TOML).")],
    concurrency: Concurrency = None,
    run_dir: Annotated[
        Path | None, typer.Option("--run-dir", help="Run folder (default runs/NAME-TIME).")
    ] = None,
    no_live: NoLive = False,
    backend: BackendName = None,
    backend_option: BackendOptions = None,
    ray_address: RayAddress = None,
    keep_going: KeepGoing = False,
    web: Web = False,
) -> None:
    """Start a tournament: spawn its bots, check each one, play every match, print the
    standings."""
    where = placement(backend, backend_option, ray_address)
    name = _definition(definition_file).name
    folder = output_folder(run_dir, "--run-dir") if run_dir else default_run_dir(name)
    _warn_concurrency(resolve_concurrency(definition_file.read_text(), concurrency))
    _play(
        folder,
        definition_file,
        not no_live,
        lambda view: start_run(definition_file, folder, concurrency, view, where, keep_going),
        web,
    )


@tournament_app.command("resume")
def resume(
    run_dir: Annotated[Path, typer.Argument(help="Run folder of an interrupted tournament.")],
    definition: Annotated[
        Path | None,
        typer.Option(
            "--definition", help="Definition file (default: the one the run started from)."
        ),
    ] = None,
    concurrency: Concurrency = None,
    no_live: NoLive = False,
    backend: BackendName = None,
    backend_option: BackendOptions = None,
    ray_address: RayAddress = None,
    keep_going: KeepGoing = False,
    web: Web = False,
) -> None:
    """Finish an interrupted run: play only the matches without a stored result."""
    where = placement(backend, backend_option, ray_address)
    if definition is not None:
        _definition(definition)
    if concurrency is not None:
        _warn_concurrency(concurrency)
    _play(
        run_dir,
        definition or RunFolder(run_dir).source(),
        not no_live,
        lambda view: resume_run(run_dir, definition, concurrency, view, where, keep_going),
        web,
    )


@tournament_app.command("show")
def show(
    run_dir: Annotated[Path, typer.Argument(help="Run folder.")],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print everything (standings, pairings, SPRT, bracket, "
            "head to head, matches) as JSON.",
        ),
    ] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the standings as CSV.")] = False,
    h2h: Annotated[
        bool, typer.Option("--h2h", help="Also print the head-to-head matrix (score, games).")
    ] = False,
    matches: Annotated[
        bool,
        typer.Option(
            "--matches", help="Also print every match: seats, ranks, scores, reason, faults, log."
        ),
    ] = False,
    resamples: Annotated[
        int,
        typer.Option(
            "--resamples",
            min=0,
            max=MAX_RESAMPLES,
            help="Bootstrap resamples of the Elo intervals (0: none).",
        ),
    ] = RESAMPLES,
    width: Annotated[
        int | None,
        typer.Option(
            "--width",
            min=40,
            help="Columns to lay the tables out in (default: the terminal's; 80 into a pipe).",
        ),
    ] = None,
) -> None:
    """Print a run's standings, pairings and SPRT tests from its stored results (and the
    bracket of a knockout)."""
    if as_json and as_csv:
        raise typer.BadParameter("choose one of --json and --csv")
    try:
        store = ResultStore.open(run_dir)
    except RUN_FAILURES as error:
        raise _fail(error) from None
    try:
        if as_json:
            typer.echo(analysis_json(analyse(store, resamples)))
        elif as_csv:
            standings = current_standings(store, store.definition(), resamples)
            typer.echo(standings_csv(standings).rstrip("\n"))
        else:
            Screen(width=width).report(store, resamples, h2h, matches)
    finally:
        store.close()


def register(app: typer.Typer) -> None:
    """Add ``ruckus tournament`` to ``app``."""
    app.add_typer(tournament_app, name="tournament")
