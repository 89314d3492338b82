"""Helpers shared by the sample bots: messages as plain dicts, and thinking-time budgets."""

from __future__ import annotations

import time
from typing import Any, Protocol

from google.protobuf import json_format

SAFETY_SECONDS = 0.15
"""Time kept back from every decision deadline for the answer's trip back to the referee."""


def as_dict(message: Any) -> dict[str, Any]:
    """Return a protobuf message as a dict keyed by the .proto field names.

    Unset fields are absent (read them with ``.get``); 64-bit integers become ints.
    """
    data: dict[str, Any] = json_format.MessageToDict(message, preserving_proto_field_name=True)
    return data


def think_seconds(decision_ms: int, bank_ms: int, decisions_left: int, cap_seconds: float) -> float:
    """Return how long to think: a share of the bank, never near the decision deadline."""
    per_decision = decision_ms / 1000.0 * 0.5 - SAFETY_SECONDS
    share = bank_ms / 1000.0 / max(decisions_left, 1)
    return max(0.0, min(per_decision, share, cap_seconds))


class Stop(Protocol):
    """What tells a search to stop: a ``Deadline``, or a fixed budget of work."""

    def passed(self) -> bool:
        """Return whether the search must stop."""
        ...


class Deadline:
    """A point in time after which a search must stop."""

    def __init__(self, seconds: float) -> None:
        self.began = time.monotonic()
        self.end = self.began + seconds

    def passed(self) -> bool:
        """Return whether the time is up."""
        return time.monotonic() >= self.end

    def elapsed(self) -> float:
        """Return the seconds since the deadline was set."""
        return time.monotonic() - self.began

    def seconds_left(self) -> float:
        """Return the seconds until the deadline (0 once it has passed)."""
        return max(0.0, self.end - time.monotonic())
