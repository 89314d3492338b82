"""Match clocks: a limit per decision, a time bank per seat per match, and a time margin.

The margin is cutechess's ``timemargin``: an answer that overruns the decision limit by no more
than ``time_margin_ms`` is no TIMEOUT; its whole time is charged to the seat's bank, which
stays a hard limit. A bot is told the decision limit, not the margin: the margin absorbs the
harness's own jitter (a busy machine, many matches at once), it is no extra time to think.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
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


class SeatClocks:
    """The time banks of every seat of one match."""

    def __init__(self, clocks: Clocks, seats: int) -> None:
        self.clocks = clocks
        self._bank = [clocks.bank_ms / 1000.0] * seats

    def allowance(self, seat: int) -> float:
        """Return the seconds ``seat`` is told it may take for its next decision."""
        return max(0.0, min(self.clocks.decision_ms / 1000.0, self._bank[seat]))

    def tolerance(self, seat: int) -> float:
        """Return the seconds the referee waits for ``seat``'s next answer: the allowance plus
        the time margin, never past what is left of the bank."""
        limit = (self.clocks.decision_ms + self.clocks.time_margin_ms) / 1000.0
        return max(0.0, min(limit, self._bank[seat]))

    def bank_left(self, seat: int) -> float:
        """Return the seconds left in ``seat``'s bank."""
        return max(0.0, self._bank[seat])

    def charge(self, seat: int, seconds: float) -> None:
        """Take ``seconds`` from ``seat``'s bank."""
        self._bank[seat] -= seconds
