"""The Ruckus bot SDK: subclass :class:`Bot`, write ``choose``, serve it with :func:`run`.

gRPC's own log lines (a refused handshake, say) are silenced on stderr unless
``GRPC_VERBOSITY`` says otherwise: a bot reports what matters itself, and the referee
classifies every failure it sees.
"""

import os

os.environ.setdefault("GRPC_VERBOSITY", "NONE")  # before gRPC starts, which reads it once

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
