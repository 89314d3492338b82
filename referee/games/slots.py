"""State bookkeeping derived from ``__slots__``: copying a state without listing its fields.

An engine state that lists its fields in ``__slots__`` subclasses :class:`SlotState` and names,
in ``FRESH``, the slots that start anew in every copy (the events of the last ``apply``, caches).
:meth:`SlotState.copy` copies every other slot: lists, dicts and sets one level deep (so the copy
may change them in place), objects with a ``copy`` method (the random source) by that method,
and everything else -- immutable by the engines' discipline -- by reference. A container the
engine only ever replaces (a new dict at each change) is named in ``SHARED`` and shared too.
A field added to ``__slots__`` is copied without another edit, and the conformance suite checks
that it reaches the state digest, except the ``FRESH`` slots and the ``DERIVED`` ones: fixed for
the whole match and computed at setup from fields the digest holds (a board from the config's
scenario), which the suite checks never change during a match.

``copy`` runs once per decision, so it is compiled, once per class on its first use, into one
straight-line function: each slot's way of copying is read from its annotation (``list[...]``
copies one level, ``Rng`` by its ``copy`` method, ``tuple[...]`` or ``Pending | None`` by
reference). A slot whose annotation does not settle it (none, one that does not resolve,
``Any``, ``Mapping``, a union holding a list) is copied by the rule above applied to the value
it holds.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

_CONTAINERS: dict[type, Callable[[Any], Any]] = {list: list, dict: dict, set: set}
_SHARED = frozenset({int, str, bool, tuple, frozenset, type(None)})
_UNIONS = (typing.Union, types.UnionType)


def _copy_value(value: Any) -> Any:
    """Return ``value`` as a state copy holds it: containers copied one level deep, an object
    with a ``copy`` method (not a builtin immutable) copied by it, anything else itself."""
    kind = type(value)
    if kind in _CONTAINERS:
        return _CONTAINERS[kind](value)
    if kind not in _SHARED and hasattr(value, "copy"):
        return value.copy()
    return value


def _how(hint: Any) -> str:
    """Return how a slot annotated ``hint`` is copied: ``share``, ``method`` (its ``copy``),
    a container's name (``list``, ``dict``, ``set``) or ``value`` (decided per value)."""
    origin = typing.get_origin(hint) or hint
    if origin in _CONTAINERS:
        return str(origin.__name__)
    if origin in _UNIONS:
        return "share" if {_how(arg) for arg in typing.get_args(hint)} == {"share"} else "value"
    if (
        origin is Any
        or not isinstance(origin, type)
        or any(issubclass(kind, origin) for kind in _CONTAINERS)
    ):
        return "value"  # Any, or a type a list, dict or set may be (Mapping, object)
    return "share" if origin in _SHARED or not hasattr(origin, "copy") else "method"


def _compile_copy(cls: type[SlotState]) -> Callable[[Any], Any]:
    """Return the copy function of ``cls``: one assignment per slot, as its annotation says."""
    try:
        hints = typing.get_type_hints(cls)
    except NameError:
        hints = {}
    source = {
        "share": "self.{0}",
        "method": "self.{0}.copy()",
        "list": "_list(self.{0})",
        "dict": "_dict(self.{0})",
        "set": "_set(self.{0})",
        "value": "_value(self.{0})",
    }
    lines = ["def copy(self):", "    new = _new(_cls)"]
    for name in cls._kept:
        how = "share" if name in cls.SHARED else _how(hints[name]) if name in hints else "value"
        lines.append(f"    new.{name} = " + source[how].format(name))
    lines.extend(f"    new.{name} = {_fresh_source(name, cls.FRESH[name])}" for name in cls.FRESH)
    lines.append("    return new")
    namespace: dict[str, Any] = {
        "_new": object.__new__,
        "_cls": cls,
        "_list": list,
        "_dict": dict,
        "_set": set,
        "_value": _copy_value,
        **{f"_fresh_{name}": factory for name, factory in cls.FRESH.items()},
    }
    exec("\n".join(lines), namespace)
    function: Callable[[Any], Any] = namespace["copy"]
    function.__qualname__ = f"{cls.__qualname__}.copy"
    return function


_FRESH_LITERALS: dict[Any, str] = {list: "[]", dict: "{}", tuple: "()"}
"""Factories whose fresh value a copy writes as a literal (no call)."""


def _fresh_source(name: str, factory: Callable[[], Any]) -> str:
    """Return the source of a ``FRESH`` slot's new value: a literal for an empty list, dict or
    tuple, ``None`` for a factory that makes None, else a call of the factory."""
    literal = _FRESH_LITERALS.get(factory)
    if literal is not None:
        return literal
    return "None" if factory() is None else f"_fresh_{name}()"


class SlotState:
    """Base class of a ``__slots__`` state whose copy is derived from its slots."""

    __slots__ = ()
    FRESH: ClassVar[Mapping[str, Callable[[], Any]]] = {}
    """Slot name -> factory of the value it has in a new copy."""
    DERIVED: ClassVar[frozenset[str]] = frozenset()
    """Slots fixed at setup from digested fields (the config, the player count)."""
    SHARED: ClassVar[frozenset[str]] = frozenset()
    """Slots holding a container the engine replaces and never changes in place: copies share
    it whatever its annotation (a container read at every decision and written seldom)."""
    _kept: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._kept = tuple(name for name in cls.slot_names() if name not in cls.FRESH)
        if "copy" not in cls.__dict__:  # not the copy compiled for a base class
            cls.copy = SlotState.copy  # type: ignore[method-assign]

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
        """Return a copy sharing immutable values, with its own containers and random source.

        The first copy of a class compiles its copy function and puts it in place of this
        method, so later copies call it straight away.
        """
        cls = type(self)
        compiled = _compile_copy(cls)
        cls.copy = compiled  # type: ignore[method-assign, assignment]
        new: Self = compiled(self)
        return new
