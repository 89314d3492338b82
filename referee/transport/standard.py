"""The standard services beside the Referee: health checking, and server reflection v1 and v1alpha.

Each decodes its own requests (bytes that are not the message are INVALID_ARGUMENT, never
gRPC's INTERNAL), and their long streams, health watches and reflection streams, share the
``streams`` slots (see :mod:`referee.transport.admission`).

grpcio-reflection serves only ``grpc.reflection.v1alpha``. The v1 service is the same protocol
under another package name, the same messages field for field, so one servicer answers both;
the v1 file is v1alpha's renamed, so that reflection can describe v1 itself too.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_health.v1 import health, health_pb2
from grpc_reflection.v1alpha import reflection, reflection_pb2

from referee.transport.admission import Slots, hold_stream
from referee.transport.handlers import streaming, unary
from referee.transport.validation import decode

REFLECTION_V1 = "grpc.reflection.v1.ServerReflection"
REFLECTION_V1ALPHA: str = reflection.SERVICE_NAME
REFLECTION_METHOD = "ServerReflectionInfo"
V1_FILE = "grpc/reflection/v1/reflection.proto"
V1_PACKAGE = "grpc.reflection.v1"


def health_servicer(services: Sequence[str]) -> health.HealthServicer:
    """Return a health servicer that reports the server and ``services`` as SERVING."""
    servicer = health.HealthServicer()
    for name in ("", *services):
        servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return servicer


def health_handler(servicer: health.HealthServicer, streams: Slots) -> grpc.GenericRpcHandler:
    """Return the ``grpc.health.v1.Health`` handler around ``servicer``."""

    def check(raw: bytes, context: Any) -> health_pb2.HealthCheckResponse:
        return servicer.Check(decode(health_pb2.HealthCheckRequest, raw), context)

    def watch(raw: bytes, context: Any) -> Iterator[health_pb2.HealthCheckResponse]:
        request = decode(health_pb2.HealthCheckRequest, raw)
        hold_stream(streams, context, "health watch and reflection")
        yield from servicer.Watch(request, context)

    serialize = health_pb2.HealthCheckResponse.SerializeToString
    return grpc.method_handlers_generic_handler(
        health.SERVICE_NAME,
        {
            "Check": grpc.unary_unary_rpc_method_handler(
                unary(check), response_serializer=serialize
            ),
            "Watch": grpc.unary_stream_rpc_method_handler(
                streaming(watch), response_serializer=serialize
            ),
        },
    )


def add_reflection_v1(pool: Any) -> None:
    """Add the v1 reflection file to ``pool`` (v1alpha's, renamed) unless it is there."""
    try:
        pool.FindFileByName(V1_FILE)
        return
    except KeyError:
        pass
    proto = descriptor_pb2.FileDescriptorProto()
    reflection_pb2.DESCRIPTOR.CopyToProto(proto)
    old, new = f".{proto.package}.", f".{V1_PACKAGE}."
    proto.name, proto.package = V1_FILE, V1_PACKAGE
    proto.ClearField("options")
    for message in proto.message_type:
        for field in message.field:
            if field.HasField("type_name"):
                field.type_name = field.type_name.replace(old, new)
    for method in proto.service[0].method:
        method.input_type = method.input_type.replace(old, new)
        method.output_type = method.output_type.replace(old, new)
    pool.AddSerializedFile(proto.SerializeToString())


def reflection_handlers(
    services: Sequence[str], streams: Slots
) -> tuple[grpc.GenericRpcHandler, ...]:
    """Return reflection v1 and v1alpha handlers listing ``services`` and themselves."""
    add_reflection_v1(descriptor_pool.Default())
    servicer = reflection.ReflectionServicer((*services, REFLECTION_V1, REFLECTION_V1ALPHA))

    def info(
        requests: Iterator[bytes], context: Any
    ) -> Iterator[reflection_pb2.ServerReflectionResponse]:
        hold_stream(streams, context, "health watch and reflection")
        decoded = (decode(reflection_pb2.ServerReflectionRequest, raw) for raw in requests)
        yield from servicer.ServerReflectionInfo(decoded, context)

    handler = grpc.stream_stream_rpc_method_handler(
        streaming(info),
        response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
    )
    return tuple(
        grpc.method_handlers_generic_handler(service, {REFLECTION_METHOD: handler})
        for service in (REFLECTION_V1, REFLECTION_V1ALPHA)
    )
