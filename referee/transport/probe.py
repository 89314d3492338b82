"""One look at a bot at an address: does it answer ``Describe`` now, and let the referee in?

:func:`describe` hands back the bot's ``BotInfo`` (what a tournament's preflight checks);
:func:`probe` only says what went wrong. :func:`refused_at_the_door` tells a failure that
waiting will not change (nothing listens, a refused handshake or token) from one that may pass.
"""

from __future__ import annotations

import grpc
from ruckus.limits import CHANNEL_OPTIONS
from ruckus.v1 import bot_pb2

from referee.transport.security import ClientSecurity
from referee.transport.self_report import printable_info

PROBE_SECONDS = 1.0
"""How long a look at a bot that should already be running may take."""
DETAIL_CHARS = 300
FINAL_REFUSALS = (
    "handshake",
    "certificate",
    "ssl",
    "unauthenticated",
    "connection refused",
    "connection reset",
    "socket closed",
)
"""Words of gRPC's account of a failed connection that waiting will not change."""
TLS_WORDS = ("certificate", "ssl", "handshake", "verification")
"""Words of gRPC's account of a failed TLS handshake."""


def describe(
    address: str, security: ClientSecurity | None, timeout: float = PROBE_SECONDS
) -> bot_pb2.BotInfo | str:
    """Call ``Describe`` once on ``address`` without waiting for the bot to come up.

    Return the bot's ``BotInfo`` when it answers within ``timeout`` seconds, else gRPC's account
    of what went wrong: nothing listening, a TLS handshake that failed (an untrusted
    certificate), or a refused token.
    """
    if security is None:
        channel = grpc.insecure_channel(address, options=list(CHANNEL_OPTIONS))
    else:
        channel = security.channel(address, CHANNEL_OPTIONS)
    with channel:
        call = channel.unary_unary(
            "/ruckus.v1.Bot/Describe",
            request_serializer=bot_pb2.DescribeRequest.SerializeToString,
            response_deserializer=bot_pb2.BotInfo.FromString,
        )
        try:
            info: bot_pb2.BotInfo = call(bot_pb2.DescribeRequest(), timeout=timeout)
        except grpc.RpcError as error:
            reason = f"{error.code().name}: {error.details()}"[:DETAIL_CHARS]
            return reason + _hint(address, security, reason)
    return printable_info(info)


def _hint(address: str, security: ClientSecurity | None, reason: str) -> str:
    """Return what a refused connection most likely means, naming ``address``: a certificate
    that does not name the host, or a TLS bot called in plaintext; else nothing."""
    lowered = reason.lower()
    host = address.rpartition(":")[0].strip("[]")
    if security is not None and security.tls and any(word in lowered for word in TLS_WORDS):
        kind = "IP" if host.replace(".", "").isdigit() or ":" in host else "DNS"
        return (
            f" (the TLS handshake with {address} failed: the bot's certificate must be signed "
            f"by the CA you trust and name {host} in its subjectAltName, {kind}:{host})"
        )
    if (security is None or not security.tls) and "socket closed" in lowered:
        return f" (the bot at {address} may serve TLS: call it as grpcs://{address})"
    return ""


def probe(
    address: str, security: ClientSecurity | None, timeout: float = PROBE_SECONDS
) -> str | None:
    """Return None when the bot at ``address`` answers ``Describe`` within ``timeout`` seconds,
    else gRPC's account of what went wrong (see :func:`describe`)."""
    answer = describe(address, security, timeout)
    return answer if isinstance(answer, str) else None


def refused_at_the_door(reason: str) -> bool:
    """Whether a probe's failure is final: nothing listens at the address, or the bot refused
    the TLS handshake or the token (a bot at an address should already be running)."""
    return any(word in reason.lower() for word in FINAL_REFUSALS)
