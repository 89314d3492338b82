"""What watches a match: a log writer, a live board, a spectator stream."""

from __future__ import annotations

from typing import Any, Protocol

from referee.match.header import MatchHeader
from referee.match.player import DecisionRecord
from referee.match.result import MatchResult


class MatchObserver(Protocol):
    """Something that watches a match: a log writer, a live board, a spectator stream."""

    def match_started(self, header: MatchHeader) -> None:
        """Called once, before the first decision, with the match header."""
        ...

    def decision_taken(self, record: DecisionRecord, state: Any) -> None:
        """Called after each applied decision with the new engine state."""
        ...

    def match_ended(self, result: MatchResult) -> None:
        """Called once with the result (outcome, faults, decision count)."""
        ...
