"""The Referee service over real gRPC: games, a streamed match, its log, health, reflection."""

from __future__ import annotations

import time
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from ruckus.v1 import common_pb2, referee_pb2, referee_pb2_grpc

from referee.games import game_names
from referee.matchlog import read_log, verify
from referee.transport.server import serve
from sample_bots.registry import sample_command


@pytest.fixture
def referee(tmp_path: Path):
    server, port = serve("127.0.0.1", 0, tmp_path / "logs", samples=sample_command)
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    grpc.channel_ready_future(channel).result(timeout=10)
    yield channel
    channel.close()
    server.stop(grace=1).wait(timeout=5)


def test_list_games_names_every_installed_game_and_its_scenarios(referee):
    games = referee_pb2_grpc.RefereeStub(referee).ListGames(
        referee_pb2.ListGamesRequest(), timeout=10
    )
    by_name = {game.name: game for game in games.games}
    assert set(by_name) == set(game_names())
    assert by_name["pilfer"].default_scenario in by_name["pilfer"].scenarios
    assert by_name["wabbit"].min_players == 2


def test_run_match_streams_the_match_and_its_log_verifies(referee, tmp_path: Path):
    stub = referee_pb2_grpc.RefereeStub(referee)
    request = referee_pb2.RunMatchRequest(game="wabbit", seed=3, bots=["random", "wabbit-random"])
    events = list(stub.RunMatch(request, timeout=120))
    kinds = [event.WhichOneof("kind") for event in events]
    assert kinds[0] == "started" and kinds[-1] == "result"
    assert set(kinds[1:-1]) == {"step"}
    started, result = events[0].started, events[-1].result
    assert [seat.name for seat in started.seats] == ["wabbit-random"] * 2
    assert result.forfeited_seat == -1 and not result.faults
    steps = [event.step for event in events[1:-1]]
    assert [step.decision for step in steps] == list(range(len(steps)))
    assert any(step.events for step in steps)
    log = stub.GetMatchLog(referee_pb2.GetMatchLogRequest(match_id=started.match_id), timeout=10)
    path = tmp_path / "fetched.jsonl"
    path.write_bytes(log.jsonl)
    report = verify(path)
    assert report.ok and report.decisions == len(steps)


def test_a_cancelled_run_stops_its_match(referee, tmp_path: Path):
    stub = referee_pb2_grpc.RefereeStub(referee)
    call = stub.RunMatch(referee_pb2.RunMatchRequest(game="pilfer", bots=["random"] * 4))
    started = next(call).started
    next(call)
    call.cancel()
    log = tmp_path / "logs" / started.match_id / "match.jsonl"
    time.sleep(1.5)
    seen = len(read_log(log).decisions)
    time.sleep(1.0)
    cut = read_log(log)
    assert len(cut.decisions) == seen
    assert not cut.complete and cut.problems == []


def test_run_match_reports_a_bot_that_is_not_there(referee):
    stub = referee_pb2_grpc.RefereeStub(referee)
    request = referee_pb2.RunMatchRequest(
        game="pilfer", bots=["random", "grpc://127.0.0.1:9"], clocks=common_pb2.Clocks()
    )
    events = list(stub.RunMatch(request, timeout=60))
    result = events[-1].result
    assert result.forfeited_seat == 1
    assert result.faults[0].code == common_pb2.FAULT_CODE_STARTUP_FAILED


@pytest.mark.parametrize(
    ("game", "bots", "message"),
    [
        ("chess", ["random", "random"], "unknown game"),
        ("pilfer", ["random", "cmd:/bin/true"], "not allowed"),
        ("pilfer", ["random", "nobody"], "unknown sample bot"),
        ("wabbit", ["random"], "needs 2-4 bots"),
    ],
)
def test_run_match_rejects_bad_requests(referee, game, bots, message):
    stub = referee_pb2_grpc.RefereeStub(referee)
    with pytest.raises(grpc.RpcError) as caught:
        list(stub.RunMatch(referee_pb2.RunMatchRequest(game=game, bots=bots), timeout=30))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert message in caught.value.details()


def test_unknown_match_log_is_not_found(referee):
    stub = referee_pb2_grpc.RefereeStub(referee)
    with pytest.raises(grpc.RpcError) as caught:
        stub.GetMatchLog(referee_pb2.GetMatchLogRequest(match_id="0" * 32), timeout=10)
    assert caught.value.code() == grpc.StatusCode.NOT_FOUND
    with pytest.raises(grpc.RpcError) as caught:
        stub.GetMatchLog(referee_pb2.GetMatchLogRequest(match_id="../etc"), timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_health_and_reflection(referee):
    health = health_pb2_grpc.HealthStub(referee)
    status = health.Check(health_pb2.HealthCheckRequest(service="ruckus.v1.Referee"), timeout=10)
    assert status.status == health_pb2.HealthCheckResponse.SERVING
    stub = reflection_pb2_grpc.ServerReflectionStub(referee)
    request = reflection_pb2.ServerReflectionRequest(list_services="")
    (response,) = list(stub.ServerReflectionInfo(iter([request]), timeout=10))
    names = {service.name for service in response.list_services_response.service}
    assert "ruckus.v1.Referee" in names and "grpc.health.v1.Health" in names
