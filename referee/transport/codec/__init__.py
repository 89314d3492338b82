"""Per-game codecs between engine dicts and protocol messages, looked up through the registry.

A game's plugin names its codec (a typed ``oneof`` arm of its own ``.proto``); a game that names
none travels on the generic arm, its dicts as ``google.protobuf.Struct`` (docs/protocol.md).
"""

from __future__ import annotations

import functools

from referee.games.registry import get_plugin, load_reference
from referee.transport.codec.game_codec import GameCodec
from referee.transport.codec.generic import generic_codec


@functools.cache
def codec_for(game: str) -> GameCodec:
    """Return the codec of ``game``; raise UnknownGame (a KeyError) if it is not installed."""
    reference = get_plugin(game).codec
    if not reference:
        return generic_codec()
    codec = load_reference(reference)
    if not isinstance(codec, GameCodec):
        raise TypeError(f"the codec of game {game!r} ({reference}) is not a GameCodec")
    return codec
