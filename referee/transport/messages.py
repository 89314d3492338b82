"""Builds protocol messages from the match loop's plain data."""

from __future__ import annotations

from google.protobuf import struct_pb2
from ruckus.v1 import bot_pb2, common_pb2

from referee.games.base import Outcome
from referee.match.player import DecisionPrompt, JsonDict, MatchInfo
from referee.transport.codec import wire
from referee.transport.codec.game_codec import GameCodec

_DECISION = wire.field_number(bot_pb2.RefereeMessage, "decision")


def clocks_message(decision_ms: int, bank_ms: int) -> common_pb2.Clocks:
    """Return the Clocks message."""
    return common_pb2.Clocks(decision_ms=decision_ms, bank_ms=bank_ms)


def config_struct(config: JsonDict) -> struct_pb2.Struct:
    """Return an engine config as a Struct."""
    struct = struct_pb2.Struct()
    struct.update(config)
    return struct


def match_start(info: MatchInfo, codec: GameCodec) -> bot_pb2.RefereeMessage:
    """Return the MatchStart message for one seat."""
    start = bot_pb2.MatchStart(
        match_id=info.match_id,
        game=info.game,
        rules_version=info.rules_version,
        scenario=info.scenario,
        config=config_struct(info.config),
        seat=info.seat,
        players=info.players,
        static_map=codec.static_map(info.static_map),
        clocks=clocks_message(info.clocks.decision_ms, info.clocks.bank_ms),
    )
    return bot_pb2.RefereeMessage(start=start)


def decision_request(prompt: DecisionPrompt, codec: GameCodec) -> bytes:
    """Return the DecisionRequest message for one prompt, encoded: its id, events and clocks
    built in one constructor call, then the observation and each legal action as the codec
    encodes them (each part it keeps encoded once per object, ``GameCodec``)."""
    clocks = {"decision_ms": int(prompt.time_left * 1000), "bank_ms": int(prompt.bank_left * 1000)}
    request = bot_pb2.DecisionRequest(
        decision_id=prompt.decision_id,
        events=[codec.payload(event) for event in prompt.events],
        time_left=clocks,
    )
    parts = [request.SerializeToString(), codec.observation_field(prompt.observation)]
    parts.extend(codec.legal_action_field(choice.data, choice.label) for choice in prompt.choices)
    return wire.message_field(_DECISION, b"".join(parts))


def outcome_message(outcome: Outcome) -> common_pb2.Outcome:
    """Return an engine outcome as a message."""
    return common_pb2.Outcome(
        scores=list(outcome.scores), ranks=list(outcome.ranks), reason=outcome.reason
    )


def match_end(outcome: Outcome) -> bot_pb2.RefereeMessage:
    """Return the MatchEnd message."""
    return bot_pb2.RefereeMessage(end=bot_pb2.MatchEnd(outcome=outcome_message(outcome)))
