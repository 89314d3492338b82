"""The match state: small records inside one slotted container copied per decision.

``apply`` clones the container (shallow copies of the critter and pending-frame lists) and then
changes the clone in place. Records (critters, townsfolk: slotted dataclasses, the quickest to
read) are replaced, never changed once made, and the townsfolk, the seats' points, the token
table and the random source are replaced whole when they change (so copies share them): the
input state is never touched, which the conformance suite checks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, TypeVar

from referee.games.pilfer.config import Config
from referee.games.pilfer.maps import Cell, Edge, ScenarioMap
from referee.games.rng import Rng, SharedSource
from referee.games.slots import SlotState

# Roster (rules 2.5): type -> (dice, scuffle bonus, actions per turn).
ROSTER: dict[str, tuple[int, int, int]] = {
    "squirrel": (1, 0, 3),
    "goose": (1, 0, 3),
    "weasel": (1, 0, 3),
    "skunk": (1, 1, 3),
    "turtle": (1, 0, 2),
    "raccoon": (2, 0, 3),
    "fox": (2, 0, 3),
    "boar": (2, 1, 3),
    "wolf": (3, 0, 3),
    "buck": (3, 1, 3),
}
CRITTER_TYPES: tuple[str, ...] = tuple(ROSTER)
DIAGONAL_MOVERS: frozenset[str] = frozenset({"goose", "fox", "wolf"})

DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "E": (1, 0),
    "S": (0, 1),
    "W": (-1, 0),
    "NE": (1, -1),
    "SE": (1, 1),
    "SW": (-1, 1),
    "NW": (-1, -1),
}
ORTHOGONAL: tuple[str, ...] = ("N", "E", "S", "W")
ALL_DIRECTIONS: tuple[str, ...] = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")
SPINNER: dict[int, tuple[str, ...]] = {
    4: ORTHOGONAL,
    8: ("N", "NE", "E", "SE", "S", "SW", "W", "NW"),
}


_blank = object.__new__
"""Makes the blank record that ``Critter.moved``, ``with_actions`` and ``Townsfolk.at`` fill
slot by slot, for two thirds of the cost of calling the dataclass (a few times per decision)."""


@dataclasses.dataclass(slots=True, unsafe_hash=True)
class Critter:
    """A critter: ids come from one game-wide counter starting at 1 (G45).

    A slotted record, never changed once made (``moved``, ``with_actions`` and ``_replace`` make
    new ones; the conformance suite checks that ``apply`` leaves its input unchanged): the
    menus read its fields at every decision, and a slot is the quickest field Python reads.
    """

    cid: int
    owner: int
    kind: str
    x: int
    y: int
    actions: int
    activated: bool
    trapped: int  # id of the trap holding it, 0 when free
    carrying: tuple[int, ...]

    def __iter__(self) -> Iterator[Any]:
        """Iterate over the fields in order (the state digest reads a critter as a tuple)."""
        c = self
        return iter(
            (c.cid, c.owner, c.kind, c.x, c.y, c.actions, c.activated, c.trapped, c.carrying)
        )

    def _replace(self, **changes: Any) -> Critter:
        """Return this critter with ``changes`` to its fields."""
        return dataclasses.replace(self, **changes)

    def moved(self, x: int, y: int, actions: int) -> Critter:
        """Return this critter standing in ``(x, y)`` with ``actions`` left."""
        new = _blank(Critter)
        new.cid = self.cid
        new.owner = self.owner
        new.kind = self.kind
        new.x = x
        new.y = y
        new.actions = actions
        new.activated = self.activated
        new.trapped = self.trapped
        new.carrying = self.carrying
        return new

    def with_actions(self, actions: int, activated: bool) -> Critter:
        """Return this critter with ``actions`` left and activated or not this turn."""
        new = _blank(Critter)
        new.cid = self.cid
        new.owner = self.owner
        new.kind = self.kind
        new.x = self.x
        new.y = self.y
        new.actions = actions
        new.activated = activated
        new.trapped = self.trapped
        new.carrying = self.carrying
        return new


@dataclasses.dataclass(slots=True, unsafe_hash=True)
class Townsfolk:
    """A townsfolk; ``num`` is its position in ascending id order (G25). A slotted record,
    never changed once made, as ``Critter``."""

    num: int
    name: str
    color: int
    controller: int
    x: int
    y: int
    out: bool

    def __iter__(self) -> Iterator[Any]:
        """Iterate over the fields in order (the state digest reads a townsfolk as a tuple)."""
        t = self
        return iter((t.num, t.name, t.color, t.controller, t.x, t.y, t.out))

    def _replace(self, **changes: Any) -> Townsfolk:
        """Return this townsfolk with ``changes`` to its fields."""
        return dataclasses.replace(self, **changes)

    def at(self, x: int, y: int) -> Townsfolk:
        """Return this townsfolk standing in ``(x, y)``."""
        new = _blank(Townsfolk)
        new.num = self.num
        new.name = self.name
        new.color = self.color
        new.controller = self.controller
        new.x = x
        new.y = y
        new.out = self.out
        return new


class Pending(NamedTuple):
    """A reactive decision waiting for ``seat``: kind plus the data needed to resume."""

    kind: str
    seat: int
    data: tuple[Any, ...]


class Scuffle(NamedTuple):
    """A scuffle being resolved (G33-G38); it is re-pushed after each AVOID answer.

    ``attacker`` is a critter id or a townsfolk index (``by_townsfolk``); ``token`` is the
    cat or dog that must be the target (reveal or dumpster), 0 to pick by G34; ``stage``
    is ``"mover"`` while the mover may still avoid, then ``"target"``.
    """

    x: int
    y: int
    by_townsfolk: bool
    attacker: int
    token: int
    stage: str
    avoided: tuple[int, ...]
    declined: tuple[int, ...]


T = TypeVar("T")

RawEvent = tuple[str, dict[str, Any], frozenset[int] | None]
"""An event as ``apply`` records it: kind, data and the seats that may see it (None: all);
``PilferGame.events`` hands them out as ``Event`` records."""

Frame = tuple[Any, ...]
"""One pending resolution step, e.g. ``("reveal", critter_id, cell)``; see flow.py."""


class State(SharedSource, SlotState):
    """A Pilfer match position. Treat as immutable; engine code changes only fresh clones."""

    __slots__ = (
        "config",
        "board",
        "players",
        "colors",
        "start_of",
        "rng",
        "bag",
        "dealt",
        "tokens",
        "face_up",
        "discard",
        "critters",
        "townsfolk",
        "points",
        "gross",
        "spent",
        "openings",
        "known",
        "sniffs",
        "round",
        "turn_seat",
        "phase",
        "active",
        "turn_decisions",
        "stack",
        "pending",
        "end_reason",
        "winner",
        "events",
        "legal_cache",
    )
    FRESH: ClassVar[Mapping[str, Callable[[], Any]]] = {
        "events": list,
        "legal_cache": lambda: None,
    }
    DERIVED: ClassVar[frozenset[str]] = frozenset({"board", "colors", "start_of"})
    SHARED: ClassVar[frozenset[str]] = frozenset({"tokens", "start_of", "rng"})

    config: Config
    board: ScenarioMap
    players: int
    colors: tuple[int, ...]
    start_of: dict[Cell, int]
    rng: Rng
    bag: tuple[str, ...]
    dealt: int
    tokens: dict[Cell, tuple[int, ...]]
    face_up: frozenset[int]
    discard: tuple[int, ...]
    critters: list[Critter]
    townsfolk: tuple[Townsfolk, ...]
    points: tuple[int, ...]
    gross: tuple[int, ...]
    spent: tuple[int, ...]
    openings: frozenset[Edge]
    known: tuple[frozenset[int], ...]
    sniffs: tuple[tuple[int, int], ...]
    round: int
    turn_seat: int
    phase: str  # "setup", "play" or "over"
    active: int  # id of the critter being activated, 0 for none
    turn_decisions: int
    stack: list[Frame]
    pending: Pending | None
    end_reason: str
    winner: int
    events: list[RawEvent]
    legal_cache: list[Any] | None

    def emit(
        self, kind: str, data: dict[str, Any], visible_to: frozenset[int] | None = None
    ) -> None:
        """Record an event of the current ``apply``. There are about two per decision, so the
        data comes as a dict (a fifth quicker than keywords) and the event is kept as a plain
        tuple, made an ``Event`` only when the events are read (most states never are)."""
        self.events.append((kind, data, visible_to))

    # Queries used by several rule modules. The cell queries run at nearly every decision: a
    # loop that returns at the first hit costs half of ``any`` over a generator (SIM110).

    def critters_at(self, x: int, y: int) -> list[Critter]:
        """Return the critters standing in cell ``(x, y)``, by id."""
        return [c for c in self.critters if c.x == x and c.y == y]

    def townsfolk_at(self, x: int, y: int) -> list[Townsfolk]:
        """Return the townsfolk on the board in cell ``(x, y)``, by id."""
        return [t for t in self.townsfolk if t.x == x and t.y == y and not t.out]

    def has_critter(self, x: int, y: int) -> bool:
        """Return whether any critter stands in ``(x, y)``."""
        for c in self.critters:  # noqa: SIM110
            if c.x == x and c.y == y:
                return True
        return False

    def has_townsfolk(self, x: int, y: int) -> bool:
        """Return whether a townsfolk on the board stands in ``(x, y)``."""
        for t in self.townsfolk:  # noqa: SIM110
            if t.x == x and t.y == y and not t.out:
                return True
        return False

    def has_free_enemy(self, x: int, y: int, seat: int) -> bool:
        """Return whether a critter of another seat than ``seat``, not trapped, stands in
        ``(x, y)``."""
        for c in self.critters:
            if c.x == x and c.y == y and c.owner != seat and not c.trapped:
                return True
        return False

    def has_face_up_guard(self, x: int, y: int) -> bool:
        """Return whether a face-up cat or dog lies in ``(x, y)``."""
        face_up = self.face_up
        for token in self.tokens.get((x, y), ()):
            if token in face_up and self.bag[token - 1] in ("cat", "dog"):
                return True
        return False

    def kind_of(self, token: int) -> str:
        """Return the kind of a token (ids are 1-based shuffled-bag positions, G20)."""
        return self.bag[token - 1]

    def start_cell(self, seat: int) -> Cell:
        """Return the start space of ``seat``."""
        return self.board.starts[self.colors[seat]]

    def set_critter(self, critter: Critter) -> None:
        """Store a changed critter record."""
        self.critters[critter.cid - 1] = critter

    def set_tokens(self, cell: Cell, tokens: tuple[int, ...]) -> None:
        """Store the tokens of ``cell`` (none: the cell is dropped). The mapping is replaced,
        never changed in place (``SHARED``): copies share it, as most decisions leave it be."""
        table = dict(self.tokens)
        if tokens:
            table[cell] = tokens
        else:
            del table[cell]
        self.tokens = table

    def set_townsfolk(self, folk: Townsfolk) -> None:
        """Store a changed townsfolk record (the townsfolk are a tuple: they change about once
        every three decisions, so sharing them beats copying a list at every one)."""
        townsfolk = self.townsfolk
        num = folk.num
        self.townsfolk = (*townsfolk[:num], folk, *townsfolk[num + 1 :])


def replaced(items: Sequence[T], index: int, item: T) -> tuple[T, ...]:
    """Return ``items`` as a tuple with the one at ``index`` replaced by ``item``."""
    return (*items[:index], item, *items[index + 1 :])
