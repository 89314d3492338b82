"""The faults, forfeits and clock readings of a log, checked against what the match loop writes.

The loop (``referee.match.loop``) writes a fault that does not forfeit (the ``default-action``
policy with strikes left) on the decision line of the action the referee played instead, always
the first legal one. A seat forfeits at the fault the policy says it does; that fault is on no
decision line but ends the result's fault list, which otherwise lists the decision lines'
faults in order. A fault before the first decision (decision -1) always forfeits. The forfeit's
outcome ranks the seat last. An answer without a fault took no longer than the seat's
allowance: its decision limit plus the time margin (a header without one has none), or what
was left of its time bank; a header's ``seat_clocks`` gives each seat its own limit and bank.

A joint step's line holds a move per seat (``moves``), each judged as a decision line is. A
joint step at which faults forfeit is on no line: every fault of that step ends the result's
list, in seat order, and the seats whose faults forfeit share the last rank.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.match.faults import FaultCode, FaultPolicy
from referee.match.header import MatchHeader
from referee.match.result import forfeit_outcome
from referee.matchlog.reader import JsonDict, moves_of

_CODES = frozenset(code.value for code in FaultCode)
_ROUNDING_MS = 0.001
"""How far one recorded time (rounded to the microsecond) may be from the time charged."""


def clock_problem(header: MatchHeader, decisions: Sequence[JsonDict]) -> str | None:
    """Return the first decision answered in more than its allowance without a fault, if any."""
    seats = header.each_seat_clocks()
    limits = [float(own.decision_ms + own.time_margin_ms) for own in seats]
    banks = [float(own.bank_ms) for own in seats]
    answered = [0] * header.players
    for line in decisions:
        for move in moves_of(line):
            seat = move["seat"]
            allowed = max(0.0, min(limits[seat], banks[seat]))
            slack = _ROUNDING_MS * (answered[seat] + 1)
            if move["fault"] is None and move["time_ms"] > allowed + slack:
                return (
                    f"decision {line['n']}: {move['time_ms']} ms with no fault, "
                    f"over the {allowed:.3f} ms allowed"
                )
            banks[seat] -= move["time_ms"]
            answered[seat] += 1
    return None


def _line_fault_problem(n: int, move: JsonDict, policy: FaultPolicy, strikes: int) -> str | None:
    """Return what is wrong with the fault of one move of decision ``n``, the seat's
    ``strikes``-th."""
    fault = move["fault"]
    if fault["code"] not in _CODES:
        return f"unknown fault code {fault['code']!r}"
    if fault["seat"] != move["seat"] or fault["decision"] != n:
        return "the fault is not the deciding seat's at this decision"
    if policy.forfeits(strikes):
        return f"fault {strikes} of seat {move['seat']} did not forfeit ({policy.kind} policy)"
    if move["index"] != 0:
        return f"a fault replaced by action {move['index']}, not the first legal action"
    return None


def line_fault_problem(header: MatchHeader, decisions: Sequence[JsonDict]) -> str | None:
    """Return the first decision line whose fault the loop would not have written, if any."""
    policy = header.policy
    strikes = [0] * header.players
    for line in decisions:
        for move in moves_of(line):
            if move["fault"] is not None:
                strikes[move["seat"]] += 1
                problem = _line_fault_problem(line["n"], move, policy, strikes[move["seat"]])
                if problem is not None:
                    return f"decision {line['n']}: {problem}"
    return None


def _start_forfeit_problem(header: MatchHeader, result: JsonDict) -> str | None:
    """Return what is wrong with a forfeit at the start (decision -1), if anything: no seat
    played a decision (a forked match starts with the decisions it inherits)."""
    if result["decisions"] != header.fork_at:
        return "result: a forfeit before the first decision, yet decisions were played"
    return None


def _play_forfeit_problem(
    header: MatchHeader, result: JsonDict, acting: tuple[int, ...]
) -> str | None:
    """Return what is wrong with a forfeit during play, if anything."""
    seat, last = result["forfeited_seat"], result["faults"][-1]
    if last["decision"] != result["decisions"]:
        return "result: the forfeiting fault is not at the decision after the last one played"
    if seat not in acting:
        return f"result: seat {seat} forfeited a decision that was not its to take"
    policy = header.policy
    strikes = sum(fault["seat"] == seat for fault in result["faults"])
    if not policy.forfeits(strikes):
        return f"result: seat {seat} forfeited at fault {strikes} ({policy.kind} policy)"
    return None


def _joint_forfeit_problem(
    header: MatchHeader, result: JsonDict, tail: Sequence[JsonDict], acting: tuple[int, ...]
) -> str | None:
    """Return what is wrong with a forfeit at a joint step where several seats faulted:
    ``tail`` are those faults, in seat order, each at the decision after the last line."""
    seats = [fault["seat"] for fault in tail]
    if any(fault["code"] not in _CODES for fault in tail):
        return "result: unknown fault code in the forfeiting step"
    if any(fault["decision"] != result["decisions"] for fault in tail):
        return "result: the forfeiting faults are not at the decision after the last one played"
    if seats != sorted(set(seats)) or not set(seats) <= set(acting):
        return f"result: faults of seats {seats} at a step seats {list(acting)} took"
    policy = header.policy
    faults = result["faults"]
    forfeits = [s for s in seats if policy.forfeits(sum(f["seat"] == s for f in faults))]
    if not forfeits or forfeits[0] != result["forfeited_seat"]:
        return f"result: seat {result['forfeited_seat']} forfeited; the faults forfeit {forfeits}"
    code = FaultCode(tail[seats.index(forfeits[0])]["code"])
    if result["outcome"] != forfeit_outcome(header.players, forfeits, code).to_json():
        return "result: outcome differs from the forfeit's"
    return None


def _forfeit_problem(header: MatchHeader, result: JsonDict, acting: tuple[int, ...]) -> str | None:
    """Return what is wrong with a forfeit whose earlier faults match the decision lines."""
    seat, last = result["forfeited_seat"], result["faults"][-1]
    if last["seat"] != seat:
        return f"result: seat {seat} forfeited, but the last fault is seat {last['seat']}'s"
    if last["code"] not in _CODES:
        return f"result: unknown fault code {last['code']!r}"
    if last["decision"] == -1:
        problem = _start_forfeit_problem(header, result)
    else:
        problem = _play_forfeit_problem(header, result, acting)
    outcome = forfeit_outcome(header.players, seat, FaultCode(last["code"]))
    if problem is None and result["outcome"] != outcome.to_json():
        return "result: outcome differs from the forfeit's"
    return problem


def result_fault_problem(
    header: MatchHeader, decisions: Sequence[JsonDict], result: JsonDict, acting: tuple[int, ...]
) -> str | None:
    """Return what is wrong with the result's faults and forfeit, if anything.

    ``acting`` are the seats to act after the last decision line (the seat to move, the seats
    of a joint step, or none when the game had ended).
    """
    logged = [
        move["fault"] for line in decisions for move in moves_of(line) if move["fault"] is not None
    ]
    faults = result["faults"]
    if result["forfeited_seat"] is None:
        if faults != logged:
            return "result: its faults are not those of the decision lines"
        return None
    if not faults:
        return f"result: seat {result['forfeited_seat']} forfeited without a fault"
    tail = faults[len(logged) :]
    if len(tail) > 1:
        if faults[: len(logged)] != logged:
            return "result: the faults before the forfeit are not those of the decision lines"
        return _joint_forfeit_problem(header, result, tail, acting)
    if faults[:-1] != logged:
        return "result: the faults before the forfeit are not those of the decision lines"
    return _forfeit_problem(header, result, acting)
