"""The ``ruckus`` command line (Typer). Each sub-module adds one group of commands.

gRPC's own log lines (a failed TLS handshake is logged at INFO, once per attempt) would leak
into the command's output between its own messages, which already say what went wrong: the
command line keeps gRPC to its errors unless ``GRPC_VERBOSITY`` says otherwise. It is set
before any module imports gRPC.
"""

from __future__ import annotations

import os

os.environ.setdefault("GRPC_VERBOSITY", "ERROR")

from importlib.metadata import PackageNotFoundError, version
from typing import Annotated

import typer

from tournaments.cli import (
    arena,
    backends,
    bot,
    doctor,
    formats,
    games,
    play,
    referee,
    replay,
    tournament,
    web,
)
from tournaments.cli.errors import OneLineErrors

DISTRIBUTION = "ruckus-arena"

app = typer.Typer(
    name="ruckus",
    help="Referee and tournament harness for AI bots playing Pilfer and Wabbit Wampage.",
    no_args_is_help=True,
    add_completion=False,
    cls=OneLineErrors,
)


def installed_version() -> str:
    """Return the installed version of Ruckus (``unknown`` when it runs from a bare checkout)."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"


def _print_version(asked: bool) -> None:
    """Print ``ruckus <version>`` and stop, when ``--version`` is given."""
    if asked:
        typer.echo(f"ruckus {installed_version()}")
        raise typer.Exit()


@app.callback()
def main(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help="Print the version of Ruckus and exit.",
        ),
    ] = False,
) -> None:
    """Referee and tournament harness for AI bots playing Pilfer and Wabbit Wampage."""


games.register(app)
formats.register(app)
play.register(app)
referee.register(app)
replay.register(app)
tournament.register(app)
backends.register(app)
bot.register(app)
doctor.register(app)
web.register(app)
arena.register(app)
