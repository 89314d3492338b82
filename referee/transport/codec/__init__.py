"""Per-game codecs between engine dicts and typed protocol messages, looked up by game name."""

from __future__ import annotations

import importlib

from referee.transport.codec.game_codec import GameCodec

_CODEC_MODULES = {
    "pilfer": "referee.transport.codec.pilfer",
    "wabbit": "referee.transport.codec.wabbit",
}


def codec_for(game: str) -> GameCodec:
    """Return the codec of ``game``; raise KeyError if the game has none."""
    try:
        module = importlib.import_module(_CODEC_MODULES[game])
    except KeyError:
        raise KeyError(f"no protocol codec for game {game!r}") from None
    codec: GameCodec = module.CODEC
    return codec
