"""The generic arm: a game without its own ``.proto`` sends its engine dicts as Structs.

Every number in a ``google.protobuf.Struct`` is a double, so decoding gives whole numbers back
as ints (engine dicts hold ints, strings, bools, None, lists and dicts; a game on this arm
keeps non-whole numbers out of them, or accepts them as floats).
"""

from __future__ import annotations

import functools

from ruckus import whole_numbers

from referee.transport.codec.game_codec import GameCodec, JsonDict

GENERIC_FIELD = "generic"


def _encode(data: JsonDict) -> JsonDict:
    """Return ``data`` unchanged: the Struct constructor takes a JSON dict as it is."""
    return data


def _decode(data: JsonDict) -> JsonDict:
    """Return a decoded Struct with its whole numbers as ints."""
    result: JsonDict = whole_numbers(data)
    return result


@functools.cache
def generic_codec() -> GameCodec:
    """Return the codec of the generic arm (one for every game on it)."""
    return GameCodec(field=GENERIC_FIELD, encode_fix=_encode, decode_fix=_decode)
