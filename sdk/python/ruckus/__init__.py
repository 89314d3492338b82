"""The Ruckus bot SDK: subclass :class:`Bot`, write ``choose``, serve it with :func:`run`."""

from ruckus.bot import Bot, game_data, game_message, struct_data, whole_numbers
from ruckus.limits import MAX_MESSAGE_BYTES
from ruckus.serve import run, serve

__all__ = [
    "MAX_MESSAGE_BYTES",
    "Bot",
    "game_data",
    "game_message",
    "run",
    "serve",
    "struct_data",
    "whole_numbers",
]
