"""``ruckus referee serve``: run the Referee gRPC service (loopback by default)."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Annotated

import typer

from referee.sandbox import AUTO, Limits, Sandbox, SandboxError, resolve, sandbox_line
from referee.transport.admission import default_max_matches
from referee.transport.allowlist import AddressError, parse_entry
from referee.transport.security import (
    SecurityError,
    ServerSecurity,
    check_bind,
    server_security,
    server_token,
)
from referee.transport.server import serve as serve_referee
from sample_bots.registry import sample_command
from tournaments.cli.errors import fail
from tournaments.cli.paths import output_folder

referee_app = typer.Typer(help="Run the referee as a gRPC service.", no_args_is_help=True)


DEFAULT_LOGS = Path("matches")
DOORS = "TLS and token"


def _security(
    host: str,
    tls_cert: Path | None,
    tls_key: Path | None,
    client_ca: Path | None,
    token_file: Path | None,
    insecure: bool,
) -> ServerSecurity:
    """Load the TLS files and the token, and refuse (or, with ``insecure``, warn about) a
    non-loopback host without both."""
    try:
        token = server_token(token_file, os.environ)
        security = server_security(tls_cert, tls_key, client_ca, token)
        warning = check_bind(host, security, insecure)
    except SecurityError as error:
        raise typer.BadParameter(str(error)) from None
    if warning is not None:
        typer.echo(warning, err=True)
    return security


def _remote_hosts(entries: list[str] | None) -> tuple[str, ...]:
    """Return the ``--allow-remote`` entries, each checked to be ``HOST`` or ``HOST:PORT``."""
    for entry in entries or ():
        try:
            parse_entry(entry)
        except AddressError as error:
            raise typer.BadParameter(str(error), param_hint="--allow-remote") from None
    return tuple(entries or ())


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
    max_matches: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Matches run at once; past it RunMatch is refused (RESOURCE_EXHAUSTED). "
            "Default: one per core.",
        ),
    ] = None,
    allow_remote: Annotated[
        list[str] | None,
        typer.Option(
            metavar="HOST[:PORT]",
            help="Let RunMatch name bots at this host (any port) or HOST:PORT, besides "
            "loopback; repeatable.",
        ),
    ] = None,
    tls_cert: Annotated[
        Path | None,
        typer.Option(help="Serve TLS with this certificate (PEM).", rich_help_panel=DOORS),
    ] = None,
    tls_key: Annotated[
        Path | None, typer.Option(help="The key of --tls-cert (PEM).", rich_help_panel=DOORS)
    ] = None,
    client_ca: Annotated[
        Path | None,
        typer.Option(
            help="Mutual TLS: callers need a certificate signed by this CA (PEM).",
            rich_help_panel=DOORS,
        ),
    ] = None,
    token_file: Annotated[
        Path | None,
        typer.Option(
            help="Every call needs 'authorization: Bearer <token>' with the token in this file "
            "(default: $RUCKUS_TOKEN, if set).",
            rich_help_panel=DOORS,
        ),
    ] = None,
    insecure: Annotated[
        bool,
        typer.Option(
            "--insecure",
            help="Allow a host other than loopback without TLS and a token (with a warning).",
            rich_help_panel=DOORS,
        ),
    ] = False,
) -> None:
    """Serve the Referee service (with health checking and reflection) until interrupted."""
    output_folder(logs, "--logs")
    security = _security(host, tls_cert, tls_key, client_ca, token_file, insecure)
    try:
        confinement = Sandbox(resolve(sandbox), Limits())
    except (ValueError, SandboxError) as error:
        raise typer.BadParameter(str(error), param_hint="--sandbox") from None
    remote = _remote_hosts(allow_remote)
    try:
        server, bound = serve_referee(
            host,
            port,
            logs,
            sandbox=confinement,
            credentials=security.credentials,
            interceptors=security.interceptors,
            max_matches=max_matches,
            allow_remote=remote,
            samples=sample_command,
        )
    except RuntimeError as error:  # gRPC's refusal to bind: the port is taken, or not ours
        fail(f"cannot listen on {host}:{port} (in use by another program?): {error}")
    doors = ", ".join(name for name, on in (("TLS", security.tls), ("token", security.token)) if on)
    locked = f" ({doors})" if doors else ""
    typer.echo(f"referee listening on {host}:{bound}{locked}; logs in {logs}")
    typer.echo(sandbox_line(confinement.level))
    limit = default_max_matches() if max_matches is None else max_matches
    typer.echo(f"at most {limit} matches at once; bots at {', '.join(('loopback', *remote))}")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    try:
        while server.wait_for_termination(timeout=1.0):
            pass  # True means the wait timed out: still serving
    finally:
        server.stop(grace=2.0).wait(timeout=5.0)


def register(app: typer.Typer) -> None:
    """Add ``ruckus referee`` to ``app``."""
    app.add_typer(referee_app, name="referee")
