"""The hash chain that links every log line to the one before it, and the MAC that seals it.

Every line carries ``prev`` (the previous line's hash) and ``hash`` (an unkeyed BLAKE2b hash of
the line's body), so anyone can check that no line was edited, added or removed since it was
written. A log written with a key also carries a ``mac`` on every line: a keyed BLAKE2b over
the same body, so only a holder of the key can write a line that checks.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

GENESIS = ""
KEY_BYTES = 32
"""The length of a log key."""
_SEAL_FIELDS = ("hash", "mac")


def canonical(value: Any) -> str:
    """Return the canonical JSON text of ``value`` (sorted keys, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def line_body(line: dict[str, Any]) -> dict[str, Any]:
    """Return what a line's hash and MAC cover: every key but ``hash`` and ``mac``."""
    return {key: value for key, value in line.items() if key not in _SEAL_FIELDS}


def _hash_of(text: bytes) -> str:
    return hashlib.blake2b(text, digest_size=16).hexdigest()


def _mac_of(text: bytes, key: bytes) -> str:
    return hashlib.blake2b(text, key=key, digest_size=32).hexdigest()


def line_hash(body: dict[str, Any]) -> str:
    """Return the hash of a log line's body (``prev`` included)."""
    return _hash_of(canonical(body).encode())


def line_mac(body: dict[str, Any], key: bytes) -> str:
    """Return the MAC of a log line's body (``prev`` included) under ``key``."""
    return _mac_of(canonical(body).encode(), key)


def seal(body: dict[str, Any], prev: str, key: bytes | None = None) -> dict[str, Any]:
    """Return ``body`` with ``prev`` and its own ``hash`` added, and its ``mac`` given a key
    (both over one canonical text of the body)."""
    line = {**body, "prev": prev}
    text = canonical(line_body(line)).encode()
    if key is not None:
        line["mac"] = _mac_of(text, key)
    line["hash"] = _hash_of(text)
    return line


def check_seal(line: dict[str, Any], prev: str) -> str | None:
    """Return a problem with ``line``'s link to ``prev``, or None if it is sound."""
    if line.get("prev") != prev:
        return "line does not link to the previous line"
    if line.get("hash") != line_hash(line_body(line)):
        return "line hash does not match its content"
    return None


def check_mac(line: dict[str, Any], key: bytes) -> str | None:
    """Return a problem with ``line``'s MAC under ``key``, or None if it is sound."""
    mac = line.get("mac")
    if not isinstance(mac, str):
        return "line has no MAC"
    if not hmac.compare_digest(mac, line_mac(line_body(line), key)):
        return "line MAC does not match (the line was not written with this run's key)"
    return None
