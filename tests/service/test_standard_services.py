"""Server reflection v1 and v1alpha, and health watches, which share a bounded set of streams.

The v1 and v1alpha reflection messages are the same field for field, so the v1alpha classes
encode and decode v1 calls here; the method paths are what differ.
"""

from __future__ import annotations

import time

import grpc
import pytest
from google.protobuf import descriptor_pb2
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection_pb2

from referee.transport.admission import STREAMS

from .conftest import Referee, wait_for

SERVICES = {
    "ruckus.v1.Referee",
    "grpc.health.v1.Health",
    "grpc.reflection.v1.ServerReflection",
    "grpc.reflection.v1alpha.ServerReflection",
}


def _reflect(referee: Referee, version: str, *requests: reflection_pb2.ServerReflectionRequest):
    info = referee.channel.stream_stream(
        f"/grpc.reflection.{version}.ServerReflection/ServerReflectionInfo",
        request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
        response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
    )
    return list(info(iter(requests), timeout=10))


@pytest.mark.parametrize("version", ["v1", "v1alpha"])
def test_reflection_lists_every_service(referee: Referee, version):
    (response,) = _reflect(
        referee, version, reflection_pb2.ServerReflectionRequest(list_services="")
    )
    assert {service.name for service in response.list_services_response.service} == SERVICES


@pytest.mark.parametrize("symbol", sorted(SERVICES))
def test_reflection_v1_describes_every_service_it_lists(referee: Referee, symbol):
    request = reflection_pb2.ServerReflectionRequest(file_containing_symbol=symbol)
    (response,) = _reflect(referee, "v1", request)
    assert response.WhichOneof("message_response") == "file_descriptor_response"
    files = [
        descriptor_pb2.FileDescriptorProto.FromString(raw)
        for raw in response.file_descriptor_response.file_descriptor_proto
    ]
    package, _, name = symbol.rpartition(".")
    assert any(f.package == package and name in {s.name for s in f.service} for f in files)


def test_reflection_v1_describes_its_own_messages_in_its_own_package(referee: Referee):
    request = reflection_pb2.ServerReflectionRequest(
        file_containing_symbol="grpc.reflection.v1.ServerReflection"
    )
    (response,) = _reflect(referee, "v1", request)
    raw = response.file_descriptor_response.file_descriptor_proto[0]
    proto = descriptor_pb2.FileDescriptorProto.FromString(raw)
    assert proto.name == "grpc/reflection/v1/reflection.proto"
    (method,) = proto.service[0].method
    assert method.input_type == ".grpc.reflection.v1.ServerReflectionRequest"
    assert method.output_type == ".grpc.reflection.v1.ServerReflectionResponse"


def test_watches_past_the_stream_limit_are_refused_and_checks_still_answer(referee: Referee):
    watch = referee.channel.unary_stream("/grpc.health.v1.Health/Watch")
    check = referee.unary("/grpc.health.v1.Health/Check")
    request = health_pb2.HealthCheckRequest().SerializeToString()
    watches = [watch(request, timeout=30) for _ in range(STREAMS)]
    try:
        for call in watches:
            first = health_pb2.HealthCheckResponse.FromString(next(call))
            assert first.status == health_pb2.HealthCheckResponse.SERVING
        with pytest.raises(grpc.RpcError) as caught:
            next(watch(request, timeout=10))
        assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        began = time.monotonic()
        check(request, timeout=10)
        assert time.monotonic() - began < 1.0  # not held behind the watches (10 s if it were)
    finally:
        for call in watches:
            call.cancel()
    assert wait_for(lambda: _watch_opens(watch, request), 5.0), "cancelled watches kept places"


def _watch_opens(watch, request: bytes) -> bool:
    call = watch(request, timeout=10)
    try:
        return health_pb2.HealthCheckResponse.FromString(next(call)).status == 1
    except grpc.RpcError as error:
        assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        return False
    finally:
        call.cancel()
