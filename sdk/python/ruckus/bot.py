"""The Bot base class: a bot author writes one method, ``choose``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from google.protobuf import json_format

from ruckus.v1 import bot_pb2


def game_message(wrapper: Any) -> Any:
    """Return the game-specific message inside a ``oneof game`` wrapper (e.g. an Observation).

    For a game on the generic arm this is a ``google.protobuf.Struct``; :func:`game_data`
    gives any arm as a plain dict.
    """
    which = wrapper.WhichOneof("game")
    if which is None:
        raise ValueError(f"{type(wrapper).__name__} carries no game payload")
    return getattr(wrapper, which)


def whole_numbers(value: Any) -> Any:
    """Turn the floats a Struct holds back into ints where they are whole numbers, through
    lists and dicts (a Struct carries every number as a double)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [whole_numbers(item) for item in value]
    if isinstance(value, dict):
        return {key: whole_numbers(item) for key, item in value.items()}
    return value


def struct_data(struct: Any) -> dict[str, Any]:
    """Return a ``google.protobuf.Struct`` (a match's config, a generic payload) as a dict,
    whole numbers as ints (a Struct carries every number as a double)."""
    data: dict[str, Any] = whole_numbers(json_format.MessageToDict(struct))
    return data


def game_data(wrapper: Any) -> dict[str, Any]:
    """Return the payload of a ``oneof game`` wrapper as a plain dict, for any game.

    Typed arms keep their proto field names; the generic arm gives the engine's dict back,
    whole numbers as ints (a Struct carries every number as a double).
    """
    message = game_message(wrapper)
    if wrapper.WhichOneof("game") == "generic":
        return struct_data(message)
    data: dict[str, Any] = json_format.MessageToDict(message, preserving_proto_field_name=True)
    return data


class Bot:
    """Base class of a bot. Override :meth:`choose`; the other hooks are optional.

    One bot object serves every match its process is asked to play, possibly several at
    once (one Play stream each), so keep per-match state keyed by ``match_id``.
    """

    name: str = "unnamed-bot"
    version: str = "0.1.0"
    author: str = ""
    language: str = "python"
    games: tuple[str, ...] = ()
    """The games the bot plays, by engine name; empty (the default) means any game."""

    def choose(self, observation: Any, actions: Sequence[bot_pb2.LegalAction]) -> int:
        """Return the index of the action to play.

        ``observation`` is the game's message (``PilferObservation``, ``WabbitObservation``,
        or a ``Struct`` for a game on the generic arm); each action has ``label`` (text) and
        ``action`` (see :func:`game_message` and :func:`game_data`).
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
