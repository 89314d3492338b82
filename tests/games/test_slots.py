"""SlotState.copy: the compiled copy follows each slot's annotation, and the value where the
annotation leaves it open."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from referee.games.rng import Rng
from referee.games.slots import SlotState


class Sample(SlotState):
    __slots__ = (
        "number",
        "cells",
        "items",
        "table",
        "seen",
        "rng",
        "maybe_rng",
        "frozen",
        "view",
        "anything",
        "bare",
        "events",
    )
    FRESH: ClassVar[Mapping[str, Callable[[], Any]]] = {"events": list}

    number: int
    cells: tuple[int, ...]
    items: list[int]
    table: dict[str, int]
    seen: set[int]
    rng: Rng
    maybe_rng: Rng | None
    frozen: frozenset[int]
    view: Mapping[str, int]
    anything: Any
    events: list[str]


class Child(Sample):
    __slots__ = ("extra",)

    extra: list[int]


def _filled(cls: type[Sample]) -> Sample:
    state = cls.__new__(cls)
    state.number = 3
    state.cells = (1, 2)
    state.items = [1]
    state.table = {"a": 1}
    state.seen = {4}
    state.rng = Rng(5)
    state.maybe_rng = Rng(6)
    state.frozen = frozenset({7})
    state.view = {"b": 2}
    state.anything = [8]
    state.bare = [9]
    state.events = ["old"]
    return state


def test_a_copy_shares_immutable_values_and_owns_its_containers_and_random_sources():
    state = _filled(Sample)
    copied = state.copy()
    assert type(copied) is Sample
    assert copied.cells is state.cells and copied.frozen is state.frozen
    assert copied.number == 3
    for name in ("items", "table", "seen", "view", "anything", "bare"):
        assert getattr(copied, name) == getattr(state, name)
        assert getattr(copied, name) is not getattr(state, name), name
    for name in ("rng", "maybe_rng"):
        assert getattr(copied, name) is not getattr(state, name)
        assert getattr(copied, name).state() == getattr(state, name).state()
    assert copied.events == [] and state.events == ["old"]


def test_a_slot_open_to_none_is_copied_by_the_value_it_holds():
    state = _filled(Sample)
    state.maybe_rng = None
    assert state.copy().maybe_rng is None


def test_a_subclass_copies_into_its_own_class_with_its_own_slots():
    state = _filled(Sample).copy()
    child = _filled(Child)
    child.extra = [10]
    copied = child.copy()
    assert type(copied) is Child and copied.extra == [10] and copied.extra is not child.extra
    assert type(state.copy()) is Sample
