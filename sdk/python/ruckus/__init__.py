"""The Ruckus bot SDK: subclass :class:`Bot`, write ``choose``, serve it with :func:`run`."""

from ruckus.bot import Bot, game_message
from ruckus.limits import MAX_MESSAGE_BYTES
from ruckus.serve import run, serve

__all__ = ["MAX_MESSAGE_BYTES", "Bot", "game_message", "run", "serve"]
