"""Every request is checked before anything runs; a bad one is INVALID_ARGUMENT naming its field."""

from __future__ import annotations

import grpc
import pytest
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection_pb2
from ruckus.v1 import common_pb2, referee_pb2

from referee.games import game_names

from .conftest import Referee

KIND = referee_pb2.FaultPolicy


def _refusal(referee: Referee, request: referee_pb2.RunMatchRequest) -> grpc.RpcError:
    call = referee.run_match()(request.SerializeToString(), timeout=20)
    with pytest.raises(grpc.RpcError) as caught:
        list(call)
    return caught.value


@pytest.mark.parametrize(
    ("fields", "detail"),
    [
        (
            {"clocks": common_pb2.Clocks(decision_ms=2**62)},
            "clocks.decision_ms: must be between 1 and 3600000, got 4611686018427387904",
        ),
        ({"clocks": common_pb2.Clocks(decision_ms=-1)}, "clocks.decision_ms: must be between"),
        ({"clocks": common_pb2.Clocks(bank_ms=-(2**63))}, "clocks.bank_ms: must be between"),
        ({"clocks": common_pb2.Clocks(bank_ms=86_400_001)}, "clocks.bank_ms: must be between"),
        ({"policy": KIND(kind=99)}, "policy.kind: unknown value 99; known: 0 (KIND_UNSPECIFIED)"),
        ({"policy": KIND(kind=-1)}, "policy.kind: unknown value -1"),
        ({"policy": KIND(max_strikes=-1)}, "policy.max_strikes: must be between 1 and 1000"),
        ({"policy": KIND(max_strikes=2**31 - 1)}, "policy.max_strikes: must be between"),
        ({"scenario": "moon"}, "scenario: unknown scenario 'moon' of pilfer; known: raid"),
        ({"game": "chess"}, f"game: unknown game 'chess'; known: {', '.join(game_names())}"),
        ({"game": "x" * 5000}, "... (5000 characters)"),
        ({"bots": ["random"] * 5}, "bots: pilfer needs 2-4 bots, got 5"),
        ({"bots": []}, "bots: pilfer needs 2-4 bots, got 0"),
        ({"bots": ["random", "y" * 301]}, "bots[1]: longer than 300 characters"),
        ({"bots": ["random", "nobody"]}, "bots[1]: unknown sample bot 'nobody'"),
        ({"bots": ["cmd:/bin/true", "random"]}, "bots[0]: cmd: bots are not allowed here"),
        ({"bots": ["random", "grpc://127.0.0.1:0"]}, "bots[1]: port '0' is not a number"),
        ({"bots": ["random", "grpc://127.0.0.1:65536"]}, "bots[1]: port '65536'"),
        ({"bots": ["random", "grpc://127.0.0.1:²"]}, "bots[1]:"),
        ({"bots": ["random", "grpc://unix:/tmp/x:1"]}, "bots[1]: 'unix:/tmp/x' is not a host"),
        ({"bots": ["random", "grpc://[::1:5"]}, "bots[1]:"),
    ],
)
def test_a_bad_run_match_field_is_invalid_argument_naming_it(referee: Referee, fields, detail):
    request = referee_pb2.RunMatchRequest(game="pilfer", bots=["random", "random"])
    for name, value in fields.items():
        if isinstance(value, list):
            del request.bots[:]
            request.bots.extend(value)
        elif name in ("clocks", "policy"):
            getattr(request, name).CopyFrom(value)
        else:
            setattr(request, name, value)
    error = _refusal(referee, request)
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert detail in error.details()


@pytest.mark.parametrize(
    "method",
    [
        "/ruckus.v1.Referee/ListGames",
        "/ruckus.v1.Referee/GetMatchLog",
        "/grpc.health.v1.Health/Check",
    ],
)
def test_bytes_that_are_not_the_message_are_invalid_argument(referee: Referee, method):
    with pytest.raises(grpc.RpcError) as caught:
        referee.unary(method)(b"\xff\xff\xff", timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "the request is not a" in caught.value.details()


def test_a_run_match_request_that_does_not_decode_is_invalid_argument(referee: Referee):
    call = referee.run_match()(b"\x0a\x05pil", timeout=10)  # a string cut short
    with pytest.raises(grpc.RpcError) as caught:
        list(call)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "ruckus.v1.RunMatchRequest" in caught.value.details()


def test_a_reflection_request_that_does_not_decode_is_invalid_argument(referee: Referee):
    info = referee.channel.stream_stream(
        "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo"
    )
    with pytest.raises(grpc.RpcError) as caught:
        list(info(iter([b"\x3a\x09grpc"]), timeout=10))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert reflection_pb2.ServerReflectionRequest.DESCRIPTOR.full_name in caught.value.details()


@pytest.mark.parametrize("match_id", ["../etc", "0" * 32 + "\n", "A" * 32, "0" * 31, "é" * 32])
def test_a_malformed_match_id_is_invalid_argument(referee: Referee, match_id):
    request = referee_pb2.GetMatchLogRequest(match_id=match_id).SerializeToString()
    with pytest.raises(grpc.RpcError) as caught:
        referee.unary("/ruckus.v1.Referee/GetMatchLog")(request, timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert caught.value.details().startswith("match_id: must be 32 lowercase hex digits")


def test_health_of_an_unknown_service_is_not_found(referee: Referee):
    request = health_pb2.HealthCheckRequest(service="nobody").SerializeToString()
    with pytest.raises(grpc.RpcError) as caught:
        referee.unary("/grpc.health.v1.Health/Check")(request, timeout=10)
    assert caught.value.code() == grpc.StatusCode.NOT_FOUND
