"""Sample bots by name, each a command the harness runs as its own process.

A name is either a full name (``pilfer-random``) or a short one (``random``) that is
completed with the game's name. Add a bot by adding one entry to ``SAMPLE_BOTS``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent


def _python_module(module: str) -> tuple[str, ...]:
    return (sys.executable, "-m", module)


def _node_script(script: str) -> tuple[str, ...]:
    return (shutil.which("node") or "node", str(_HERE / "node" / script))


SAMPLE_BOTS: dict[str, tuple[str, ...]] = {
    "pilfer-random": _python_module("sample_bots.pilfer_random"),
    "wabbit-random": _python_module("sample_bots.wabbit_random"),
    "node-random": _node_script("random_bot.js"),
    "pilfer-greedy": _python_module("sample_bots.pilfer_greedy"),
    "pilfer-search": _python_module("sample_bots.pilfer_search"),
    "node-greedy": _node_script("greedy_bot.js"),
    "wabbit-greedy": _python_module("sample_bots.wabbit_greedy"),
    "wabbit-search": _python_module("sample_bots.wabbit_search"),
}
"""Full sample-bot name -> command line."""


def sample_names() -> list[str]:
    """Return every full sample-bot name."""
    return sorted(SAMPLE_BOTS)


def sample_command(name: str, game: str) -> tuple[str, ...]:
    """Return the command of sample bot ``name`` for ``game``; raise KeyError if unknown."""
    for candidate in (name, f"{game}-{name}"):
        if candidate in SAMPLE_BOTS:
            return SAMPLE_BOTS[candidate]
    known = ", ".join(sample_names())
    raise KeyError(f"unknown sample bot {name!r} for {game}; known: {known}")
