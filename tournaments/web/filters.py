"""The match list's filter: which matches a query string picks.

Every key is optional and they all must hold:

``bot``       the bot played the match;
``opponent``  it played too (with ``bot``: against ``bot``);
``players``   the match had this many seats;
``seat``      ``bot`` sat in this seat (0 is the first; needs ``bot``);
``scenario``  the match was played on this scenario;
``outcome``   ``win``, ``draw`` or ``loss`` of ``bot`` (a win is a sole first place, a draw a
              shared one; needs ``bot``);
``fault``     a fault class (``TIMEOUT``, ...) some seat had, ``bot``'s seat with ``bot``;
              ``any`` for any class.

A saved filter is the match list's URL with its query string: ``/matches?bot=a&outcome=loss``
reopens the same list (and the leaderboard of those matches) at any later time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from urllib.parse import urlencode

from tournaments.store import FAULT_CLASSES, MatchResult
from tournaments.web.source import PlayedMatch

OUTCOMES = ("win", "draw", "loss")
ANY_FAULT = "any"


class FilterError(ValueError):
    """A query string that names no possible filter; the message says which key."""


@dataclass(frozen=True)
class MatchFilter:
    """The conditions of one match list; None leaves a key out."""

    bot: str | None = None
    opponent: str | None = None
    players: int | None = None
    seat: int | None = None
    scenario: str | None = None
    outcome: str | None = None
    fault: str | None = None

    @classmethod
    def parse(cls, query: Mapping[str, str]) -> MatchFilter:
        """Return the filter of a query string's keys (empty values leave a key out)."""
        given = {key: value for key, value in query.items() if value}
        found = cls(
            bot=given.get("bot"),
            opponent=given.get("opponent"),
            players=_number(given, "players"),
            seat=_number(given, "seat"),
            scenario=given.get("scenario"),
            outcome=given.get("outcome"),
            fault=given.get("fault"),
        )
        found.check()
        return found

    def check(self) -> None:
        """Raise FilterError when a key has a value no match can have."""
        if self.outcome is not None and self.outcome not in OUTCOMES:
            raise FilterError(f"outcome must be one of {', '.join(OUTCOMES)}")
        if self.fault is not None and self.fault not in (ANY_FAULT, *FAULT_CLASSES):
            raise FilterError(f"fault must be {ANY_FAULT} or one of {', '.join(FAULT_CLASSES)}")
        if self.bot is None and (self.seat is not None or self.outcome is not None):
            raise FilterError("seat and outcome need bot")

    def query(self) -> str:
        """Return the query string that gives this filter back (the saved filter)."""
        pairs = [(f.name, getattr(self, f.name)) for f in fields(self)]
        return urlencode([(name, value) for name, value in pairs if value is not None])

    @property
    def empty(self) -> bool:
        """Whether every match passes."""
        return not self.query()

    def apply(self, matches: Iterable[PlayedMatch]) -> list[PlayedMatch]:
        """Return the matches that pass, in the order given."""
        tests = self._tests()
        return [match for match in matches if all(test(match) for test in tests)]

    def _tests(self) -> list[Callable[[PlayedMatch], bool]]:
        """Return one predicate per condition given."""
        tests: list[Callable[[PlayedMatch], bool]] = []
        if self.bot is not None:
            tests.append(lambda match: self.bot in match.result.seats)
        if self.opponent is not None:
            tests.append(lambda match: self.opponent in match.result.seats)
        if self.players is not None:
            tests.append(lambda match: len(match.result.seats) == self.players)
        if self.scenario is not None:
            tests.append(lambda match: match.scenario == self.scenario)
        if self.seat is not None:
            tests.append(lambda match: _seat_of(match.result, self.bot) == self.seat)
        if self.outcome is not None:
            tests.append(lambda match: outcome_of(match.result, self.bot) == self.outcome)
        if self.fault is not None:
            tests.append(lambda match: _has_fault(match.result, self.fault, self.bot))
        return tests


def _number(query: Mapping[str, str], key: str) -> int | None:
    value = query.get(key)
    if value is None:
        return None
    if not value.isdigit():
        raise FilterError(f"{key} must be a whole number")
    return int(value)


def _seat_of(result: MatchResult, bot: str | None) -> int | None:
    """Return the first seat ``bot`` sat in, None when it did not play."""
    return result.seats.index(bot) if bot in result.seats else None


def outcome_of(result: MatchResult, bot: str | None) -> str | None:
    """Return ``win``, ``draw`` or ``loss`` of ``bot``'s first seat (None: it did not play)."""
    seat = _seat_of(result, bot)
    if seat is None:
        return None
    if result.ranks[seat] != 1:
        return "loss"
    return "win" if sum(rank == 1 for rank in result.ranks) == 1 else "draw"


def _has_fault(result: MatchResult, fault: str | None, bot: str | None) -> bool:
    """Return whether a seat (``bot``'s seats, when given) had ``fault`` (``any``: any)."""
    seats = range(len(result.seats)) if bot is None else _seats_of(result, bot)
    for seat in seats:
        counts = result.faults[seat]
        if any(counts.values()) if fault == ANY_FAULT else counts.get(fault or "", 0):
            return True
    return False


def _seats_of(result: MatchResult, bot: str) -> list[int]:
    return [seat for seat, name in enumerate(result.seats) if name == bot]
