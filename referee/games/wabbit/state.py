"""Match state: plain ``__slots__`` records copied shallowly and replaced field by field.

Every collection inside a state is a tuple or frozenset, so a shallow copy plus new
values for the fields that change never touches the input state. The Rng is shared by
copies (``SHARED``) until one of them draws: a draw goes through ``State.draw_source``,
which first gives the drawing state a source of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from referee.games.base import Event
from referee.games.rng import Rng, SharedSource
from referee.games.slots import SlotState
from referee.games.wabbit.board import CARROT_PATCH, GEOMETRY, START_HOLES, Geometry
from referee.games.wabbit.cards import build_deck
from referee.games.wabbit.config import HAND_SIZE, Config
from referee.games.wabbit.items import START_ITEMS
from referee.games.wabbit.records import Attack, Char, Loot
from referee.games.wabbit.roster import roster

SCORE_CATEGORIES: tuple[str, ...] = (
    "whomp",
    "plough",
    "plant",
    "stockpile",
    "crop",
    "building",
    "standing",
)
WHOMP, PLOUGH, PLANT, STOCKPILE, CROP, BUILDING_VP, STANDING = range(len(SCORE_CATEGORIES))

PLACE_HOLE = "place_hole"
DISCARD = "discard"
CHOOSE = "choose_character"
MOVE = "move"
ACTION = "action"
PRE_ROLL = "pre_roll"
POST_ROLL = "post_roll"
LOOT = "loot"
END_TURN = "end_turn"
OVER = "game_over"
SEASONS: tuple[str, ...] = ("spring", "summer", "autumn", "winter")


def same(value: Any) -> Any:
    """Return ``value`` itself: a plain digest part."""
    return value


class State(SharedSource, SlotState):
    """The full match state (see module docstring for the copy discipline)."""

    __slots__ = (
        "config",
        "players",
        "deck_kinds",
        "rng",
        "round",
        "seat",
        "phase",
        "chars",
        "items",
        "loose",
        "ploughed",
        "planted",
        "holes",
        "damage",
        "mask",
        "draw",
        "hands",
        "discard",
        "in_mail",
        "parcel",
        "disguises",
        "vp",
        "stockpiled",
        "active",
        "move_done",
        "action_done",
        "mp",
        "moved",
        "free_used",
        "bonus_mp",
        "discards",
        "decisions",
        "attack",
        "queue",
        "loot",
        "hole_card",
        "resume",
        "reason",
        "events",
        "legal_cache",
    )
    FRESH: ClassVar[Mapping[str, Callable[[], Any]]] = {
        "events": tuple,
        "legal_cache": lambda: None,
    }
    SHARED: ClassVar[frozenset[str]] = frozenset({"rng"})

    config: Config
    players: int
    deck_kinds: tuple[str, ...]
    rng: Rng
    round: int
    seat: int
    phase: str
    chars: tuple[Char, ...]
    items: tuple[tuple[str, int], ...]
    loose: tuple[tuple[int, int], ...]
    ploughed: frozenset[int]
    planted: frozenset[int]
    holes: frozenset[int]
    damage: tuple[int, ...]
    mask: int
    draw: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    in_mail: tuple[tuple[int, ...], ...]
    parcel: tuple[tuple[str, ...], ...]
    disguises: tuple[tuple[int, int], ...]
    vp: tuple[tuple[int, ...], ...]
    stockpiled: tuple[int, ...]
    active: int
    move_done: tuple[int, ...]
    action_done: tuple[int, ...]
    mp: int
    moved: bool
    free_used: int
    bonus_mp: tuple[int, ...]
    discards: int
    decisions: int
    attack: Attack | None
    queue: tuple[int, ...]
    loot: Loot | None
    hole_card: int
    resume: str
    reason: str
    events: tuple[Event, ...]
    legal_cache: list[Any] | None

    @property
    def geometry(self) -> Geometry:
        """Return the zones and connectivity for the buildings standing now."""
        return GEOMETRY[self.mask]

    def set_char(self, char: Char) -> None:
        """Replace one character."""
        chars = list(self.chars)
        chars[char.cid] = char
        self.chars = tuple(chars)

    def add_vp(self, seat: int, category: int, points: int) -> None:
        """Add victory points to one seat's category and record a public ``score`` event."""
        if points == 0:
            return
        row = list(self.vp[seat])
        row[category] += points
        vp = list(self.vp)
        vp[seat] = tuple(row)
        self.vp = tuple(vp)
        data = {
            "seat": seat,
            "category": SCORE_CATEGORIES[category],
            "points": points,
            "total": sum(row),
        }
        self.events += (tuple.__new__(Event, ("score", data, None)),)

    def score(self, seat: int) -> int:
        """Return a seat's total victory points."""
        return sum(self.vp[seat])

    def canonical(self, fixed: Callable[[Any], object] = same) -> tuple[Any, ...]:
        """Return an ordered tuple of the whole state, Rng included, for digests; ``fixed``
        gives the place of the parts a match never changes (the deck, the config's text)."""
        return (
            self.players,
            fixed(self.deck_kinds),
            self.rng.state(),
            self.round,
            self.seat,
            self.phase,
            tuple(c.key() for c in self.chars),
            self.items,
            self.loose,
            tuple(sorted(self.ploughed)),
            tuple(sorted(self.planted)),
            tuple(sorted(self.holes)),
            self.damage,
            self.mask,
            self.draw,
            self.hands,
            self.discard,
            self.in_mail,
            self.parcel,
            self.disguises,
            self.vp,
            self.stockpiled,
            self.active,
            self.move_done,
            self.action_done,
            self.mp,
            self.moved,
            self.free_used,
            self.bonus_mp,
            self.discards,
            self.decisions,
            self.attack.key() if self.attack else None,
            self.queue,
            self.loot.key() if self.loot else None,
            self.hole_card,
            self.resume,
            self.reason,
            fixed(self.config.canonical()),
        )


def initial_state(config: Config, players: int, seed: int) -> State:
    """Set up the board, characters and items, shuffle and deal (no turn started yet).

    Chance order: the only draw at setup is the Fisher-Yates shuffle of the deck.
    """
    state = State.__new__(State)
    state.config = config
    state.players = players
    state.deck_kinds = build_deck(config)
    state.rng = Rng(seed)
    state.round = 1
    state.seat = 0
    state.phase = DISCARD
    state.chars = tuple(
        Char(cid, seat, kind, home, home) for cid, (seat, kind, home) in enumerate(roster(players))
    )
    state.items = START_ITEMS
    state.loose = ()
    state.ploughed = frozenset(CARROT_PATCH)
    state.planted = frozenset(CARROT_PATCH)
    state.holes = START_HOLES
    state.damage = (0, 0, 0, 0)
    state.mask = 0
    deck = list(range(len(state.deck_kinds)))
    state.rng.shuffle(deck)
    hands = []
    for _ in range(players):
        hands.append(tuple(deck[:HAND_SIZE]))
        deck = deck[HAND_SIZE:]
    state.draw = tuple(deck)
    state.hands = tuple(hands)
    state.discard = ()
    state.in_mail = ((),) * players
    state.parcel = ((),) * players
    state.disguises = ()
    state.vp = ((0,) * len(SCORE_CATEGORIES),) * players
    state.stockpiled = (0,) * players
    reset_turn(state)
    state.attack = None
    state.queue = ()
    state.loot = None
    state.hole_card = -1
    state.resume = ""
    state.reason = ""
    state.events = ()
    state.legal_cache = None
    return state


def reset_turn(state: State) -> None:
    """Clear what one turn tracks: the active character, movement, free actions, counters."""
    state.active = -1
    state.move_done = ()
    state.action_done = ()
    state.mp = 0
    state.moved = False
    state.free_used = 0
    state.bonus_mp = (0,) * len(state.chars)
    state.discards = 0
    state.decisions = 0
