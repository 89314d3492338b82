"""What a tournament format is to Ruckus: one :class:`Format` object, and the records it uses.

A format decides which matches a tournament plays: it reads its options from its own TOML
table, says which definitions it takes (seats per match, bots), and turns (definition, finished
results) into the matches to play now. The schedule, progress, standings, views and ``show``
ask it, never a format name (:mod:`tournaments.formats.registry` finds it by name).

Determinism: every method is a pure function of the definition and the finished results, so a
resumed run, ``tournament show`` and ``replay verify`` see the same match keys, seats and seeds
as the run that played them. docs/formats.md says how to write one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, Protocol, Self, TypeVar

from tournaments.bot_entries import BotEntry

if TYPE_CHECKING:  # for annotations: the schedule package asks the formats at import time
    from tournaments.schedule.match import Finished, Match

OptionsT = TypeVar("OptionsT", bound="FormatOptions")

SeatRotation = Literal["alternating", "cyclic"]
SEAT_ROTATIONS: tuple[SeatRotation, ...] = ("alternating", "cyclic")
"""How the full cycles of a 3- or 4-player group are seated (:mod:`tournaments.schedule.seats`),
newest first: ``alternating`` reverses the seats of every odd cycle, so seat advantages cancel
between any two bots; ``cyclic`` rotates every cycle the same way (runs created before)."""


@dataclass(frozen=True)
class FormatOptions:
    """The options a format reads from its own TOML table: subclass it as a frozen dataclass
    whose fields are JSON values. This base holds none (a format without a table uses it)."""

    def to_json(self) -> dict[str, Any]:
        """Return the options as JSON data, a key per field."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Return the options whose :meth:`to_json` is ``data``."""
        return cls(**data)


class Tournament(Protocol):
    """What a format reads of a tournament's definition (a
    :class:`~tournaments.definition.TournamentDefinition` is one): formats know definitions,
    and the definition module, which asks a format to read its table, need not be imported by
    them."""

    @property
    def format(self) -> str:
        """The format's name."""

    @property
    def format_options(self) -> FormatOptions:
        """The options the format parsed from its table."""

    @property
    def players(self) -> int:
        """Seats per match."""

    @property
    def games_per_pairing(self) -> int:
        """Games each pairing plays (a knockout's best-of-N)."""

    @property
    def bots(self) -> tuple[BotEntry, ...]:
        """The bots, in definition order."""

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The bots' names, in definition order."""

    @property
    def match_seed_root(self) -> int:
        """The seed every match seed derives from."""

    @property
    def seat_rotation(self) -> SeatRotation:
        """How the full cycles of a 3- or 4-player group are seated (:data:`SEAT_ROTATIONS`)."""


def options_of(definition: Tournament, kind: type[OptionsT]) -> OptionsT:
    """Return ``definition``'s format options, which its format parsed as a ``kind``."""
    options = definition.format_options
    if not isinstance(options, kind):
        raise TypeError(f"format {definition.format!r} has {type(options).__name__} options")
    return options


@dataclass(frozen=True)
class OptionField:
    """One key of a format's TOML table as ``ruckus formats`` lists it: its default as TOML
    writes it (or in words when it is required or computed) and what it sets."""

    key: str
    default: str
    help: str


@dataclass(frozen=True)
class FormatContext:
    """What a format's options are read against: the seats per match and the bots."""

    players: int
    bots: tuple[BotEntry, ...]

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The bot names in definition order."""
        return tuple(bot.name for bot in self.bots)


@dataclass(frozen=True)
class KnownTotal:
    """The matches a run will play as far as is known, and whether more may come."""

    matches: int
    more: bool

    def label(self, done: int) -> str:
        """Return ``done`` of the total as progress shows it: ``5/14``, or ``5/14+``."""
        return f"{done}/{self.matches}{'+' if self.more else ''}"


@dataclass(frozen=True)
class Series:
    """One bracket slot: its participants (``None`` is a bye or not yet known) and progress."""

    round: int
    slot: int
    high: str | None
    low: str | None
    high_wins: int
    low_wins: int
    games_played: int
    winner: str | None


@dataclass(frozen=True)
class FormatView:
    """What the live view and ``tournament show`` draw of a format besides the standings."""

    bracket: tuple[Series, ...] = ()
    """A bracket, round by round (the last series is the final), drawn as a tree."""
    lines: tuple[str, ...] = ()
    """Lines printed under the standings, e.g. where a Swiss stands while it plays."""


class Format(ABC):
    """A tournament format. Set the class attributes, implement :meth:`next_matches` and
    :meth:`known_total`, and override the other methods where the defaults do not fit."""

    name: str
    """The name ``format`` is written with; the format's TOML table has this name too."""
    summary: str
    """One line saying what the format plays, for ``ruckus formats``."""
    fields: tuple[OptionField, ...] = ()
    """The keys of the format's TOML table (none: the format takes no table)."""
    players: int | None = None
    """The only ``players`` the format takes (2 for head-to-head formats); None: any."""
    tiebreaks: bool = False
    """Whether standings break ties by Buchholz, then Sonneborn-Berger (as Swiss does)."""
    sprt_rule: str = ""
    """When ``[sprt]`` applies, in a few words for the error where it does not (empty: never)."""
    hash_keys: Mapping[str, str] = MappingProxyType({})
    """Option -> the flat key the definition hash has always shown it under. Only the
    built-in formats have them; other formats' options are hashed under ``format_options``."""

    def bots_needed(self, players: int) -> int:
        """Return the fewest bots a definition of ``players`` seats per match needs."""
        return players

    def parse_options(self, table: dict[str, Any], context: FormatContext) -> FormatOptions:
        """Return the options of the format's TOML ``table`` (empty when absent; keys not in
        :attr:`fields` are already refused). Raise
        :class:`~tournaments.toml_fields.DefinitionError` naming the field, e.g.
        ``swiss.rounds``."""
        return FormatOptions()

    def schedule(self, definition: Tournament) -> list[Match] | None:
        """Return the whole schedule when it is known up front, ordered by round then key;
        None when matches are released as results arrive."""
        return None

    @abstractmethod
    def next_matches(self, definition: Tournament, finished: Finished) -> list[Match]:
        """Return the unfinished matches that can be played now, ordered by round then key;
        empty when the tournament is over. Matches in flight are returned until recorded."""

    @abstractmethod
    def known_total(self, definition: Tournament, finished: Finished) -> KnownTotal:
        """Return the matches the run will play as far as ``finished`` tells (``more`` when
        the final count may be larger), without regard to ``[sprt]``."""

    def byes(self, definition: Tournament, finished: Finished) -> dict[str, int]:
        """Return how many byes each bot has had so far (standings count one point each)."""
        return {}

    def view(self, definition: Tournament, finished: Finished) -> FormatView:
        """Return what the views draw of the format after ``finished``."""
        return FormatView()

    def tested_pairings(self, definition: Tournament) -> list[tuple[str, str]]:
        """Return the (bot, opponent) pairs a ``[sprt]`` test follows, in definition order;
        empty when ``[sprt]`` does not apply. Only a format with an up-front
        :meth:`schedule` can have them."""
        return []


class UpFrontFormat(Format):
    """A format whose whole schedule is known before the first match (round-robin, gauntlet):
    implement :meth:`schedule`; the matches to play and the total follow from it."""

    @abstractmethod
    def schedule(self, definition: Tournament) -> list[Match]:
        """Return the whole schedule, ordered by round then key."""

    def next_matches(self, definition: Tournament, finished: Finished) -> list[Match]:
        """Return the matches of the schedule that have no result yet."""
        return [match for match in self.schedule(definition) if match.key not in finished]

    def known_total(self, definition: Tournament, finished: Finished) -> KnownTotal:
        """Return the length of the schedule: it is fixed."""
        return KnownTotal(len(self.schedule(definition)), False)
