"""Faults are results, not crashes: their codes, records and the policy that judges them."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class FaultCode(enum.Enum):
    """What the referee itself saw go wrong with a seat (never what the bot claimed)."""

    TIMEOUT = "TIMEOUT"
    ILLEGAL_ACTION = "ILLEGAL_ACTION"
    MALFORMED = "MALFORMED"
    DISCONNECTED = "DISCONNECTED"
    CRASHED = "CRASHED"
    OVERSIZE = "OVERSIZE"
    STARTUP_FAILED = "STARTUP_FAILED"
    RESOURCE_LIMIT = "RESOURCE_LIMIT"


class PlayerFault(Exception):
    """Raised by a Player when it cannot give a valid answer; carries the classified code."""

    def __init__(self, code: FaultCode, detail: str) -> None:
        super().__init__(f"{code.value}: {detail}")
        self.code = code
        self.detail = detail


@dataclass(frozen=True)
class Fault:
    """One fault of one seat at one decision (``decision`` is -1 before the first decision)."""

    seat: int
    code: FaultCode
    detail: str
    decision: int

    def to_json(self) -> dict[str, object]:
        """Return the fault as a JSON-ready dict."""
        return {
            "seat": self.seat,
            "code": self.code.value,
            "detail": self.detail,
            "decision": self.decision,
        }


@dataclass(frozen=True)
class FaultPolicy:
    """How faults are judged.

    ``forfeit`` (the default): the first fault forfeits the match. ``default-action``: the
    referee plays the first legal action instead and counts a strike; the seat forfeits when
    its strikes exceed ``max_strikes``. Faults before the first decision always forfeit.
    """

    kind: str = "forfeit"
    max_strikes: int = 3

    KINDS = ("forfeit", "default-action")

    def __post_init__(self) -> None:
        if self.kind not in self.KINDS:
            raise ValueError(f"unknown fault policy {self.kind!r}; known: {', '.join(self.KINDS)}")
        if self.max_strikes < 0:
            raise ValueError("max_strikes must be at least 0")

    def forfeits(self, strikes: int) -> bool:
        """Return whether a seat that now has ``strikes`` faults forfeits the match."""
        return self.kind == "forfeit" or strikes > self.max_strikes
