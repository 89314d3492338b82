"""``ruckus web RUN``: serve a run's pages (loopback by default), and ``--web`` for
``ruckus tournament run|resume``."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from referee.transport.security import SecurityError, server_token
from tournaments.cli.errors import fail
from tournaments.runner import RunContext, RunObserver
from tournaments.schedule import Match
from tournaments.store import MatchResult
from tournaments.web.arena import ArenaSource, is_arena
from tournaments.web.doors import DoorError
from tournaments.web.server import DEFAULT_RESAMPLES, ServeOptions, WebServer, arena_options, start
from tournaments.web.source import RunFolderSource, SourceError

DOORS = "TLS and token"


def serve_options(
    host: str,
    port: int,
    tls_cert: Path | None,
    tls_key: Path | None,
    token_file: Path | None,
    insecure: bool,
    resamples: int = DEFAULT_RESAMPLES,
) -> ServeOptions:
    """Return the options of a bind, refused (BadParameter) or warned about on stderr."""
    try:
        token = server_token(token_file, os.environ)
        options = ServeOptions(host, port, tls_cert, tls_key, token, insecure, resamples)
        warning = options.check()
    except (SecurityError, DoorError, ValueError) as error:
        raise typer.BadParameter(str(error)) from None
    if warning is not None:
        typer.echo(warning, err=True)
    return options


def serve_run(run_dir: Path, options: ServeOptions) -> WebServer:
    """Start serving the run or the arena in ``run_dir`` (an arena with its token: see
    :func:`~tournaments.web.server.arena_options`); stop with a one-line message if it
    cannot."""
    try:
        if is_arena(run_dir):
            return start(ArenaSource(run_dir), arena_options(options))
        return start(RunFolderSource(run_dir), options)
    except SourceError as error:
        fail(str(error))
    except OSError as error:
        fail(f"cannot listen on {options.host}:{options.port}: {error}")


Host = Annotated[str, typer.Option(help="Address to bind; loopback unless told otherwise.")]
Port = Annotated[int, typer.Option(min=0, max=65535, help="Port (0 picks a free one).")]
TlsCert = Annotated[
    Path | None,
    typer.Option(help="Serve HTTPS with this certificate (PEM).", rich_help_panel=DOORS),
]
TlsKey = Annotated[
    Path | None, typer.Option(help="The key of --tls-cert (PEM).", rich_help_panel=DOORS)
]
TokenFile = Annotated[
    Path | None,
    typer.Option(
        help="Every request needs this file's token (default: $RUCKUS_TOKEN, if set).",
        rich_help_panel=DOORS,
    ),
]
Insecure = Annotated[
    bool,
    typer.Option(
        "--insecure",
        help="Allow a host other than loopback without TLS and a token (with a warning).",
        rich_help_panel=DOORS,
    ),
]


def web(
    run_dir: Annotated[Path, typer.Argument(help="Run folder, or an arena's folder.")],
    host: Host = "127.0.0.1",
    port: Port = 0,
    resamples: Annotated[
        int, typer.Option(min=0, max=2000, help="Bootstrap resamples of the rating intervals.")
    ] = DEFAULT_RESAMPLES,
    tls_cert: TlsCert = None,
    tls_key: TlsKey = None,
    token_file: TokenFile = None,
    insecure: Insecure = False,
) -> None:
    """Serve a run's (or an arena's) leaderboard, bots, matches, replays and bracket; pages
    update live."""
    options = serve_options(host, port, tls_cert, tls_key, token_file, insecure, resamples)
    server = serve_run(run_dir, options)
    typer.echo(f"serving {run_dir} at {server.url} (Ctrl-C stops)")
    if is_arena(run_dir):
        typer.echo(f"  to add and retire bots, open {server.changing_url}")
    stopped = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopped.set())
    try:
        stopped.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    sys.exit(0)


class ServedRun:
    """A RunObserver that serves the run's pages from its start (on loopback, a free port,
    unless ``options`` say otherwise), then passes every call on."""

    def __init__(
        self, observer: RunObserver, run_dir: Path, options: ServeOptions | None = None
    ) -> None:
        self.observer = observer
        self.run_dir = run_dir
        self.options = options or ServeOptions()
        self.server: WebServer | None = None

    def run_started(self, context: RunContext) -> None:
        """Start serving (the run's store exists now) and say where."""
        self.observer.run_started(context)
        self.server = serve_run(self.run_dir, self.options)
        typer.echo(f"serving the run at {self.server.url}", err=True)
        self.observer.notice(f"web pages at {self.server.url}")

    def match_recorded(self, result: MatchResult) -> None:
        """Pass the result on (the pages read it from the store)."""
        self.observer.match_recorded(result)

    def notice(self, text: str) -> None:
        """Pass the notice on."""
        self.observer.notice(text)

    def matches_running(self, matches: Sequence[Match]) -> None:
        """Pass the matches running on."""
        self.observer.matches_running(matches)

    def stop(self) -> None:
        """Stop serving, if it started."""
        if self.server is not None:
            self.server.stop()


def register(app: typer.Typer) -> None:
    """Add ``ruckus web`` to ``app``."""
    app.command("web")(web)
