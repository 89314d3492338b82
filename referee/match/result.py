"""How a match ended: its outcome, faults and decision count, and a forfeit's outcome."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.base import Outcome
from referee.match.faults import Fault, FaultCode
from referee.match.player import JsonDict


@dataclass(frozen=True)
class MatchResult:
    """How a match ended."""

    match_id: str
    outcome: Outcome
    faults: tuple[Fault, ...]
    decisions: int
    forfeited_seat: int | None

    def to_json(self) -> JsonDict:
        """Return the result as a JSON-ready dict."""
        return {
            "outcome": self.outcome.to_json(),
            "faults": [fault.to_json() for fault in self.faults],
            "decisions": self.decisions,
            "forfeited_seat": self.forfeited_seat,
        }


def forfeit_outcome(seats: int, seat: int | Sequence[int], code: FaultCode) -> Outcome:
    """Return the outcome of a match forfeited by ``seat``: it ranks last, the others share 1st.

    Several seats forfeit together only at a joint step: they share the last rank."""
    losers = {seat} if isinstance(seat, int) else set(seat)
    last = seats - len(losers) + 1
    ranks = tuple(last if other in losers else 1 for other in range(seats))
    return Outcome(scores=(0,) * seats, ranks=ranks, reason=f"forfeit:{code.value}")
