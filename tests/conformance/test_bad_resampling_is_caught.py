"""The resampling checks of the conformance suite catch a ``resample`` that lets its seat tell
the resampled state from the real one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee.games.registry import get_plugin
from tournaments.conformance.checks.resampling import (
    test_a_resampled_state_looks_the_same_to_its_seat as looks_the_same,
)


def test_a_resample_that_redeals_the_seats_own_hand_fails_the_check(
    monkeypatch: pytest.MonkeyPatch,
):
    plugin = get_plugin("wabbit")
    engine = plugin.engine

    def every_hand_redealt(state: Any, seat: int, rng: random.Random) -> Any:
        new = state.copy()
        pool = [*state.draw, *(card for hand in state.hands for card in hand)]
        rng.shuffle(pool)
        hands = []
        for hand in state.hands:
            hands.append(tuple(pool[: len(hand)]))
            pool = pool[len(hand) :]
        new.hands, new.draw = tuple(hands), tuple(pool)
        return new

    monkeypatch.setattr(engine, "resample", every_hand_redealt)
    with pytest.raises(AssertionError):
        looks_the_same(plugin)
