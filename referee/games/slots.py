"""State bookkeeping derived from ``__slots__``: copying a state without listing its fields.

An engine state that lists its fields in ``__slots__`` subclasses :class:`SlotState` and names,
in ``FRESH``, the slots that start anew in every copy (the events of the last ``apply``, caches).
:meth:`SlotState.copy` copies every other slot: lists, dicts and sets one level deep (so the copy
may change them in place), objects with a ``copy`` method (the random source) by that method,
and everything else -- immutable by the engines' discipline -- by reference. A field added to
``__slots__`` is copied without another edit, and the conformance suite checks that it reaches
the state digest, except the ``FRESH`` slots and the ``DERIVED`` ones: fixed for the whole match
and computed at setup from fields the digest holds (a board from the config's scenario), which
the suite checks never change during a match.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

_CONTAINERS: dict[type, Callable[[Any], Any]] = {list: list, dict: dict, set: set}
_SHARED = frozenset({int, str, bool, tuple, frozenset, type(None)})


class SlotState:
    """Base class of a ``__slots__`` state whose copy is derived from its slots."""

    __slots__ = ()
    FRESH: ClassVar[Mapping[str, Callable[[], Any]]] = {}
    """Slot name -> factory of the value it has in a new copy."""
    DERIVED: ClassVar[frozenset[str]] = frozenset()
    """Slots fixed at setup from digested fields (the config, the player count)."""
    _kept: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._kept = tuple(name for name in cls.slot_names() if name not in cls.FRESH)

    @classmethod
    def slot_names(cls) -> tuple[str, ...]:
        """Return every slot of the class and its bases, in declaration order."""
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            names.extend(getattr(klass, "__slots__", ()))
        return tuple(names)

    @classmethod
    def digest_exempt(cls) -> frozenset[str]:
        """Return the slots the state digest leaves out: the ``FRESH`` and ``DERIVED`` ones."""
        return frozenset(cls.FRESH) | cls.DERIVED

    def copy(self) -> Self:
        """Return a copy sharing immutable values, with its own containers and random source."""
        new = type(self).__new__(type(self))
        for name in self._kept:
            value = getattr(self, name)
            kind = type(value)
            if kind in _CONTAINERS:
                value = _CONTAINERS[kind](value)
            elif kind not in _SHARED and hasattr(value, "copy"):
                value = value.copy()
            setattr(new, name, value)
        for name, factory in self.FRESH.items():
            setattr(new, name, factory())
        return new
