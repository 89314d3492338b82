"""The match state: a ``__slots__`` record whose copy and digest form come from its slots.

Every value inside a state is immutable (ints, strings, tuples) except the random source,
which ``copy`` copies; the rules change a copy by replacing whole values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from referee.games.base import Event, JsonValue
from referee.games.rng import Rng
from referee.games.slots import SlotState

from ruckus_grid_race.config import Config

Cell = tuple[int, int]


class State(SlotState):
    """The full match state (nothing in it is hidden from any seat)."""

    __slots__ = (
        "config",
        "players",
        "rng",
        "turn",
        "snakes",
        "lengths",
        "out_turn",
        "food",
        "last_moves",
        "reason",
        "events",
    )
    FRESH: ClassVar[Mapping[str, Callable[[], Any]]] = {"events": tuple}

    config: Config
    players: int
    rng: Rng
    turn: int
    """Turns played (a turn is one joint step of every snake still in)."""
    snakes: tuple[tuple[Cell, ...], ...]
    """Each seat's body, head first (empty once the snake is out)."""
    lengths: tuple[int, ...]
    """Each seat's length: the score (a snake that is out keeps the length it had)."""
    out_turn: tuple[int, ...]
    """The turn each seat went out on (0 while it is in)."""
    food: tuple[Cell, ...]
    """The cells holding food, sorted."""
    last_moves: tuple[str, ...]
    """Each seat's direction in the last turn ("" for a seat that did not move)."""
    reason: str
    """Why the game ended (an ``EndReason`` value), empty while it is on."""
    events: tuple[Event, ...]

    def canonical(self) -> tuple[Any, ...]:
        """Return every digested slot, by name, as plain values (the Rng by its state)."""
        exempt = self.digest_exempt()
        names = [name for name in self.slot_names() if name not in exempt]
        return tuple(
            (name, ("Rng", value.state()) if isinstance(value, Rng) else _plain(value))
            for name in names
            for value in (getattr(self, name),)
        )

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.reason)

    def seats_in(self) -> tuple[int, ...]:
        """Return the seats whose snakes are still on the board, in seat order."""
        return tuple(seat for seat, body in enumerate(self.snakes) if body)

    def emit(self, kind: str, **data: JsonValue) -> None:
        """Record a public event of the current apply."""
        self.events = (*self.events, Event(kind, data))


def _plain(value: Any) -> Any:
    """Return ``value`` (ints, strs, tuples, a Config) as plain nested tuples for the digest."""
    if isinstance(value, Config):
        return tuple(sorted(vars(value).items()))
    return value


def empty_state(config: Config, players: int, seed: int) -> State:
    """Return a state before the first turn: no snake, no food placed yet."""
    state = State.__new__(State)
    state.config = config
    state.players = players
    state.rng = Rng(seed)
    state.turn = 0
    state.snakes = ((),) * players
    state.lengths = (0,) * players
    state.out_turn = (0,) * players
    state.food = ()
    state.last_moves = ("",) * players
    state.reason = ""
    state.events = ()
    return state
