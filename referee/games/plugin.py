"""The one record a game is to Ruckus: its engine, and where each layer finds its other parts.

A game ships a ``GamePlugin`` and names it in the ``ruckus.games`` entry-point group of its
package (``name = "module:PLUGIN"``); the built-in games register themselves the same way.
Every consumer asks :mod:`referee.games.registry`, never a list of games of its own.

The engine is an object (engines are pure standard library, so every layer may load it). The
other parts belong to higher layers, so the record names them by reference, ``"module:attribute"``,
and only the layer that uses a part imports it:

* ``codec`` -- a ``referee.transport.codec.GameCodec`` for a game with its own ``.proto`` arm;
  empty means the generic arm (``google.protobuf.Struct`` payloads; docs/protocol.md);
* ``terminal`` -- a ``tournaments.replay.views.TerminalView`` drawing the board in a terminal;
  empty means the generic view (the observation as key/value lines);
* ``viewer_js`` -- ``"package:file.js"``, a script for the HTML replay that registers the
  game's board drawer (docs/games.md); empty means the generic drawer;
* ``sample_bots`` -- short name -> Python module run as ``python -m module``;
* ``starters`` -- language -> the body of ``choose`` in a new bot project (``ruckus bot new``);
  a language not listed gets a random starter;
* ``docs`` -- where bot authors read about the game, optional: a URL, or ``"package:file"``
  for a file shipped in the game's package (``ruckus bot new`` shows its installed path); the
  built-in games name a path in Ruckus's source;
* ``golden`` -- ``"package:file.json"``, the game's golden perft counts and playout digests,
  which the conformance suite
  (``pytest --ruckus-game NAME``, docs/games.md) checks; a game without them fails it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.games.base import Game, GameSpec


@dataclass(frozen=True)
class GamePlugin:
    """Everything Ruckus needs to host one game (see the module docstring for each part)."""

    engine: Game[Any, Any]
    codec: str = ""
    terminal: str = ""
    viewer_js: str = ""
    sample_bots: Mapping[str, str] = field(default_factory=dict)
    starters: Mapping[str, str] = field(default_factory=dict)
    docs: str = ""
    golden: str = ""

    @property
    def spec(self) -> GameSpec:
        """The engine's spec (name, title, player counts, scenarios)."""
        return self.engine.spec

    @property
    def name(self) -> str:
        """The engine name games are asked for by (``pilfer``)."""
        return self.engine.spec.name
