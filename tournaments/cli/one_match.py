"""One match from the command line, as ``ruckus play`` and ``ruckus replay fork`` play it: the
options they share, the bots' start-up, the views while it runs, and the report at the end."""

from __future__ import annotations

import contextlib
import signal
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from referee.match import MatchHeader, MatchObserver, MatchResult, MatchSetup
from referee.match.faults import FaultCode
from referee.match.player import DecisionRecord
from referee.sandbox import AUTO, Limits, Sandbox, SandboxError, resolve, sandbox_line
from referee.transport.bots import BotSpec, parse_bot, seat_output
from referee.transport.play import LogTarget, SpawnedSeats, play
from referee.transport.probe import probe
from referee.transport.security import ClientSecurity
from sample_bots.registry import sample_command
from tournaments.cli.interrupts import InterruptCheck, InterruptGuard
from tournaments.cli.match_view import BoardWatcher, ProgressView, on_terminal
from tournaments.cli.paths import output_file, output_folder

WATCH_DELAY = 0.2
"""Seconds between two boards of ``--watch`` on a terminal unless ``--delay`` says otherwise
(output to a pipe or a file gets every board at once)."""
MAX_DELAY = 1.0
"""The longest ``--delay``: a bot's Play stream lasts at most its time banks plus ten minutes."""
OUTPUT_FAULTS = (FaultCode.STARTUP_FAILED, FaultCode.CRASHED)
"""The faults whose detail quotes the bot's output."""

BotsOption = Annotated[
    list[str],
    typer.Option(
        "--bot",
        "-b",
        help="One per seat: a sample bot (random, pilfer-random), cmd:<command>, "
        "grpc://host:port, grpcs://host:port (TLS).",
    ),
]
LogOption = Annotated[Path | None, typer.Option(help="Write the match log (JSON Lines) here.")]
WatchOption = Annotated[
    bool, typer.Option(help="Print the board after every decision (redrawn on a terminal).")
]
DelayOption = Annotated[
    float | None,
    typer.Option(
        min=0.0,
        max=MAX_DELAY,
        help=f"Seconds between boards with --watch (default {WATCH_DELAY} on a terminal, 0 "
        "into a pipe or a file; 0: as fast as the bots play).",
    ),
]
BotLogsOption = Annotated[
    Path | None,
    typer.Option(
        "--bot-logs",
        help="Keep each spawned bot's output in this folder (seat0.log, ...); default: a "
        "temporary folder, deleted when the match ends.",
    ),
]
StartupOption = Annotated[
    int, typer.Option(min=100, help="Time a bot has to listen and answer Describe (ms).")
]
SandboxOption = Annotated[
    str,
    typer.Option(
        help="How spawned bots are confined: strict, basic, none, or auto (the strongest "
        "that works here; `ruckus doctor` tells which)."
    ),
]
TimeMarginOption = Annotated[
    int | None,
    typer.Option(
        min=0,
        help="Tolerated overrun of the decision limit (ms), charged to the bank "
        "(cutechess's timemargin).",
    ),
]


@dataclass(frozen=True)
class Seats:
    """How the seats' bots are found and started."""

    specs: tuple[BotSpec, ...]
    sandbox: Sandbox
    bot_logs: Path | None = None


@dataclass(frozen=True)
class Viewing:
    """What the command shows while the match goes, and where it logs it."""

    log: Path | None
    watch: bool
    delay: float


def sandbox_of(level: str) -> Sandbox:
    """Return the ``--sandbox`` level with the default limits; raise BadParameter for a level
    that is unknown or does not work here."""
    try:
        return Sandbox(resolve(level), Limits())
    except (ValueError, SandboxError) as error:
        raise typer.BadParameter(str(error), param_hint="--sandbox") from None


def seats_of(
    bots: Sequence[str],
    game: str,
    grpcs: ClientSecurity | None,
    sandbox: str = AUTO,
    bot_logs: Path | None = None,
) -> Seats:
    """Parse the ``--bot`` values and the sandbox; raise BadParameter for any that is wrong."""
    confinement = sandbox_of(sandbox)
    try:
        specs = tuple(parse_bot(bot, game, sample_command, grpcs=grpcs) for bot in bots)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--bot") from None
    if bot_logs is not None:
        output_folder(bot_logs, "--bot-logs")
    return Seats(specs, confinement, bot_logs)


def viewing_of(log: Path | None, watch: bool, delay: float | None) -> Viewing:
    """Check ``--log``, ``--watch`` and ``--delay`` before any bot starts."""
    if log is not None:
        output_file(log, "--log")
    if delay is not None and not watch:
        raise typer.BadParameter("only with --watch", param_hint="--delay")
    if delay is None:
        delay = WATCH_DELAY if on_terminal() else 0.0
    return Viewing(log, watch, delay)


def check_seat_count(setup: MatchSetup, seats: Seats) -> None:
    """Refuse a number of bots the game cannot seat."""
    spec = setup.game.spec
    if not spec.min_players <= len(seats.specs) <= spec.max_players:
        raise typer.BadParameter(
            f"{spec.name} needs {spec.min_players}-{spec.max_players} bots, not {len(seats.specs)}",
            param_hint="--bot",
        )


def _report_remote(specs: Sequence[BotSpec]) -> None:
    """Say on stderr which bots at an address do not answer yet, with gRPC's reason (nothing
    listening, a TLS handshake that fails, a refused token)."""
    for spec in specs:
        if not spec.spawns:
            problem = probe(spec.address, spec.security)
            if problem is not None:
                typer.echo(f"bot {spec.source} does not answer yet: {problem}", err=True)


def _exit_on_sigterm() -> None:
    """Turn SIGTERM into SystemExit so every bot process is cleaned up on the way out."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))


@contextlib.contextmanager
def _output_dir(bot_logs: Path | None) -> Iterator[Path]:
    """Yield the folder for the bots' output: ``bot_logs``, or a temporary one."""
    if bot_logs is not None:
        bot_logs.mkdir(parents=True, exist_ok=True)
        yield bot_logs
        return
    with tempfile.TemporaryDirectory(prefix="ruckus-bots-") as scratch:
        yield Path(scratch)


class _Seated:
    """A MatchObserver that keeps the match's header, for the report after the match."""

    def __init__(self) -> None:
        self.header: MatchHeader | None = None

    def match_started(self, header: MatchHeader) -> None:
        """Keep the header."""
        self.header = header

    def decision_taken(self, record: DecisionRecord, state: Any) -> None:
        """Nothing to keep."""

    def match_ended(self, result: MatchResult) -> None:
        """Nothing to keep."""


def _observers(setup: MatchSetup, viewing: Viewing, guard: InterruptGuard) -> list[MatchObserver]:
    """Return the views of the match and the check for Ctrl-C after them."""
    view = BoardWatcher(setup.game, viewing.delay) if viewing.watch else ProgressView(setup.game)
    return [view, InterruptCheck(guard)]


def play_one(setup: MatchSetup, seats: Seats, viewing: Viewing) -> MatchResult:
    """Start the bots, play the match with its views and log, print the result."""
    _exit_on_sigterm()
    if any(spec.spawns for spec in seats.specs):
        typer.echo(sandbox_line(seats.sandbox.level), err=True)
    _report_remote(seats.specs)
    seated = _Seated()
    log = None if viewing.log is None else LogTarget(viewing.log)
    with InterruptGuard() as guard, _output_dir(seats.bot_logs) as output_dir:
        seating = SpawnedSeats(seats.specs, output_dir, seats.sandbox, seats.bot_logs is not None)
        result = play(setup, seating, [seated, *_observers(setup, viewing, guard)], log)
    assert seated.header is not None, "a match that was played has started"
    print_result(result, seated.header, setup.seed)
    print_whereabouts(result, seats, viewing.log)
    return result


def print_result(result: MatchResult, header: MatchHeader, seed: int) -> None:
    """Print the outcome, each seat's score and rank, and every fault with its detail."""
    outcome = result.outcome
    typer.echo(f"\n{result.decisions} decisions; ended by {outcome.reason}; seed {seed}")
    for seat, (score, rank) in enumerate(zip(outcome.scores, outcome.ranks, strict=True)):
        name = header.seats[seat].name
        typer.echo(f"  seat {seat} {name:20} score {score:4}  rank {rank}")
    for fault in result.faults:
        typer.echo(
            f"  fault: seat {fault.seat} {fault.code.value} at decision {fault.decision}: "
            f"{fault.detail}"
        )


def print_whereabouts(result: MatchResult, seats: Seats, log: Path | None) -> None:
    """Say where the log and the bots' output are (or how to keep the output)."""
    if log is not None:
        typer.echo(f"log: {log}")
    spawned = [seat for seat, spec in enumerate(seats.specs) if spec.spawns]
    if seats.bot_logs is not None and spawned:
        files = ", ".join(
            f"{seat_output(seats.bot_logs, seat)} ({seats.specs[seat].source})" for seat in spawned
        )
        typer.echo(f"bot output: {files}")
    elif any(fault.code in OUTPUT_FAULTS for fault in result.faults) and spawned:
        typer.echo("the bots' whole output was not kept: --bot-logs DIR keeps it")
