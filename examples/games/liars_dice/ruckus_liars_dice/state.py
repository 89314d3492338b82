"""The match state: a ``__slots__`` record whose copy and digest form come from its slots.

:class:`State` subclasses ``referee.games.slots.SlotState``, so ``copy`` copies every slot
without a list of fields, and :meth:`State.canonical` walks the same slots for the digest: a
slot added to ``__slots__`` is copied and digested with no other edit. Every value inside a
state is immutable (ints, strings, tuples, frozen records) except the random source, which
``copy`` copies; engines change a copy by replacing whole values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, ClassVar

from referee.games.base import Event, JsonValue
from referee.games.rng import Rng
from referee.games.slots import SlotState

from ruckus_liars_dice.actions import Bid
from ruckus_liars_dice.config import Config

OPEN = "open"
RAISE_OR_LIAR = "raise_or_liar"
OVER = "over"


@dataclass(frozen=True, slots=True)
class Reveal:
    """The end of a round: the challenged bid, every seat's dice shown, the count, the loser."""

    round: int
    bidder: int
    challenger: int
    quantity: int
    face: int
    dice: tuple[tuple[int, ...], ...]
    count: int
    loser: int

    def to_json(self) -> dict[str, JsonValue]:
        """Return the reveal as a JSON-ready dict (what every seat is shown, LD8)."""
        return {
            "round": self.round,
            "bidder": self.bidder,
            "challenger": self.challenger,
            "quantity": self.quantity,
            "face": self.face,
            "dice": [list(cup) for cup in self.dice],
            "count": self.count,
            "loser": self.loser,
        }


def canonical(value: Any) -> Any:
    """Return ``value`` as nested tuples of plain values, in a fixed order, for digests.

    Records are taken field by field, the random source by its state; anything else (a value
    no state should hold) raises TypeError.
    """
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple):
        return tuple(canonical(item) for item in value)
    if isinstance(value, Rng):
        return ("Rng", value.state())
    if is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            tuple((item.name, canonical(getattr(value, item.name))) for item in fields(value)),
        )
    raise TypeError(f"a state holds no {type(value).__name__}")


class State(SlotState):
    """The full match state; see the module docstring for the copy and digest discipline."""

    __slots__ = (
        "config",
        "players",
        "rng",
        "round",
        "seat",
        "counts",
        "dice",
        "bids",
        "out",
        "last_reveal",
        "reason",
        "events",
    )
    FRESH: ClassVar[Mapping[str, Callable[[], Any]]] = {"events": tuple}

    config: Config
    players: int
    rng: Rng
    round: int
    seat: int
    """The seat to move (while the game is on)."""
    counts: tuple[int, ...]
    """Dice left per seat (the score, LD14)."""
    dice: tuple[tuple[int, ...], ...]
    """Each seat's dice this round, sorted (empty for a seat that is out, and after the end)."""
    bids: tuple[tuple[int, Bid], ...]
    """The bids of this round in order, each with its seat."""
    out: tuple[int, ...]
    """Seats that are out, in the order they went out (LD10)."""
    last_reveal: Reveal | None
    reason: str
    """Why the game ended (an ``EndReason`` value), empty while it is on."""
    events: tuple[Event, ...]

    def canonical(self) -> tuple[Any, ...]:
        """Return every digested slot, by name, as canonical values (Rng included)."""
        exempt = self.digest_exempt()
        names = [name for name in self.slot_names() if name not in exempt]
        return tuple((name, canonical(getattr(self, name))) for name in names)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.reason)

    @property
    def standing_bid(self) -> Bid | None:
        """Return the bid a LIAR would challenge now (None before the opening bid)."""
        return self.bids[-1][1] if self.bids else None

    @property
    def dice_in_play(self) -> int:
        """Return how many dice all seats hold together."""
        return sum(self.counts)

    def phase(self) -> str:
        """Return the kind of decision asked now: ``open``, ``raise_or_liar`` or ``over``."""
        if self.over:
            return OVER
        return RAISE_OR_LIAR if self.bids else OPEN

    def emit(self, kind: str, visible_to: int | None = None, **data: JsonValue) -> None:
        """Record an event of the current ``apply``; ``visible_to`` a seat keeps it private."""
        seats = None if visible_to is None else frozenset({visible_to})
        self.events = (*self.events, Event(kind, data, seats))


def empty_state(config: Config, players: int, seed: int) -> State:
    """Return a state before round 1: every seat with its full dice count, nothing rolled."""
    state = State.__new__(State)
    state.config = config
    state.players = players
    state.rng = Rng(seed)
    state.round = 0
    state.seat = 0
    state.counts = (config.dice_per_player,) * players
    state.dice = ((),) * players
    state.bids = ()
    state.out = ()
    state.last_reveal = None
    state.reason = ""
    state.events = ()
    return state
