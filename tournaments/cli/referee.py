"""``ruckus referee serve``: run the Referee gRPC service (loopback by default)."""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import Annotated

import typer

from referee.sandbox import AUTO, Limits, Sandbox, SandboxError, resolve, sandbox_line
from referee.transport.server import serve as serve_referee

referee_app = typer.Typer(help="Run the referee as a gRPC service.", no_args_is_help=True)


DEFAULT_LOGS = Path("matches")


@referee_app.command("serve")
def serve(
    host: Annotated[
        str, typer.Option(help="Address to bind; loopback unless told otherwise.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (0 picks a free one).")] = 50051,
    logs: Annotated[
        Path, typer.Option(help="Directory for match logs and bot output.")
    ] = DEFAULT_LOGS,
    sandbox: Annotated[
        str, typer.Option(help="How sample bots are confined: strict, basic, none or auto.")
    ] = AUTO,
) -> None:
    """Serve the Referee service (with health checking and reflection) until interrupted."""
    try:
        confinement = Sandbox(resolve(sandbox), Limits())
    except (ValueError, SandboxError) as error:
        raise typer.BadParameter(str(error), param_hint="--sandbox") from None
    server, bound = serve_referee(host, port, logs, sandbox=confinement)
    typer.echo(f"referee listening on {host}:{bound}; logs in {logs}")
    typer.echo(sandbox_line(confinement.level))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    try:
        while server.wait_for_termination(timeout=1.0):
            pass  # True means the wait timed out: still serving
    finally:
        server.stop(grace=2.0).wait(timeout=5.0)


def register(app: typer.Typer) -> None:
    """Add ``ruckus referee`` to ``app``."""
    app.add_typer(referee_app, name="referee")
