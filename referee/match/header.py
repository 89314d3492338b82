"""The match header: what a log's first line records of a match, typed, read and written here.

A header holds enough to replay a match from its recorded actions: the game and its rules
version, the scenario and the engine config, the seed, who plays each seat, the clocks (each
seat's own, when a seat's differ), the fault policy and, for a forked match, where it was
forked from (``referee.matchlog.fork``). This module is the one reader and writer of the
header's JSON keys; everything else reads a :class:`MatchHeader`'s fields.

The JSON it writes is what headers have always been, so old logs read and verify unchanged:
``clocks`` has ``time_margin_ms`` only when there is a margin, ``seat_clocks`` is there only
when a seat's clocks differ from the match's, and ``fork`` only for a forked match.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from referee.match.clocks import Clocks, seat_limits
from referee.match.faults import FaultPolicy
from referee.match.player import BotIdentity, JsonDict

LOG_SCHEMA = 1
"""The header's schema version."""
REPLAYED_FIELDS = ("game", "rules_version", "scenario", "config", "seed", "players")
"""The fields that fix a match's course from its actions (what a fork keeps of its parent)."""
LINE_FIELDS = frozenset({"type", "sealed", "prev", "hash", "mac"})
"""Keys of the header's log line that are the line's, not the match's (see ``chain``)."""
T = TypeVar("T")
_FIELDS = frozenset(
    {
        "schema",
        "match_id",
        "game",
        "rules_version",
        "scenario",
        "config",
        "seed",
        "players",
        "seats",
        "clocks",
        "seat_clocks",
        "policy",
        "fork",
    }
)


class HeaderError(ValueError):
    """A header line that does not describe a match (a key missing, of the wrong type, or
    one no header has)."""


@dataclass(frozen=True)
class ForkOrigin:
    """Where a forked match comes from: its parent log (relative to the forked log's folder),
    the decision it plays on from, and the hashes that pin the parent's header and the line
    of its decision ``at - 1`` (the header's when ``at`` is 0)."""

    parent: str
    at: int
    parent_header: str
    parent_line: str

    def to_json(self) -> JsonDict:
        """Return the header's ``fork`` field."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> ForkOrigin:
        """Read a ``fork`` field; raise HeaderError when it is malformed."""
        if not isinstance(data, dict) or set(data) != {f.name for f in dataclasses.fields(cls)}:
            raise HeaderError(f"fork: expected parent, at, parent_header, parent_line: {data!r}")
        return cls(
            parent=_typed(data["parent"], str, "fork.parent"),
            at=_typed(data["at"], int, "fork.at"),
            parent_header=_typed(data["parent_header"], str, "fork.parent_header"),
            parent_line=_typed(data["parent_line"], str, "fork.parent_line"),
        )


@dataclass(frozen=True)
class MatchHeader:
    """A match as its log's header records it."""

    match_id: str
    game: str
    rules_version: str
    scenario: str
    config: JsonDict
    """The engine config as the game writes it (``Game.config_to_json``)."""
    seed: int
    seats: tuple[BotIdentity, ...]
    clocks: Clocks
    policy: FaultPolicy
    seat_clocks: tuple[Clocks, ...] = ()
    """Each seat's own clocks, with the match's margin (empty: every seat has ``clocks``)."""
    fork: ForkOrigin | None = None
    schema: int = LOG_SCHEMA

    def __post_init__(self) -> None:
        own = seat_limits(self.clocks, self.seat_clocks, self.players) if self.seat_clocks else ()
        if _seat_clocks_json(self.clocks, own) is None:
            own = ()  # every seat has the match's clocks: one way to say so
        object.__setattr__(self, "seat_clocks", own)

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.seats)

    def each_seat_clocks(self) -> tuple[Clocks, ...]:
        """Return every seat's clocks: its own, or the match's."""
        return seat_limits(self.clocks, self.seat_clocks, self.players)

    @property
    def fork_at(self) -> int:
        """The decisions a forked match inherits (0 for a match that is no fork)."""
        return 0 if self.fork is None else self.fork.at

    def first_difference(
        self, other: MatchHeader, fields: Sequence[str]
    ) -> tuple[str, Any, Any] | None:
        """Return the first of ``fields`` (header keys) in which ``other`` differs from this
        header, with this header's value and the other's as written; None when none does."""
        mine, theirs = self.to_json(), other.to_json()
        for name in fields:
            if mine.get(name) != theirs.get(name):
                return name, mine.get(name), theirs.get(name)
        return None

    def shown(self) -> JsonDict:
        """Return the header as a view of the match may show it: all but the seed, which
        rebuilds every hidden card and die roll (and paired games share it)."""
        data = self.to_json()
        del data["seed"]
        return data

    def to_json(self) -> JsonDict:
        """Return the header as the log's first line records it (without the line's keys)."""
        data: JsonDict = {
            "schema": self.schema,
            "match_id": self.match_id,
            "game": self.game,
            "rules_version": self.rules_version,
            "scenario": self.scenario,
            "config": self.config,
            "seed": self.seed,
            "players": self.players,
            "seats": [seat.to_json() for seat in self.seats],
            "clocks": self.clocks.to_json(),
            "policy": dataclasses.asdict(self.policy),
        }
        own = _seat_clocks_json(self.clocks, self.each_seat_clocks())
        if own is not None:
            data["seat_clocks"] = own
        if self.fork is not None:
            data["fork"] = self.fork.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchHeader:
        """Read a header line (its line keys are ignored); raise HeaderError if it is not one."""
        unknown = sorted(set(data) - _FIELDS - LINE_FIELDS)
        if unknown:
            raise HeaderError(f"header: unknown field {unknown[0]!r}")
        try:
            return cls._read(data)
        except KeyError as error:
            raise HeaderError(f"header: missing field {error.args[0]!r}") from None
        except (TypeError, ValueError) as error:
            raise HeaderError(f"header: {error}") from None

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> MatchHeader:
        """Read the fields of a header (raising KeyError, TypeError or ValueError)."""
        seats = tuple(_identity(seat) for seat in _typed(data["seats"], list, "seats"))
        if _typed(data["players"], int, "players") != len(seats):
            raise HeaderError(f"header: players {data['players']} but {len(seats)} seats")
        clocks = Clocks.from_json(_typed(data["clocks"], dict, "clocks"))
        recorded = [Clocks.from_json(own) for own in data.get("seat_clocks") or ()]
        fork = data.get("fork")
        return cls(
            match_id=_typed(data["match_id"], str, "match_id"),
            game=_typed(data["game"], str, "game"),
            rules_version=_typed(data["rules_version"], str, "rules_version"),
            scenario=_typed(data["scenario"], str, "scenario"),
            config=_typed(data["config"], dict, "config"),
            seed=_typed(data["seed"], int, "seed"),
            seats=seats,
            clocks=clocks,
            policy=FaultPolicy(**_typed(data["policy"], dict, "policy")),
            seat_clocks=tuple(recorded),
            fork=None if fork is None else ForkOrigin.from_json(fork),
            schema=_typed(data["schema"], int, "schema"),
        )


def _identity(data: Any) -> BotIdentity:
    """Read one seat's identity."""
    if not isinstance(data, dict):
        raise HeaderError(f"header: a seat is {data!r}, not an object")
    return BotIdentity(**data)


def _typed(value: Any, kind: type[T], name: str) -> T:
    """Return ``value`` if it is a ``kind`` (a bool is no int), else raise HeaderError."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise HeaderError(f"header: {name} is {value!r}, not a {kind.__name__}")
    return value


def _seat_clocks_json(clocks: Clocks, seats: Sequence[Clocks]) -> list[JsonDict] | None:
    """Return the header's ``seat_clocks``: each seat's limit and bank, or None when every
    seat has the match's (so ordinary headers are what they always were)."""
    if all((own.decision_ms, own.bank_ms) == (clocks.decision_ms, clocks.bank_ms) for own in seats):
        return None
    return [{"decision_ms": own.decision_ms, "bank_ms": own.bank_ms} for own in seats]
