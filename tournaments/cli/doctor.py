"""``ruckus doctor``: which sandbox levels work on this machine, and why the others do not."""

from __future__ import annotations

import os
import shutil

import typer

from referee.sandbox import Level, sandbox_line, strongest, unavailable

_TOOLS = ("bwrap", "prlimit", "setpriv", "node")


def doctor() -> None:
    """Say which sandbox levels work here and which one runs bots by default."""
    for level in (Level.STRICT, Level.BASIC, Level.NONE):
        problem = unavailable(level)
        verdict = "works" if problem is None else f"unavailable: {problem}"
        typer.echo(f"{level.value:7} {verdict}")
    typer.echo(f"default {sandbox_line(strongest())}")
    if os.geteuid() == 0:
        typer.echo("running as root: each sandboxed bot gets a uid of its own")
    else:
        typer.echo("not root: at 'basic', bots run as your user and can read your files")
    for tool in _TOOLS:
        typer.echo(f"{tool:7} {shutil.which(tool) or 'not found'}")


def register(app: typer.Typer) -> None:
    """Add ``ruckus doctor`` to ``app``."""
    app.command("doctor")(doctor)
