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
from typing import Any, ClassVar

STARTUP_MS = 15_000
"""How long a bot has to listen and answer Describe, in every path (play, tournament, service)."""


@dataclass(frozen=True)
class Clocks:
    """The limits, in milliseconds, each within :attr:`BOUNDS`."""

    decision_ms: int = 2_000
    bank_ms: int = 120_000
    time_margin_ms: int = 0
    """How far past ``decision_ms`` an answer may come and still count (charged to the bank)."""
    startup_ms: int = STARTUP_MS
    """How long a bot has to listen and answer Describe (no match clock: headers omit it)."""

    BOUNDS: ClassVar[dict[str, tuple[int, int]]] = {
        "decision_ms": (1, 3_600_000),
        "bank_ms": (1, 86_400_000),
        "time_margin_ms": (0, 60_000),
        "startup_ms": (100, 600_000),
    }
    """The least and the most each limit may be, wherever it is set (TOML, CLI, a bot's own)."""

    def __post_init__(self) -> None:
        for name, (low, high) in self.BOUNDS.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise ValueError(f"{name} must be in {low}..{high}, not {value}")

    def to_json(self) -> dict[str, Any]:
        """Return the clocks as a log header writes them: the margin only when it is not 0,
        so the headers of matches without one are what they always were (start-up is no
        match clock: it is not written)."""
        data = asdict(self)
        del data["startup_ms"]
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


def seat_limits(clocks: Clocks, seat_clocks: Sequence[Clocks], seats: int) -> tuple[Clocks, ...]:
    """Return the clocks of each of ``seats`` seats: ``seat_clocks`` with the match's margin,
    or ``clocks`` for every seat when ``seat_clocks`` is empty."""
    if not seat_clocks:
        return (clocks,) * seats
    if len(seat_clocks) != seats:
        raise ValueError(f"clocks for {len(seat_clocks)} seats in a match of {seats}")
    return tuple(replace(own, time_margin_ms=clocks.time_margin_ms) for own in seat_clocks)


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
