"""The Referee gRPC service: list games, run a match and stream it, fetch a match log."""

from __future__ import annotations

import queue
import re
import threading
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from ruckus.limits import CHANNEL_OPTIONS
from ruckus.v1 import bot_pb2, referee_pb2, referee_pb2_grpc

from referee.games import GAME_NAMES, get_game
from referee.games.base import ConfigError
from referee.match import Clocks, FaultPolicy, MatchSetup, run_match
from referee.match.player import DecisionRecord, JsonDict
from referee.matchlog import LogWriter
from referee.sandbox import Sandbox
from referee.transport.bots import open_players, parse_bot
from referee.transport.codec import codec_for
from referee.transport.results import match_event_result, step_message

SERVICE_NAME = "ruckus.v1.Referee"
MATCH_ID = re.compile(r"^[0-9a-f]{32}$")
_POLICY_KINDS = {
    referee_pb2.FaultPolicy.KIND_UNSPECIFIED: "forfeit",
    referee_pb2.FaultPolicy.KIND_FORFEIT: "forfeit",
    referee_pb2.FaultPolicy.KIND_DEFAULT_ACTION: "default-action",
}


class MatchCancelled(Exception):
    """The caller of RunMatch went away; the match stops at its next decision."""


class _Stream:
    """A MatchObserver that turns match progress into MatchEvent messages on a queue."""

    def __init__(self, game: str) -> None:
        self.codec = codec_for(game)
        self.events: queue.SimpleQueue[referee_pb2.MatchEvent | None] = queue.SimpleQueue()
        self.failure: str | None = None
        self.cancelled = threading.Event()

    def match_started(self, header: JsonDict) -> None:
        seats = [
            bot_pb2.BotInfo(
                name=seat["name"],
                version=seat["version"],
                author=seat["author"],
                language=seat["language"],
            )
            for seat in header["seats"]
        ]
        started = referee_pb2.MatchStarted(match_id=header["match_id"], seats=seats)
        self.events.put(referee_pb2.MatchEvent(started=started))

    def decision_taken(self, record: DecisionRecord, state: Any) -> None:
        if self.cancelled.is_set():
            raise MatchCancelled
        self.events.put(referee_pb2.MatchEvent(step=step_message(record, self.codec)))

    def match_ended(self, result: JsonDict) -> None:
        self.events.put(referee_pb2.MatchEvent(result=match_event_result(result)))


class RefereeService(referee_pb2_grpc.RefereeServicer):
    """Runs matches for callers; bots are sample names or grpc:// addresses (no commands).

    Sample bots run in ``sandbox``. A match's log (whose header holds the seed) is served only
    once the match has ended, so no bot of a running match can learn its future from it.
    """

    def __init__(self, log_dir: Path, sandbox: Sandbox | None = None) -> None:
        self.log_dir = log_dir
        self.sandbox = sandbox
        self._running: set[str] = set()
        self._running_lock = threading.Lock()

    def ListGames(self, request: Any, context: Any) -> referee_pb2.ListGamesResponse:
        """Return every game with its scenarios."""
        games = []
        for name in GAME_NAMES:
            spec = get_game(name).spec
            games.append(
                referee_pb2.GameInfo(
                    name=spec.name,
                    title=spec.title,
                    rules_version=spec.rules_version,
                    min_players=spec.min_players,
                    max_players=spec.max_players,
                    scenarios=list(spec.scenarios),
                    default_scenario=spec.default_scenario,
                )
            )
        return referee_pb2.ListGamesResponse(games=games)

    def _setup(self, request: Any) -> MatchSetup:
        game = get_game(request.game)
        if not game.spec.min_players <= len(request.bots) <= game.spec.max_players:
            spec = game.spec
            raise ValueError(f"{spec.name} needs {spec.min_players}-{spec.max_players} bots")
        clocks = Clocks(
            decision_ms=request.clocks.decision_ms or Clocks.decision_ms,
            bank_ms=request.clocks.bank_ms or Clocks.bank_ms,
        )
        policy = FaultPolicy(
            kind=_POLICY_KINDS[request.policy.kind],
            max_strikes=request.policy.max_strikes or FaultPolicy.max_strikes,
        )
        return MatchSetup.for_game(
            request.game, request.seed, request.scenario or None, clocks=clocks, policy=policy
        )

    def RunMatch(self, request: Any, context: Any) -> Iterator[referee_pb2.MatchEvent]:
        """Run one match, yielding its events as they happen."""
        try:
            setup = self._setup(request)
            specs = [parse_bot(bot, request.game, allow_commands=False) for bot in request.bots]
        except (KeyError, ValueError, ConfigError) as error:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(error))
        stream = _Stream(request.game)
        thread = threading.Thread(
            target=self._run, args=(setup, specs, stream), name="match", daemon=True
        )
        thread.start()
        try:
            while context.is_active():
                try:
                    event = stream.events.get(timeout=1.0)
                except queue.Empty:
                    continue
                if event is None:
                    break
                yield event
        finally:
            stream.cancelled.set()
        if stream.failure is not None:
            context.abort(grpc.StatusCode.INTERNAL, f"the match failed: {stream.failure}")

    def _run(self, setup: MatchSetup, specs: list[Any], stream: _Stream) -> None:
        match_dir = self.log_dir / setup.match_id
        with self._running_lock:
            self._running.add(setup.match_id)
        try:
            with (
                open_players(specs, setup.game.spec.name, match_dir, self.sandbox) as players,
                LogWriter(match_dir / "match.jsonl") as writer,
            ):
                run_match(setup, players, [writer, stream])
        except MatchCancelled:
            pass
        except Exception as error:  # reported to the caller as INTERNAL
            stream.failure = repr(error)
        finally:
            with self._running_lock:
                self._running.discard(setup.match_id)
            stream.events.put(None)

    def GetMatchLog(self, request: Any, context: Any) -> referee_pb2.MatchLog:
        """Return the log of a match this referee ran."""
        if not MATCH_ID.match(request.match_id):
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "bad match id")
        with self._running_lock:
            running = request.match_id in self._running
        if running:
            detail = f"match {request.match_id} is still running; its log is served once it ends"
            context.abort(grpc.StatusCode.FAILED_PRECONDITION, detail)
        path = self.log_dir / request.match_id / "match.jsonl"
        if not path.is_file():
            context.abort(grpc.StatusCode.NOT_FOUND, f"no log for match {request.match_id}")
        return referee_pb2.MatchLog(match_id=request.match_id, jsonl=path.read_bytes())


def serve(
    host: str, port: int, log_dir: Path, workers: int = 8, sandbox: Sandbox | None = None
) -> tuple[grpc.Server, int]:
    """Start a referee server with health checking and reflection; return (server, port).

    ``log_dir`` is made private to the harness's user (0700); bots run in ``sandbox``
    (default: the strongest that works here).
    """
    log_dir.mkdir(parents=True, exist_ok=True)
    log_dir.chmod(0o700)
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=workers + 2), options=list(CHANNEL_OPTIONS)
    )
    referee_pb2_grpc.add_RefereeServicer_to_server(  # type: ignore[no-untyped-call]
        RefereeService(log_dir, sandbox), server
    )
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in ("", SERVICE_NAME):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), server
    )
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    server.start()
    return server, bound
