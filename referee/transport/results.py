"""Protocol messages for match progress and results (the Referee service's stream)."""

from __future__ import annotations

from dataclasses import replace

from ruckus.v1 import common_pb2, referee_pb2

from referee.match.faults import Fault, FaultCode
from referee.match.player import DecisionRecord
from referee.match.result import MatchResult
from referee.transport.codec.game_codec import GameCodec

FAULT_CODES = {
    code.value: common_pb2.FaultCode.Value(f"FAULT_CODE_{code.value}") for code in FaultCode
}
"""Match fault code name -> protocol enum value (every code has one)."""


def fault_message(fault: Fault) -> common_pb2.Fault:
    """Return a fault as a message."""
    return common_pb2.Fault(
        seat=fault.seat,
        code=FAULT_CODES[fault.code.value],
        detail=fault.detail,
        decision=fault.decision,
    )


def step_message(record: DecisionRecord, codec: GameCodec) -> referee_pb2.MatchStep:
    """Return one decision as a spectator sees it."""
    step = referee_pb2.MatchStep(
        decision=record.decision,
        seat=record.seat,
        action_index=record.index,
        label=record.public_label,
        time_us=int(record.seconds * 1_000_000),
        events=[codec.event(event) for event in record.public_events],
    )
    if record.fault is not None:
        step.fault.CopyFrom(fault_message(record.fault))
    return step


def step_messages(record: DecisionRecord, codec: GameCodec) -> list[referee_pb2.MatchStep]:
    """Return one decision as a spectator sees it: a joint step as one step per seat's move,
    all with the step's decision number, the step's events on the last."""
    if not record.moves:
        return [step_message(record, codec)]
    steps = []
    for number, move in enumerate(record.moves, start=1):
        last = number == len(record.moves)
        one = replace(
            record,
            seat=move.seat,
            index=move.index,
            public_label=move.public_label,
            seconds=move.seconds,
            fault=move.fault,
            public_events=record.public_events if last else (),
            moves=(),
        )
        steps.append(step_message(one, codec))
    return steps


def match_event_result(result: MatchResult) -> common_pb2.Outcome:
    """Return a match result as an Outcome message."""
    outcome = result.outcome
    forfeited = result.forfeited_seat
    return common_pb2.Outcome(
        scores=outcome.scores,
        ranks=outcome.ranks,
        reason=outcome.reason,
        faults=[fault_message(fault) for fault in result.faults],
        forfeited_seat=-1 if forfeited is None else forfeited,
    )
