"""Which bot addresses the referee service may dial: loopback, and the hosts it was told to allow.

A caller of ``RunMatch`` names its bots, so without a check it could make the referee connect
anywhere its network reaches. The service dials a ``host:port`` only when the host is loopback
(``127.0.0.0/8``, ``[::1]``, ``localhost``) or an entry of its allowlist (``--allow-remote
HOST[:PORT]``) names it: a host alone allows every port, ``HOST:PORT`` that port only. Hosts are
compared as written (names case-insensitively, IP addresses in their canonical form); nothing is
resolved, so a name that resolves elsewhere later changes nothing.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Sequence
from dataclasses import dataclass

from referee.transport.security import is_loopback

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
HOST_NAME = re.compile(rf"{_LABEL}(?:\.{_LABEL})*")
"""A DNS host name: dot-separated labels of letters, digits and inner hyphens."""
PORT = re.compile(r"[0-9]{1,5}")
MAX_HOST_CHARACTERS = 253


class AddressError(ValueError):
    """Text that is not a host and port (or, for an allowlist entry, a host and maybe a port)."""


@dataclass(frozen=True)
class Endpoint:
    """A host in canonical form (a lower-case name or an IP address) and a port, if one."""

    host: str
    port: int | None = None

    @property
    def loopback(self) -> bool:
        """Whether the host is this machine only."""
        return is_loopback(self.host)


def _host(text: str) -> str:
    """Return ``text`` as a canonical host; IPv6 addresses come in brackets."""
    if text.startswith("[") and text.endswith("]"):
        try:
            return str(ipaddress.IPv6Address(text[1:-1]))
        except ValueError:
            raise AddressError(f"{text} is not an IPv6 address") from None
    try:
        return str(ipaddress.IPv4Address(text))
    except ValueError:
        pass
    if len(text) > MAX_HOST_CHARACTERS or not HOST_NAME.fullmatch(text):
        raise AddressError(f"{text!r} is not a host name or IP address (IPv6 goes in brackets)")
    return text.lower()


def _port(text: str) -> int:
    """Return ``text`` as a port number, 1 to 65535."""
    if not PORT.fullmatch(text) or not 1 <= int(text) <= 65535:
        raise AddressError(f"port {text!r} is not a number from 1 to 65535")
    return int(text)


def parse_address(address: str) -> Endpoint:
    """Parse a bot's ``host:port``; raise AddressError if it is not one."""
    host, colon, port = address.rpartition(":")
    if not colon or not host:
        raise AddressError(f"{address!r} is not host:port")
    return Endpoint(_host(host), _port(port))


def parse_entry(entry: str) -> Endpoint:
    """Parse an allowlist entry, ``HOST`` or ``HOST:PORT`` (``[v6]``, ``[v6]:PORT`` or a bare
    IPv6 address); raise AddressError if it is neither."""
    if entry.count(":") == 1 or (entry.startswith("[") and not entry.endswith("]")):
        return parse_address(entry)
    if ":" in entry and not entry.startswith("["):
        entry = f"[{entry}]"
    return Endpoint(_host(entry))


class Allowlist:
    """The bot addresses a referee service may dial: loopback, and ``entries``."""

    def __init__(self, entries: Sequence[str] = ()) -> None:
        self.entries = tuple(parse_entry(entry) for entry in entries)

    def permits(self, endpoint: Endpoint) -> bool:
        """Whether the service may dial ``endpoint``."""
        return endpoint.loopback or any(
            entry.host == endpoint.host and entry.port in (None, endpoint.port)
            for entry in self.entries
        )
