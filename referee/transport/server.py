"""The Referee gRPC service: list games, run a match and stream it, fetch a match log.

Every method decodes and checks its own request (:mod:`referee.transport.validation`), so a
bad request is INVALID_ARGUMENT (or PERMISSION_DENIED for a bot address the service may not
dial) and never gRPC's INTERNAL. Matches run on threads of their own, at most ``max_matches``
at once (:mod:`referee.transport.admission`); a cancelled call stops its match at once
(:mod:`referee.transport.service_match`).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health
from ruckus.limits import CHANNEL_OPTIONS
from ruckus.v1 import referee_pb2

from referee.games import game_names, get_game
from referee.sandbox import Sandbox
from referee.transport.admission import (
    STREAMS,
    MatchBoard,
    Slots,
    default_max_matches,
    pool_size,
    started_pool,
)
from referee.transport.allowlist import Allowlist
from referee.transport.bots import SampleResolver, no_samples
from referee.transport.handlers import streaming, unary
from referee.transport.service_match import ServiceMatch
from referee.transport.standard import health_handler, health_servicer, reflection_handlers
from referee.transport.validation import (
    RequestError,
    check_match_id,
    check_run_match,
    decode,
)

SERVICE_NAME = "ruckus.v1.Referee"
MATCH_ID_HEADER = "ruckus-match-id"
"""Initial metadata of an admitted RunMatch call: its match's id, before any event."""


def games_response() -> referee_pb2.ListGamesResponse:
    """Return every game with its scenarios."""
    games = []
    for name in game_names():
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


class RefereeService:
    """Runs matches for callers; bots are sample names or addresses ``allowlist`` permits.

    Sample bots run in ``sandbox``. A match's log (whose header holds the seed) is served only
    once the match has ended, so no bot of a running match can learn its future from it.
    """

    def __init__(
        self,
        log_dir: Path,
        sandbox: Sandbox | None,
        board: MatchBoard,
        allowlist: Allowlist,
        samples: SampleResolver,
    ) -> None:
        self.log_dir = log_dir
        self.sandbox = sandbox
        self.board = board
        self.allowlist = allowlist
        self.samples = samples
        self.games = games_response()

    def list_games(self, raw: bytes, context: Any) -> referee_pb2.ListGamesResponse:
        """Return every game with its scenarios."""
        decode(referee_pb2.ListGamesRequest, raw)
        return self.games

    def run_match(self, raw: bytes, context: Any) -> Iterator[referee_pb2.MatchEvent]:
        """Run one match, yielding its events as they happen; refuse it past the limit."""
        request = decode(referee_pb2.RunMatchRequest, raw)
        order = check_run_match(request, self.allowlist, self.samples)
        match = ServiceMatch(order, self.log_dir, self.sandbox, self.board)
        if not self.board.admit(match.match_id):
            limit = self.board.slots.limit
            detail = f"the referee runs {limit} matches at once, its limit; try again later"
            raise RequestError(grpc.StatusCode.RESOURCE_EXHAUSTED, detail)
        match.start()
        if not context.add_callback(match.hang_up):
            match.hang_up()  # the call had already ended
        context.send_initial_metadata(((MATCH_ID_HEADER, match.match_id),))
        yield from match.events()
        if match.failure is not None:
            context.abort(grpc.StatusCode.INTERNAL, f"the match failed: {match.failure}")

    def get_match_log(self, raw: bytes, context: Any) -> referee_pb2.MatchLog:
        """Return the log of a match this referee ran, once the match has ended."""
        match_id = check_match_id(decode(referee_pb2.GetMatchLogRequest, raw).match_id)
        if self.board.running(match_id):
            detail = f"match {match_id} is still running; its log is served once it ends"
            raise RequestError(grpc.StatusCode.FAILED_PRECONDITION, detail)
        path = self.log_dir / match_id / "match.jsonl"
        if not path.is_file():
            raise RequestError(grpc.StatusCode.NOT_FOUND, f"no log for match {match_id}")
        return referee_pb2.MatchLog(match_id=match_id, jsonl=path.read_bytes())

    def handler(self) -> grpc.GenericRpcHandler:
        """Return the ``ruckus.v1.Referee`` handler (requests reach the methods undecoded)."""
        return grpc.method_handlers_generic_handler(
            SERVICE_NAME,
            {
                "ListGames": grpc.unary_unary_rpc_method_handler(
                    unary(self.list_games),
                    response_serializer=referee_pb2.ListGamesResponse.SerializeToString,
                ),
                "RunMatch": grpc.unary_stream_rpc_method_handler(
                    streaming(self.run_match),
                    response_serializer=referee_pb2.MatchEvent.SerializeToString,
                ),
                "GetMatchLog": grpc.unary_unary_rpc_method_handler(
                    unary(self.get_match_log),
                    response_serializer=referee_pb2.MatchLog.SerializeToString,
                ),
            },
        )


def serve(
    host: str,
    port: int,
    log_dir: Path,
    sandbox: Sandbox | None = None,
    credentials: grpc.ServerCredentials | None = None,
    interceptors: Sequence[grpc.ServerInterceptor] = (),
    *,
    max_matches: int | None = None,
    allow_remote: Sequence[str] = (),
    samples: SampleResolver = no_samples,
) -> tuple[grpc.Server, int]:
    """Start a referee server with health checking and reflection; return (server, port).

    ``log_dir`` is made private to the harness's user (0700); bots run in ``sandbox``
    (default: the strongest that works here). With ``credentials`` the port speaks TLS; every
    call passes ``interceptors`` first (see :mod:`referee.transport.security`). At most
    ``max_matches`` matches run at once (default: one per core); bot addresses must be
    loopback or named by ``allow_remote`` (``HOST[:PORT]`` entries; a bad one is ValueError),
    or sample bots ``samples`` names (default: none).
    """
    board = MatchBoard(default_max_matches() if max_matches is None else max_matches)
    service = RefereeService(log_dir, sandbox, board, Allowlist(allow_remote), samples)
    log_dir.mkdir(parents=True, exist_ok=True)
    log_dir.chmod(0o700)
    streams = Slots(STREAMS)
    pool = started_pool(pool_size(board.slots.limit))
    server = grpc.server(
        pool,
        handlers=(
            service.handler(),
            health_handler(health_servicer([SERVICE_NAME]), streams),
            *reflection_handlers((SERVICE_NAME, health.SERVICE_NAME), streams),
        ),
        interceptors=list(interceptors),
        options=list(CHANNEL_OPTIONS),
    )
    weakref.finalize(server, pool.shutdown, wait=False)
    if credentials is None:
        bound = server.add_insecure_port(f"{host}:{port}")
    else:
        bound = server.add_secure_port(f"{host}:{port}", credentials)
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    server.start()
    return server, bound
