"""The contract every rules engine implements (DESIGN section 3).

An engine is a stateless object (``GAME`` in its package) whose methods take and
return immutable-by-contract states: ``apply`` returns a new state and never
changes the one it was given. Everything here is pure standard library.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, TypeVar

JsonValue = Any
"""A value made only of dict, list, str, int, float, bool and None."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


class GameError(Exception):
    """Base class of the errors an engine raises."""


class IllegalAction(GameError):
    """An action that is not among ``legal_actions(state)``, or a decision when the game is over."""


class ConfigError(GameError):
    """A configuration value outside its bounds; the message names the field."""


@dataclass(frozen=True)
class GameSpec:
    """What a game is: its name, rules version, player counts, scenarios and config type."""

    name: str
    title: str
    rules_version: str
    min_players: int
    max_players: int
    scenarios: tuple[str, ...]
    default_scenario: str
    config_type: type[Any]
    end_reasons: tuple[str, ...] = ()
    """Every ``Outcome.reason`` the engine can give (the values of its ``EndReason`` enum)."""


class Event(NamedTuple):
    """One thing ``apply`` did (a roll, a reveal, a score), tagged with who may see it.

    ``visible_to`` is ``None`` for a public event, otherwise the seats that may see it.
    Engines make events at every apply, so an event is a named tuple: built at a fraction of
    a frozen dataclass's cost and as immutable.
    """

    kind: str
    data: Mapping[str, JsonValue]
    visible_to: frozenset[int] | None = None

    def is_visible_to(self, seat: int | None) -> bool:
        """Return whether ``seat`` may see this event (``None`` means a spectator)."""
        if self.visible_to is None:
            return True
        return seat is not None and seat in self.visible_to

    def to_json(self) -> dict[str, JsonValue]:
        """Return the event as a JSON-ready dict."""
        return {"kind": self.kind, **self.data}


@dataclass(frozen=True)
class Outcome:
    """The end of a match: per-seat score and rank (1 is best; tied seats share a rank)."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats ranked first; more than one means a draw among them."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_json(self) -> dict[str, JsonValue]:
        """Return the outcome as a JSON-ready dict."""
        return {"scores": list(self.scores), "ranks": list(self.ranks), "reason": self.reason}


@dataclass(frozen=True)
class Status:
    """Where a match stands, in the one vocabulary every game shares.

    ``round`` counts from 1; ``phase`` names the kind of decision asked now (or ``"over"``);
    ``scores`` is each seat's score as the rules count it; ``turn_seat`` is the seat whose turn
    it is (a turn may hold decisions of other seats); ``round_label`` is how the round reads
    when a number alone does not say it (``"3/12 spring"``), else empty.
    """

    to_move: int | None
    round: int
    phase: str
    scores: tuple[int, ...]
    turn_seat: int | None = None
    round_label: str = ""

    def to_json(self) -> dict[str, JsonValue]:
        """Return the status as a JSON-ready dict."""
        return {
            "to_move": self.to_move,
            "round": self.round,
            "round_label": self.round_label or str(self.round),
            "phase": self.phase,
            "scores": list(self.scores),
            "turn_seat": self.turn_seat,
        }


def ranks_from_keys(keys: list[tuple[int, ...]]) -> tuple[int, ...]:
    """Rank seats by descending sort key; equal keys share a rank (competition ranking)."""
    ranks = []
    for key in keys:
        ranks.append(1 + sum(1 for other in keys if other > key))
    return tuple(ranks)


def is_among(action: object, legal: Sequence[object]) -> bool:
    """Return whether ``action`` is one of ``legal``: first by identity (an action taken from
    ``legal_actions``, as most are), which skips the field-by-field comparisons, then by
    equality (an equal action built anew, as a decoded message is)."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(record_type: type) -> tuple[str, ...]:
    """Return the field names of a dataclass type in order, found once per type (an action's
    data and label read them at every decision)."""
    names = _FIELD_NAMES.get(record_type)
    if names is None:
        names = tuple(item.name for item in dataclasses.fields(record_type))
        _FIELD_NAMES[record_type] = names
    return names


def stable_digest(value: object) -> str:
    """Hash the ``repr`` of a structure of tuples, ints, strs and bools to a short hex string.

    Callers pass only canonical, ordered structures (no sets or dicts of unknown
    order), so the digest is stable across runs and machines.
    """
    return hashlib.blake2b(repr(value).encode(), digest_size=16).hexdigest()


class IdentityMemo:
    """``derive(*sources)`` for sources that are never changed once made (a table replaced whole
    when it changes, so copies of a state share it), made once per combination of sources.

    Most decisions leave such a table as it was, so what is derived from it is then made
    once, not at every decision. The memo holds the sources of each value, so the identities
    it knows belong to them; it starts over when it knows ``limit`` values. Several threads
    may share one: at worst a value is derived twice. What it returns is shared by every
    caller that gives the same sources: read it, never change it.
    """

    def __init__(self, derive: Callable[..., Any], limit: int = 64) -> None:
        self._derive = derive
        self._limit = limit
        self._memo: dict[int | tuple[int, ...], tuple[tuple[object, ...], Any]] = {}

    def __call__(self, *sources: object) -> Any:
        """Return ``derive(*sources)``, made at the first call for these sources."""
        key = id(sources[0]) if len(sources) == 1 else tuple(map(id, sources))
        known = self._memo.get(key)
        if known is not None:
            return known[1]
        value = self._derive(*sources)
        if len(self._memo) >= self._limit:
            self._memo.clear()
        self._memo[key] = (sources, value)
        return value


class _Verbatim:
    """Stands in for a value inside a digest's structure: its ``repr`` is the value's, made
    before."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


class SharedPart(IdentityMemo):
    """A digest part derived from a source that is never changed once made, written out once
    per source (see :class:`IdentityMemo`).

    ``part(source)`` returns a stand-in whose ``repr`` is ``repr(derive(source))``: put in the
    structure given to :func:`stable_digest` in place of ``derive(source)``, it leaves the
    digest as it was, while the text of a part that most decisions leave alone is made once.
    """

    def __init__(self, derive: Callable[[Any], object], limit: int = 64) -> None:
        super().__init__(lambda source: _Verbatim(repr(derive(source))), limit)


class Game(Protocol[StateT, ActionT]):
    """The engine contract. States are never mutated; all chance comes from the state's seed."""

    spec: GameSpec

    def make_config(self, scenario: str | None = None, **overrides: Any) -> Any:
        """Build a validated config for ``scenario`` (default scenario if None) with overrides."""
        ...

    def config_to_json(self, config: Any) -> dict[str, JsonValue]:
        """Return ``config`` as a JSON-ready dict (what logs and MatchStart carry)."""
        ...

    def config_from_json(self, scenario: str, data: dict[str, JsonValue]) -> Any:
        """Rebuild the config ``config_to_json`` wrote; raise ``ConfigError`` on a bad value."""
        ...

    def new_state(self, config: Any, players: int, seed: int) -> StateT:
        """Set up a new match for ``players`` seats; raise ``ConfigError`` on bad input."""
        ...

    def to_move(self, state: StateT) -> int | None:
        """Return the seat that owns the current decision, or None when the game is over."""
        ...

    def legal_actions(self, state: StateT) -> list[ActionT]:
        """Return the legal actions of the seat to move, in a deterministic order."""
        ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """Return the state after ``action``; raise ``IllegalAction`` if it is not legal."""
        ...

    def static_map(self, state: StateT) -> dict[str, JsonValue]:
        """Return the board facts that never change during the match (sent once at start)."""
        ...

    def observe(self, state: StateT, seat: int | None) -> dict[str, JsonValue]:
        """Return what ``seat`` may know (``None``: a spectator who sees only public facts).

        The result is read-only: an engine may hand out the same list again, in later
        observations, while what it shows does not change (Pilfer's tokens), so the codec
        encodes it once (``GameCodec.shared_lists``).
        """
        ...

    def events(self, state: StateT) -> tuple[Event, ...]:
        """Return the events produced by the ``apply`` call that made ``state``."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """Return the result once the game is over, else None."""
        ...

    def status(self, state: StateT) -> Status:
        """Return the seat to move, round, phase and per-seat scores of ``state``."""
        ...

    def digest(self, state: StateT) -> str:
        """Return a stable hash of the full state (hidden parts and random source included)."""
        ...

    def render(self, state: StateT, seat: int | None = None) -> str:
        """Return a plain-text board; with a seat, only what that seat may know."""
        ...

    def action_label(self, action: ActionT) -> str:
        """Return a short human-readable label, e.g. ``MOVE(N)``."""
        ...

    def public_label(self, state: StateT, action: ActionT) -> str:
        """Return the label of ``action`` (legal in ``state``) as a spectator may see it: the
        full label, unless it names something the rules keep hidden from other seats."""
        ...

    def action_data(self, action: ActionT) -> dict[str, JsonValue]:
        """Return the action as a JSON-ready dict with a ``kind`` key."""
        ...


class Resampling(Protocol[StateT]):
    """What an engine with hidden information may add: a forward model for search bots.

    ``resample`` returns a state that ``seat`` cannot tell from ``state`` (every observation and
    event it has seen would be the same) with everything hidden from it drawn afresh from
    ``rng``, as OpenSpiel's ``resample_from_infostate`` does. ``state`` itself is not changed.

    ``state_from_view`` is where a bot, which never holds the real state, starts: a state
    consistent with what ``seat`` observes now, built from the match's config and seat count
    and the observation (``observe(state, seat)``, or its wire form as a bot reads it: proto
    field names, where a missing key reads as zero, false or empty), everything hidden from
    the seat drawn from ``rng``. It returns None at a decision it cannot rebuild (say, in the
    middle of a resolution the observation does not spell out).
    """

    def resample(self, state: StateT, seat: int, rng: random.Random) -> StateT:
        """Return a state consistent with what ``seat`` knows, hidden parts drawn from ``rng``."""
        ...

    def state_from_view(
        self,
        config: Any,
        players: int,
        seat: int,
        observation: dict[str, JsonValue],
        rng: random.Random,
    ) -> StateT | None:
        """Return a state consistent with what ``seat`` observes (hidden parts drawn from
        ``rng``), or None at a decision the engine cannot rebuild from its observation."""
        ...


class Simultaneous(Protocol[StateT, ActionT]):
    """What an engine whose seats move at once adds: joint steps.

    ``to_act(state)`` names the seats that must act together now, in seat order; it is empty
    when the state is a sequential one (``to_move`` owns the decision) or the game is over.
    At a joint state every named seat picks from ``legal_actions_for(state, seat)`` without
    seeing the others' choices, and ``apply_joint`` applies every choice at once. ``to_move``
    of a joint state is the first seat of ``to_act`` (so it is None only when the game is
    over), ``legal_actions`` are that seat's, and ``apply`` raises ``IllegalAction``.
    """

    def to_act(self, state: StateT) -> tuple[int, ...]:
        """Return the seats that act together now (empty: a sequential state, or the end)."""
        ...

    def legal_actions_for(self, state: StateT, seat: int) -> list[ActionT]:
        """Return the legal actions of ``seat`` at a joint state, in a deterministic order."""
        ...

    def apply_joint(self, state: StateT, actions: Mapping[int, ActionT]) -> StateT:
        """Return the state after every seat of ``to_act`` took its action in ``actions``;
        raise ``IllegalAction`` if a seat is missing, extra or its action is not legal."""
        ...
