"""One look at a bot at an address: does it answer ``Describe`` now, and let the referee in?"""

from __future__ import annotations

import grpc
from ruckus.limits import CHANNEL_OPTIONS
from ruckus.v1 import bot_pb2

from referee.transport.security import ClientSecurity

PROBE_SECONDS = 1.0
"""How long a look at a bot that should already be running may take."""
DETAIL_CHARS = 300


def probe(
    address: str, security: ClientSecurity | None, timeout: float = PROBE_SECONDS
) -> str | None:
    """Call ``Describe`` once on ``address`` without waiting for the bot to come up.

    Return None when it answers within ``timeout`` seconds, else gRPC's account of what went
    wrong: nothing listening, a TLS handshake that failed (an untrusted certificate), or a
    refused token.
    """
    if security is None:
        channel = grpc.insecure_channel(address, options=list(CHANNEL_OPTIONS))
    else:
        channel = security.channel(address, CHANNEL_OPTIONS)
    with channel:
        describe = channel.unary_unary(
            "/ruckus.v1.Bot/Describe",
            request_serializer=bot_pb2.DescribeRequest.SerializeToString,
            response_deserializer=bot_pb2.BotInfo.FromString,
        )
        try:
            describe(bot_pb2.DescribeRequest(), timeout=timeout)
        except grpc.RpcError as error:
            return f"{error.code().name}: {error.details()}"[:DETAIL_CHARS]
    return None
