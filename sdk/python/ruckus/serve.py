"""Serve a Bot over gRPC: ``ruckus.run(bot)`` listens where the harness says.

That is ``--port N`` when given, else ``$RUCKUS_ADDRESS`` (``unix:/path``: a Unix socket, as
inside Ruckus's ``strict`` sandbox, which has no network), else ``127.0.0.1:$RUCKUS_PORT``.
A bot that others reach over a network serves TLS with ``RUCKUS_TLS_CERT`` and
``RUCKUS_TLS_KEY`` and checks a bearer token with ``RUCKUS_TOKEN`` (see :mod:`ruckus.auth`).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import traceback
from collections.abc import Iterator, Sequence
from concurrent import futures
from typing import Any

import grpc

from ruckus import auth
from ruckus.bot import Bot
from ruckus.limits import CHANNEL_OPTIONS
from ruckus.v1 import bot_pb2, bot_pb2_grpc

PORT_VARIABLE = "RUCKUS_PORT"
ADDRESS_VARIABLE = "RUCKUS_ADDRESS"
MAX_CONCURRENT_MATCHES = 64


class BotService(bot_pb2_grpc.BotServicer):
    """The gRPC ``Bot`` service around a :class:`Bot`."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def Describe(self, request: bot_pb2.DescribeRequest, context: Any) -> bot_pb2.BotInfo:
        """Answer who the bot is."""
        return self.bot.info()

    def Play(
        self, requests: Iterator[bot_pb2.RefereeMessage], context: Any
    ) -> Iterator[bot_pb2.BotMessage]:
        """Answer each DecisionRequest of one match with one Decision.

        An exception in the bot's code ends this match's stream only: its traceback goes to
        stderr (the harness keeps the bot's output and quotes its last lines in the fault), and
        the stream's status names the exception and where it was raised.
        """
        for message in requests:
            kind = message.WhichOneof("kind")
            try:
                if kind == "start":
                    self.bot.start(message.start)
                elif kind == "decision":
                    request = message.decision
                    index = self.bot.decide(request)
                    decision = bot_pb2.Decision(decision_id=request.decision_id, action_index=index)
                    yield bot_pb2.BotMessage(decision=decision)
                elif kind == "end":
                    self.bot.end(message.end)
                    return
            except Exception as error:
                context.abort(grpc.StatusCode.UNKNOWN, self._report(error))

    def _report(self, error: Exception) -> str:
        """Print ``error``'s traceback to stderr; return one line naming it and its place."""
        traceback.print_exc(file=sys.stderr)
        sys.stderr.flush()
        frames = traceback.extract_tb(error.__traceback__)
        place = f" at {frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name}"
        summary = f"{type(error).__name__}: {error}"
        return f"{self.bot.name} raised {summary}{place if frames else ''}"[:1000]


def serve_at(
    bot: Bot,
    address: str,
    credentials: grpc.ServerCredentials | None = None,
    interceptors: Sequence[grpc.ServerInterceptor] = (),
) -> tuple[grpc.Server, int]:
    """Start serving ``bot`` at ``address`` (``host:port`` or ``unix:/path``), over TLS when
    ``credentials`` are given, every call passing ``interceptors`` first.

    Return (server, port); the port is 0 for a Unix socket.
    """
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=MAX_CONCURRENT_MATCHES + 4),
        options=list(CHANNEL_OPTIONS),
        interceptors=list(interceptors),
    )
    bot_pb2_grpc.add_BotServicer_to_server(BotService(bot), server)  # type: ignore[no-untyped-call]
    if credentials is None:
        bound = server.add_insecure_port(address)
    else:
        bound = server.add_secure_port(address, credentials)
    if bound == 0 and not address.startswith("unix:"):
        raise OSError(f"cannot listen on {address}")
    server.start()
    return server, bound


def serve(bot: Bot, port: int, host: str = "127.0.0.1") -> tuple[grpc.Server, int]:
    """Start serving ``bot`` on ``host:port`` (0 picks a free port); return (server, port)."""
    return serve_at(bot, f"{host}:{port}")


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Serve a Ruckus bot.")
    parser.add_argument("--port", type=int, default=None, help=f"port (default ${PORT_VARIABLE})")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    args, _ = parser.parse_known_args(argv)
    return args


def listen_address(args: argparse.Namespace) -> str | None:
    """Return where to listen: ``--port``, else ``$RUCKUS_ADDRESS``, else ``$RUCKUS_PORT``."""
    if args.port is None and os.environ.get(ADDRESS_VARIABLE):
        return os.environ[ADDRESS_VARIABLE]
    port = args.port if args.port is not None else os.environ.get(PORT_VARIABLE)
    return None if port is None else f"{args.host}:{int(port)}"


def run(bot: Bot, argv: Sequence[str] | None = None) -> None:
    """Serve ``bot`` until SIGTERM or SIGINT at :func:`listen_address`, with the TLS and token
    that the environment asks for (:func:`ruckus.auth.from_environment`)."""
    args = _parse_args(argv)
    address = listen_address(args)
    if address is None:
        sys.exit(
            f"{bot.name}: no address; pass --port N or set {ADDRESS_VARIABLE} or {PORT_VARIABLE}"
        )
    try:
        credentials, interceptors = auth.from_environment(os.environ)
    except (OSError, ValueError) as error:
        sys.exit(f"{bot.name}: {error}")
    try:
        server, bound = serve_at(bot, address, credentials, interceptors)
    except (OSError, RuntimeError) as error:
        sys.exit(f"{bot.name}: cannot listen on {address}: {error}")
    where = address if address.startswith("unix:") else f"{address.rpartition(':')[0]}:{bound}"
    doors = ", ".join(name for name, on in (("TLS", credentials), ("token", interceptors)) if on)
    locked = f" ({doors})" if doors else ""
    print(f"{bot.name} listening on {where}{locked}", file=sys.stderr, flush=True)
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    while not stop.wait(timeout=1.0):
        pass
    server.stop(grace=1.0).wait(timeout=2.0)
