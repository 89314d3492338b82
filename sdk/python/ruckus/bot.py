"""The Bot base class: a bot author writes one method, ``choose``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruckus.v1 import bot_pb2


def game_message(wrapper: Any) -> Any:
    """Return the game-specific message inside a ``oneof game`` wrapper (e.g. an Observation)."""
    which = wrapper.WhichOneof("game")
    if which is None:
        raise ValueError(f"{type(wrapper).__name__} carries no game payload")
    return getattr(wrapper, which)


class Bot:
    """Base class of a bot. Override :meth:`choose`; the other hooks are optional.

    One bot object serves every match its process is asked to play, possibly several at
    once (one Play stream each), so keep per-match state keyed by ``match_id``.
    """

    name: str = "unnamed-bot"
    version: str = "0.1.0"
    author: str = ""
    language: str = "python"
    games: tuple[str, ...] = ("pilfer", "wabbit")

    def choose(self, observation: Any, actions: Sequence[bot_pb2.LegalAction]) -> int:
        """Return the index of the action to play.

        ``observation`` is the game's message (``PilferObservation`` or ``WabbitObservation``);
        each action has ``label`` (text) and ``action`` (a typed ``Action``; see
        :func:`game_message`).
        """
        raise NotImplementedError("a bot must override choose()")

    def decide(self, request: bot_pb2.DecisionRequest) -> int:
        """Answer a full decision request; override to see events and the time left."""
        return self.choose(game_message(request.observation), request.legal_actions)

    def start(self, start: bot_pb2.MatchStart) -> None:
        """Called when a match starts (seat, config, static map, clocks)."""

    def end(self, end: bot_pb2.MatchEnd) -> None:
        """Called when a match ends, with its outcome."""

    def info(self) -> bot_pb2.BotInfo:
        """Return what ``Describe`` answers."""
        return bot_pb2.BotInfo(
            name=self.name,
            version=self.version,
            author=self.author,
            language=self.language,
            games=list(self.games),
        )
