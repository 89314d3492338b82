"""Match clocks: a limit per decision and a time bank per seat per match."""

from __future__ import annotations

from dataclasses import dataclass

STARTUP_MS = 15_000
"""How long a bot has to listen and answer Describe, in every path (play, tournament, service)."""


@dataclass(frozen=True)
class Clocks:
    """The two limits, in milliseconds."""

    decision_ms: int = 2_000
    bank_ms: int = 120_000

    def __post_init__(self) -> None:
        if self.decision_ms <= 0 or self.bank_ms <= 0:
            raise ValueError("clock limits must be positive")


class SeatClocks:
    """The time banks of every seat of one match."""

    def __init__(self, clocks: Clocks, seats: int) -> None:
        self.clocks = clocks
        self._bank = [clocks.bank_ms / 1000.0] * seats

    def allowance(self, seat: int) -> float:
        """Return the seconds ``seat`` may take for its next decision."""
        return max(0.0, min(self.clocks.decision_ms / 1000.0, self._bank[seat]))

    def bank_left(self, seat: int) -> float:
        """Return the seconds left in ``seat``'s bank."""
        return max(0.0, self._bank[seat])

    def charge(self, seat: int, seconds: float) -> None:
        """Take ``seconds`` from ``seat``'s bank."""
        self._bank[seat] -= seconds
