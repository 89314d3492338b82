"""Protocol Buffers framing for bytes already encoded: a message field as its tag, its length
and its bytes.

A message's encoding is the concatenation of its fields' encodings, and a repeated field's
elements each travel as a field of their own, so a request can be put together from parts
encoded once and kept (``GameCodec``): every parser reads the result as the message built
whole. This module frames such parts; protobuf's public API only serializes whole messages.
"""

from __future__ import annotations

from typing import Any

_LENGTH_DELIMITED = 2
"""The wire type of a message, a string or bytes field."""


def varint(value: int) -> bytes:
    """Return a non-negative ``value`` as a base-128 varint, low group first."""
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def field_number(message_type: Any, name: str) -> int:
    """Return the number of field ``name`` of a generated message class."""
    number: int = message_type.DESCRIPTOR.fields_by_name[name].number
    return number


def message_field(number: int, encoded: bytes) -> bytes:
    """Return the encoding of field ``number`` holding the message whose bytes are ``encoded``."""
    return varint(number << 3 | _LENGTH_DELIMITED) + varint(len(encoded)) + encoded
