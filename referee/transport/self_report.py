"""What a bot says of itself (``Describe``'s BotInfo), made safe to print and to log.

A bot's name, version, author and language reach terminals, logs, reports and web pages. A
bot could put newlines, terminal escapes or bidirectional overrides in them to forge lines of
a report or hide its own; so every character of Unicode's "other" categories (controls,
formats, surrogates, private use, unassigned) becomes ``?``, and each field is cut to
:data:`MAX_CHARS` characters.
"""

from __future__ import annotations

import unicodedata

from ruckus.v1 import bot_pb2

MAX_CHARS = 64
"""The longest name, version, author or language kept of a bot's own account."""
_FIELDS = ("name", "version", "author", "language")


def printable(text: str) -> str:
    """Return ``text`` with every control or format character as ``?``, cut to the limit."""
    shown = "".join("?" if unicodedata.category(char)[0] == "C" else char for char in text)
    return shown if len(shown) <= MAX_CHARS else shown[: MAX_CHARS - 1] + "…"


def printable_info(info: bot_pb2.BotInfo) -> bot_pb2.BotInfo:
    """Return a copy of ``info`` whose name, version, author and language are printable."""
    clean = bot_pb2.BotInfo()
    clean.CopyFrom(info)
    for field in _FIELDS:
        setattr(clean, field, printable(getattr(info, field)))
    return clean
