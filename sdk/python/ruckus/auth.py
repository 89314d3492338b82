"""Locked doors for a gRPC server: TLS from PEM files, and a bearer token checked on every call.

A bot started with ``RUCKUS_TLS_CERT`` and ``RUCKUS_TLS_KEY`` serves TLS (and, with
``RUCKUS_TLS_CLIENT_CA``, asks every caller for a certificate signed by that CA); with
``RUCKUS_TOKEN`` it refuses, with ``UNAUTHENTICATED``, every call whose metadata lacks
``authorization: Bearer <token>``. The referee's own service uses the same two pieces.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import grpc

AUTHORIZATION = "authorization"
"""The metadata key a caller puts its token under (gRPC keys are lower case)."""
BEARER = "Bearer "
TOKEN_VARIABLE = "RUCKUS_TOKEN"
CERT_VARIABLE = "RUCKUS_TLS_CERT"
KEY_VARIABLE = "RUCKUS_TLS_KEY"
CLIENT_CA_VARIABLE = "RUCKUS_TLS_CLIENT_CA"
REFUSAL = "this server needs metadata 'authorization: Bearer <token>' with its token"


def read_pem(path: str | Path, what: str) -> bytes:
    """Return the bytes of the PEM file at ``path``; raise OSError naming ``what`` it is."""
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise OSError(f"cannot read the {what} {path}: {error.strerror or error}") from None


def server_credentials(
    cert: str | Path, key: str | Path, client_ca: str | Path | None = None
) -> grpc.ServerCredentials:
    """Return TLS credentials from PEM files; with ``client_ca``, callers need a certificate
    signed by it (mutual TLS)."""
    pair = (read_pem(key, "TLS key"), read_pem(cert, "TLS certificate"))
    if client_ca is None:
        return grpc.ssl_server_credentials([pair])
    roots = read_pem(client_ca, "client CA")
    return grpc.ssl_server_credentials([pair], root_certificates=roots, require_client_auth=True)


def authorized(metadata: Sequence[tuple[str, Any]] | None, expected: bytes) -> bool:
    """Whether ``metadata`` holds exactly one ``authorization`` entry equal to ``expected``.

    The comparison takes the same time wherever the first wrong byte is.
    """
    values = [value for key, value in metadata or () if key == AUTHORIZATION]
    if len(values) != 1 or not isinstance(values[0], str):
        return False
    return hmac.compare_digest(values[0].encode(), expected)


def _refuse(request: Any, context: grpc.ServicerContext) -> Any:
    """Abort the call as UNAUTHENTICATED (a method handler's behaviour of any shape)."""
    context.abort(grpc.StatusCode.UNAUTHENTICATED, REFUSAL)


def _refusal(handler: grpc.RpcMethodHandler | None) -> grpc.RpcMethodHandler:
    """Return a handler of the same streaming shape as ``handler`` that refuses the call."""
    if handler is None or not (handler.request_streaming or handler.response_streaming):
        return grpc.unary_unary_rpc_method_handler(_refuse)
    if handler.request_streaming and handler.response_streaming:
        return grpc.stream_stream_rpc_method_handler(_refuse)
    if handler.request_streaming:
        return grpc.stream_unary_rpc_method_handler(_refuse)
    return grpc.unary_stream_rpc_method_handler(_refuse)


class TokenInterceptor(grpc.ServerInterceptor):  # type: ignore[misc]
    """Refuses every call (any method, health and reflection included) that does not carry
    ``authorization: Bearer <token>``."""

    def __init__(self, token: str) -> None:
        if not token:
            raise ValueError("an empty token would let anyone in")
        self._expected = (BEARER + token).encode()

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler | None:
        """Hand the call on when its token is right; otherwise refuse it."""
        handler = continuation(handler_call_details)
        if authorized(handler_call_details.invocation_metadata, self._expected):
            return handler
        return _refusal(handler)


def from_environment(
    environ: Mapping[str, str],
) -> tuple[grpc.ServerCredentials | None, tuple[grpc.ServerInterceptor, ...]]:
    """Return (TLS credentials or None, interceptors) as the ``RUCKUS_TLS_*`` and
    ``RUCKUS_TOKEN`` variables of ``environ`` ask; raise ValueError or OSError if they cannot
    be used."""
    cert, key = environ.get(CERT_VARIABLE), environ.get(KEY_VARIABLE)
    client_ca = environ.get(CLIENT_CA_VARIABLE) or None
    if bool(cert) != bool(key):
        raise ValueError(f"set both {CERT_VARIABLE} and {KEY_VARIABLE}, or neither")
    if client_ca and not cert:
        raise ValueError(f"{CLIENT_CA_VARIABLE} needs {CERT_VARIABLE} and {KEY_VARIABLE}")
    credentials = server_credentials(cert, key, client_ca) if cert and key else None
    token = environ.get(TOKEN_VARIABLE)
    return credentials, (TokenInterceptor(token),) if token else ()
