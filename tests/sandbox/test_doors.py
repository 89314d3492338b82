"""The referee's own doors: the channel a strict bot must use, and the referee service's logs."""

from __future__ import annotations

from pathlib import Path

import grpc
import pytest
from ruckus.v1 import referee_pb2, referee_pb2_grpc

from referee.match import FaultCode
from referee.sandbox import Level, Sandbox
from referee.transport.server import serve
from sample_bots.registry import sample_command

from .conftest import play, require

NODE_BOT = Path(__file__).resolve().parents[2] / "sample_bots" / "node" / "random_bot.js"
PORT_ONLY = f"cmd:sh -c 'exec node {NODE_BOT} --port $RUCKUS_PORT'"
"""A bot that ignores RUCKUS_ADDRESS and listens on 127.0.0.1:$RUCKUS_PORT, as old bots do."""


def test_a_bot_listening_only_on_its_port_under_strict_is_told_how_to_fix_it(tmp_path):
    result = play([PORT_ONLY, "random"], tmp_path / "out", Level.STRICT)
    (fault,) = result.faults
    assert fault.code is FaultCode.STARTUP_FAILED
    assert "listens on TCP port" in fault.detail
    assert "RUCKUS_ADDRESS" in fault.detail and "'basic'" in fault.detail


def test_the_same_bot_plays_under_basic(tmp_path):
    result = play([PORT_ONLY, "random"], tmp_path / "out", Level.BASIC)
    assert result.faults == () and result.decisions > 0


@pytest.mark.parametrize("level", [Level.STRICT, Level.BASIC], ids=lambda level: level.value)
def test_get_match_log_refuses_a_running_match_and_serves_it_once_ended(tmp_path: Path, level):
    require(level)
    server, port = serve(
        "127.0.0.1", 0, tmp_path / "logs", sandbox=Sandbox(level), samples=sample_command
    )
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = referee_pb2_grpc.RefereeStub(channel)
            request = referee_pb2.RunMatchRequest(game="pilfer", bots=["random", "random"], seed=4)
            events = stub.RunMatch(request, timeout=60)
            started = next(events).started
            with pytest.raises(grpc.RpcError) as refused:
                stub.GetMatchLog(referee_pb2.GetMatchLogRequest(match_id=started.match_id))
            assert refused.value.code() is grpc.StatusCode.FAILED_PRECONDITION
            assert "still running" in refused.value.details()
            assert list(events)[-1].WhichOneof("kind") == "result"
            log = stub.GetMatchLog(referee_pb2.GetMatchLogRequest(match_id=started.match_id))
            assert b'"seed":4' in log.jsonl
    finally:
        server.stop(None)
    assert (tmp_path / "logs").stat().st_mode & 0o777 == 0o700
