"""Match clocks: a limit per decision, a time bank per seat per match, and a time margin.

The margin is cutechess's ``timemargin``: an answer that overruns the decision limit by no more
than ``time_margin_ms`` is no TIMEOUT; its whole time is charged to the seat's bank, which
stays a hard limit. A bot is told the decision limit, not the margin: the margin absorbs the
harness's own jitter (a busy machine, many matches at once), it is no extra time to think.

Seats may have clocks of their own (a tournament's per-bot ``decision_ms`` and ``bank_ms``):
each seat then has its own decision limit and bank, while the margin stays the match's. A log
header records them as ``seat_clocks`` only when a seat's differ from the match's ``clocks``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

STARTUP_MS = 15_000
"""How long a bot has to listen and answer Describe, in every path (play, tournament, service)."""


@dataclass(frozen=True)
class Clocks:
    """The limits, in milliseconds."""

    decision_ms: int = 2_000
    bank_ms: int = 120_000
    time_margin_ms: int = 0
    """How far past ``decision_ms`` an answer may come and still count (charged to the bank)."""

    def __post_init__(self) -> None:
        if self.decision_ms <= 0 or self.bank_ms <= 0:
            raise ValueError("clock limits must be positive")
        if self.time_margin_ms < 0:
            raise ValueError("the time margin must be at least 0")

    def to_json(self) -> dict[str, Any]:
        """Return the clocks as a log header writes them: the margin only when it is not 0,
        so the headers of matches without one are what they always were."""
        data = asdict(self)
        if not self.time_margin_ms:
            del data["time_margin_ms"]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clocks:
        """Read clocks written by :meth:`to_json` (a header without a margin has none)."""
        return cls(
            decision_ms=int(data["decision_ms"]),
            bank_ms=int(data["bank_ms"]),
            time_margin_ms=int(data.get("time_margin_ms", 0)),
        )


SEAT_CLOCKS_FIELD = "seat_clocks"
"""The header field of the seats' own clocks (absent: every seat has the match's)."""


def seat_limits(clocks: Clocks, seat_clocks: Sequence[Clocks], seats: int) -> tuple[Clocks, ...]:
    """Return the clocks of each of ``seats`` seats: ``seat_clocks`` with the match's margin,
    or ``clocks`` for every seat when ``seat_clocks`` is empty."""
    if not seat_clocks:
        return (clocks,) * seats
    if len(seat_clocks) != seats:
        raise ValueError(f"clocks for {len(seat_clocks)} seats in a match of {seats}")
    return tuple(replace(own, time_margin_ms=clocks.time_margin_ms) for own in seat_clocks)


def seat_clocks_json(clocks: Clocks, seat_clocks: Sequence[Clocks]) -> list[dict[str, int]] | None:
    """Return the header's ``seat_clocks``: each seat's limit and bank, or None when every
    seat has the match's (so ordinary headers are what they always were)."""
    if all(
        (own.decision_ms, own.bank_ms) == (clocks.decision_ms, clocks.bank_ms)
        for own in seat_clocks
    ):
        return None
    return [{"decision_ms": own.decision_ms, "bank_ms": own.bank_ms} for own in seat_clocks]


def header_seat_clocks(header: dict[str, Any]) -> tuple[Clocks, ...]:
    """Return each seat's clocks as a log header records them (``seat_clocks`` if present,
    else the header's ``clocks`` for every seat), each with the match's margin."""
    clocks = Clocks.from_json(header["clocks"])
    recorded = header.get(SEAT_CLOCKS_FIELD) or ()
    own = [Clocks.from_json(seat) for seat in recorded]
    return seat_limits(clocks, own, int(header["players"]))


class SeatClocks:
    """The clocks and time banks of every seat of one match."""

    def __init__(self, clocks: Clocks, seats: int, seat_clocks: Sequence[Clocks] = ()) -> None:
        self.clocks = clocks
        self.seats = seat_limits(clocks, seat_clocks, seats)
        """Each seat's own clocks (all the match's ``clocks`` unless seats have their own)."""
        self._bank = [own.bank_ms / 1000.0 for own in self.seats]

    def allowance(self, seat: int) -> float:
        """Return the seconds ``seat`` is told it may take for its next decision."""
        return max(0.0, min(self.seats[seat].decision_ms / 1000.0, self._bank[seat]))

    def tolerance(self, seat: int) -> float:
        """Return the seconds the referee waits for ``seat``'s next answer: the allowance plus
        the time margin, never past what is left of the bank."""
        limit = (self.seats[seat].decision_ms + self.clocks.time_margin_ms) / 1000.0
        return max(0.0, min(limit, self._bank[seat]))

    def bank_left(self, seat: int) -> float:
        """Return the seconds left in ``seat``'s bank."""
        return max(0.0, self._bank[seat])

    def charge(self, seat: int, seconds: float) -> None:
        """Take ``seconds`` from ``seat``'s bank."""
        self._bank[seat] -= seconds
