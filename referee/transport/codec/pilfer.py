"""The Pilfer codec: engine dicts <-> ``Pilfer*`` messages (see proto/ruckus/v1/pilfer.proto).

Shapes the schema cannot mirror directly, and how they travel:

- a scuffle fighter's ``id`` is an int for a critter, cat or dog and a str for a
  townsfolk; the message carries it as a string;
- an event's ``tokens`` is a list of token ids, except in ``setup``, where the engine
  writes a count (int): that travels as ``token_count``.
"""

from __future__ import annotations

from typing import Any

import referee.games.pilfer as pilfer_engine
from referee.transport.codec.game_codec import GameCodec, JsonDict

_FIGHTER_KEYS = ("attacker", "defender")
_SIDE_KEYS = ("attacker_side", "defender_side")
_SCUFFLE_KEYS = frozenset(_FIGHTER_KEYS + _SIDE_KEYS)


def _map_fighters(data: JsonDict, convert: Any) -> JsonDict:
    """Return ``data`` with ``convert`` applied to every scuffle fighter dict in it."""
    if _SCUFFLE_KEYS.isdisjoint(data):
        return data
    result = dict(data)
    for key in _FIGHTER_KEYS:
        if isinstance(result.get(key), dict):
            result[key] = convert(result[key])
    for key in _SIDE_KEYS:
        if isinstance(result.get(key), list):
            result[key] = [convert(fighter) for fighter in result[key]]
    return result


def _id_to_text(fighter: JsonDict) -> JsonDict:
    return {**fighter, "id": str(fighter["id"])}


def _id_from_text(fighter: JsonDict) -> JsonDict:
    if fighter.get("model") == "townsfolk":
        return fighter
    return {**fighter, "id": int(fighter["id"])}


def encode_fix(data: JsonDict) -> JsonDict:
    """Turn an engine dict into the message's JSON shape."""
    if isinstance(data.get("tokens"), int):
        data = {**data, "token_count": data["tokens"]}
        del data["tokens"]
    return _map_fighters(data, _id_to_text)


def decode_fix(data: JsonDict) -> JsonDict:
    """Turn a decoded message back into the engine's dict shape."""
    if "token_count" in data:
        data = {**data, "tokens": data["token_count"]}
        del data["token_count"]
    return _map_fighters(data, _id_from_text)


CODEC = GameCodec(
    field=pilfer_engine.GAME.spec.name,
    encode_fix=encode_fix,
    decode_fix=decode_fix,
    shared_lists=("townsfolk", "tokens", "sniffs"),
)
