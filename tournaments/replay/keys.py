"""Commands for the stepping viewer: single keys on a terminal, whole lines from a pipe."""

from __future__ import annotations

import sys
import termios
import tty
from collections.abc import Callable, Iterator
from typing import TextIO

ESCAPES = {"[C": "n", "[B": "n", "[D": "p", "[A": "p", "[H": "s", "[F": "e"}
"""Arrow, Home and End keys (after the escape character) and the commands they mean."""


def read_key(stream: TextIO) -> str:
    """Read one key press from a terminal in raw mode; arrows become ``n``/``p``."""
    descriptor = stream.fileno()
    saved = termios.tcgetattr(descriptor)
    try:
        tty.setraw(descriptor, termios.TCSANOW)
        key = stream.read(1)
        if key == "\x1b":
            key = ESCAPES.get(stream.read(2), "")
    finally:
        termios.tcsetattr(descriptor, termios.TCSADRAIN, saved)
    return "q" if key in ("\x03", "\x04") else key


def commands(stream: TextIO | None = None, ask: Callable[[str], str] = input) -> Iterator[str]:
    """Yield viewer commands: key presses on a terminal (``g`` asks for a number), else lines.

    A pipe that runs dry ends with ``q``, so a scripted session always finishes.
    """
    source = sys.stdin if stream is None else stream
    if source.isatty():
        while True:
            key = read_key(source)
            yield f"g {ask('go to position: ')}" if key == "g" else key
    yield from source
    yield "q"
