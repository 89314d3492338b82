"""Serving the pages: uvicorn in a thread of its own, and the thread that polls the source.

:func:`start` binds the socket first (port 0 picks a free one, so the URL is known before the
first request), polls the source every :data:`POLL_SECONDS` (one ``MAX(seq)`` query when
nothing changed) and serves until :meth:`WebServer.stop`. Pages learn of new matches through
server-sent events within a poll and a tick of :data:`tournaments.web.app.EVENT_SECONDS`.
"""

from __future__ import annotations

import asyncio
import gc
import secrets
import socket
import threading
from dataclasses import dataclass, replace
from pathlib import Path

import uvicorn

from referee.transport.security import is_loopback
from tournaments.web.app import Site, create_app
from tournaments.web.board import Board
from tournaments.web.doors import check_bind
from tournaments.web.intervals import IntervalFits
from tournaments.web.pages import warm_bot_pages
from tournaments.web.source import RunSource

POLL_SECONDS = 0.25
"""How often the source is asked whether matches were added."""
DEFAULT_RESAMPLES = 100
"""Bootstrap resamples of the leaderboard's intervals (0: none)."""


@dataclass(frozen=True)
class ServeOptions:
    """Where and how to serve: address, port (0: a free one), TLS files, token, resamples."""

    host: str = "127.0.0.1"
    port: int = 0
    tls_cert: Path | None = None
    tls_key: Path | None = None
    token: str | None = None
    insecure: bool = False
    resamples: int = DEFAULT_RESAMPLES
    open_reads: bool = False
    """With a token: reading needs none, only changing does (an arena on loopback)."""

    def check(self) -> str | None:
        """Return the warning the bind calls for (DoorError when it is refused)."""
        if (self.tls_cert is None) != (self.tls_key is None):
            raise ValueError("give both --tls-cert and --tls-key, or neither")
        return check_bind(self.host, self.tls_cert is not None, bool(self.token), self.insecure)


def arena_options(options: ServeOptions) -> ServeOptions:
    """Return ``options`` for serving an arena: it always has a token (drawn when none is
    given), which changing its bots needs; on loopback reading needs none."""
    token = options.token or secrets.token_urlsafe(24)
    return replace(options, token=token, open_reads=is_loopback(options.host))


class _Poller(threading.Thread):
    """Refreshes the board every poll and starts interval fits when due, until stopped."""

    def __init__(self, site: Site) -> None:
        super().__init__(name="ruckus-web-poll", daemon=True)
        self.site = site
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.wait(POLL_SECONDS):
            self.site.refresh()
            fits = self.site.intervals
            if fits.due(len(self.site.board.matches)):
                fits.start(self.site.board.rated_games)


class WebServer:
    """A running server: its URL, and :meth:`stop`."""

    def __init__(self, site: Site, options: ServeOptions, sock: socket.socket) -> None:
        self.site = site
        scheme = "https" if options.tls_cert else "http"
        host = f"[{options.host}]" if ":" in options.host else options.host
        self.url = f"{scheme}://{host}:{sock.getsockname()[1]}/"
        self.changing_url = None if options.token is None else f"{self.url}?token={options.token}"
        """The link that lets a browser change what the server shows (it sets the token)."""
        config = uvicorn.Config(
            create_app(site, options.token, options.open_reads),
            log_level="warning",
            ssl_certfile=options.tls_cert,
            ssl_keyfile=options.tls_key,
            timeout_graceful_shutdown=1,
            lifespan="off",
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=lambda: asyncio.run(self._server.serve(sockets=[sock])),
            name="ruckus-web",
            daemon=True,
        )
        self._poller = _Poller(site)

    def begin(self) -> None:
        """Start polling and serving; return once the server accepts connections."""
        self._poller.start()
        self._thread.start()
        while not self._server.started and self._thread.is_alive():
            threading.Event().wait(0.02)

    def stop(self) -> None:
        """Stop serving and polling, and wait for both threads."""
        self.site.closing.set()
        self._server.should_exit = True
        self._poller.stopping.set()
        self._thread.join(timeout=5)
        self._poller.join(timeout=5)
        self.site.intervals.close()


def _bound_socket(host: str, port: int) -> socket.socket:
    """Return a listening socket on ``host:port`` (port 0: a free one)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def start(source: RunSource, options: ServeOptions) -> WebServer:
    """Read ``source`` once (every bot page's figures worked out), then serve it as
    ``options`` say; return the running server."""
    board = Board(source)
    board.refresh()
    warm_bot_pages(board)
    gc.collect()  # the garbage of opening, collected now rather than in a first request
    definition = board.definition
    site = Site(board, IntervalFits(board.bots, definition.anchor, options.resamples))
    server = WebServer(site, options, _bound_socket(options.host, options.port))
    server.begin()
    return server
