"""The hash chain that links every log line to the one before it."""

from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS = ""


def canonical(value: Any) -> str:
    """Return the canonical JSON text of ``value`` (sorted keys, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def line_hash(body: dict[str, Any]) -> str:
    """Return the hash of a log line's body (every key but ``hash``; ``prev`` included)."""
    return hashlib.blake2b(canonical(body).encode(), digest_size=16).hexdigest()


def seal(body: dict[str, Any], prev: str) -> dict[str, Any]:
    """Return ``body`` with ``prev`` and its own ``hash`` added."""
    line = {**body, "prev": prev}
    line["hash"] = line_hash(line)
    return line


def check_seal(line: dict[str, Any], prev: str) -> str | None:
    """Return a problem with ``line``'s link to ``prev``, or None if it is sound."""
    if line.get("prev") != prev:
        return "line does not link to the previous line"
    body = {key: value for key, value in line.items() if key != "hash"}
    if line.get("hash") != line_hash(body):
        return "line hash does not match its content"
    return None
