"""The Wabbit codec: engine dicts <-> ``Wabbit*`` messages (see proto/ruckus/v1/wabbit.proto).

Shapes the schema cannot mirror directly, and how they travel:

- lists of lists (the static map's ``terrain``, an attack's ``rolls``) become lists of
  ``WabbitTerrainRow {cells}`` / ``WabbitRoll {dice}``;
- the static map's ``config`` travels as a ``google.protobuf.Struct`` (whose numbers are
  doubles), so new engine parameters need no schema change;
- an event's ``building`` is a building id (str) except in ``card_played``, where the engine
  writes a building number (int): that travels as ``building_index``;
- an event's ``cards`` is the list drawn, except in ``reshuffle``, where the engine writes a
  count (int): that travels as ``card_count``.
"""

from __future__ import annotations

from google.protobuf import struct_pb2
from ruckus import whole_numbers

import referee.games.wabbit as wabbit_engine
from referee.transport.codec.game_codec import GameCodec, JsonDict

_RENAMED_INTS = (("building", "building_index"), ("cards", "card_count"))


def _struct(values: JsonDict) -> struct_pb2.Struct:
    struct = struct_pb2.Struct()
    struct.update(values)
    return struct


def encode_fix(data: JsonDict) -> JsonDict:
    """Turn an engine dict into the message's JSON shape (the config becomes a Struct)."""
    result = dict(data)
    if isinstance(result.get("config"), dict):
        result["config"] = _struct(result["config"])
    if "terrain" in result:
        result["terrain"] = [{"cells": row} for row in result["terrain"]]
    attack = result.get("attack")
    if isinstance(attack, dict):
        result["attack"] = {**attack, "rolls": [{"dice": roll} for roll in attack["rolls"]]}
    for engine_key, wire_key in _RENAMED_INTS:
        if isinstance(result.get(engine_key), int):
            result[wire_key] = result.pop(engine_key)
    return result


def decode_fix(data: JsonDict) -> JsonDict:
    """Turn a decoded message back into the engine's dict shape."""
    result = dict(data)
    if isinstance(result.get("config"), dict):
        result["config"] = whole_numbers(result["config"])
    if "terrain" in result:
        result["terrain"] = [row["cells"] for row in result["terrain"]]
    attack = result.get("attack")
    if isinstance(attack, dict):
        result["attack"] = {**attack, "rolls": [roll["dice"] for roll in attack["rolls"]]}
    for engine_key, wire_key in _RENAMED_INTS:
        if wire_key in result:
            result[engine_key] = result.pop(wire_key)
    return result


CODEC = GameCodec(
    field=wabbit_engine.GAME.spec.name,
    encode_fix=encode_fix,
    decode_fix=decode_fix,
    shared_lists=("items", "fields", "buildings", "discard_pile"),
)
