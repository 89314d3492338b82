"""TLS and bearer tokens on the referee's gRPC, in both directions.

**Serving** (``ruckus referee serve``): TLS from a certificate and key (and, for mutual TLS, a
client CA whose certificates every caller must present), and a bearer token that every call,
health checking and reflection included, must carry as ``authorization: Bearer <token>``
(:class:`ruckus.auth.TokenInterceptor`, a constant-time comparison). A service bound to a
host other than loopback without both refuses to start unless told ``--insecure``.

**Calling bots**: a ``grpcs://`` bot is reached over TLS, trusting the CA in ``ca`` (default:
the system's roots), presenting ``client_cert``/``client_key`` when given, and sending the token
held by the environment variable named ``token_env``. A ``grpc://`` bot stays plaintext; a token
may go to one only on a loopback host, where it never crosses a network.

:class:`ClientSecurity` is plain data (paths and a variable's name, never the token), so it can
travel to a tournament's worker processes; the token is read where the channel is made.
"""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc
from ruckus.auth import TOKEN_VARIABLE, TokenInterceptor, read_pem, server_credentials

ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
"""What a ``token_env`` must look like: the name of an environment variable."""


class SecurityError(ValueError):
    """A TLS or token setting that cannot be used; the message says which and why."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 in brackets or not) is this machine only."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def split_host(address: str) -> str:
    """Return the host part of ``host:port``."""
    return address.rpartition(":")[0]


def read_token_file(path: Path) -> str:
    """Return the token in ``path`` (surrounding whitespace and the final newline dropped)."""
    try:
        token = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as error:
        raise SecurityError(f"cannot read the token file {path}: {error}") from None
    if not token:
        raise SecurityError(f"the token file {path} is empty")
    return token


def server_token(token_file: Path | None, environ: Mapping[str, str]) -> str | None:
    """Return the service's token: from ``token_file``, else ``$RUCKUS_TOKEN``, else None."""
    if token_file is not None:
        return read_token_file(token_file)
    return environ.get(TOKEN_VARIABLE) or None


@dataclass(frozen=True)
class ServerSecurity:
    """What a server binds with: TLS credentials (None: plaintext) and call interceptors."""

    credentials: grpc.ServerCredentials | None = None
    interceptors: tuple[grpc.ServerInterceptor, ...] = ()

    @property
    def tls(self) -> bool:
        """Whether the server speaks TLS."""
        return self.credentials is not None

    @property
    def token(self) -> bool:
        """Whether every call needs a bearer token."""
        return bool(self.interceptors)


def server_security(
    tls_cert: Path | None,
    tls_key: Path | None,
    client_ca: Path | None = None,
    token: str | None = None,
) -> ServerSecurity:
    """Load the server's TLS files and token into credentials and an interceptor."""
    if (tls_cert is None) != (tls_key is None):
        raise SecurityError("give both --tls-cert and --tls-key, or neither")
    if client_ca is not None and tls_cert is None:
        raise SecurityError("--client-ca (mutual TLS) needs --tls-cert and --tls-key")
    credentials = None
    if tls_cert is not None and tls_key is not None:
        try:
            credentials = server_credentials(tls_cert, tls_key, client_ca)
        except OSError as error:
            raise SecurityError(str(error)) from None
    interceptors = (TokenInterceptor(token),) if token else ()
    return ServerSecurity(credentials, interceptors)


def check_bind(host: str, security: ServerSecurity, insecure: bool) -> str | None:
    """Say whether a server may listen on ``host`` with ``security``.

    Loopback is always allowed. Any other host needs TLS and a token; without them the bind is
    refused (SecurityError) unless ``insecure``, and then the warning line to print is returned.
    """
    if is_loopback(host) or (security.tls and security.token):
        return None
    missing = " and ".join(
        what
        for what, present in (("TLS", security.tls), ("a token", security.token))
        if not present
    )
    if not insecure:
        raise SecurityError(
            f"refusing to listen on {host} without {missing}: anyone who reaches it could use "
            "it; give --tls-cert, --tls-key and --token-file (or RUCKUS_TOKEN), or --insecure"
        )
    return f"warning: listening on {host} without {missing} (--insecure): anyone can call it"


@dataclass(frozen=True)
class ClientSecurity:
    """How the referee reaches one bot: TLS or not, the CA to trust (None: the system's
    roots), the NAME of the variable holding its token, and a client certificate."""

    tls: bool
    ca: str | None = None
    token_env: str | None = None
    client_cert: str | None = None
    client_key: str | None = None

    def check(self, address: str) -> None:
        """Raise SecurityError unless a channel to ``address`` can be made as asked: files
        readable, the token's variable set, no token in the clear off loopback."""
        if not self.tls:
            if self.ca or self.client_cert or self.client_key:
                raise SecurityError("a CA or a client certificate needs a grpcs:// address")
            if self.token_env and not is_loopback(split_host(address)):
                raise SecurityError(
                    f"a token to {address} over grpc:// would cross the network in the clear; "
                    "use grpcs:// (plaintext with a token is for loopback hosts only)"
                )
        if (self.client_cert is None) != (self.client_key is None):
            raise SecurityError("give both a client certificate and its key, or neither")
        self.credentials()

    def token(self) -> str | None:
        """Return the token from the environment (None without ``token_env``)."""
        if self.token_env is None:
            return None
        if not ENV_NAME.match(self.token_env):
            raise SecurityError(f"{self.token_env!r} is not the name of an environment variable")
        value = os.environ.get(self.token_env)
        if not value:
            raise SecurityError(f"the environment variable {self.token_env} (the token) is not set")
        return value

    def credentials(self) -> grpc.ChannelCredentials:
        """Return the channel's credentials: TLS or loopback-only plaintext, plus the token."""
        try:
            channel = self._transport()
        except OSError as error:
            raise SecurityError(str(error)) from None
        token = self.token()
        if token is None:
            return channel
        return grpc.composite_channel_credentials(
            channel, grpc.access_token_call_credentials(token)
        )

    def _transport(self) -> grpc.ChannelCredentials:
        """Return TLS credentials from the PEM files, or local (loopback plaintext) ones."""
        if not self.tls:
            return grpc.local_channel_credentials(grpc.LocalConnectionType.LOCAL_TCP)
        return grpc.ssl_channel_credentials(
            root_certificates=read_pem(self.ca, "CA") if self.ca else None,
            private_key=read_pem(self.client_key, "client key") if self.client_key else None,
            certificate_chain=(
                read_pem(self.client_cert, "client certificate") if self.client_cert else None
            ),
        )

    def channel(self, address: str, options: Sequence[tuple[str, int]]) -> grpc.Channel:
        """Open a channel to ``address`` (``host:port``) with these credentials."""
        return grpc.secure_channel(address, self.credentials(), options=list(options))
