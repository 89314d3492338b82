"""Digest parts written once per shared object (``SharedPart``) leave every digest as it was."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games import get_game
from referee.games.base import SharedPart, stable_digest
from referee.games.pilfer.engine import canonical as pilfer_canonical
from referee.games.rng import Rng


class Counting:
    """A derive function that counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, source: dict[int, int]) -> tuple[Any, ...]:
        self.calls += 1
        return tuple(sorted(source.items()))


def test_a_stand_in_writes_out_as_the_value_it_stands_for() -> None:
    part = SharedPart(lambda table: tuple(sorted(table.items())))
    table = {3: "c", 1: "a"}
    structure = (1, part(table), "end")
    assert repr(structure) == repr((1, ((1, "a"), (3, "c")), "end"))
    assert stable_digest(structure) == stable_digest((1, ((1, "a"), (3, "c")), "end"))


def test_the_same_object_is_written_once_an_equal_one_again() -> None:
    derive = Counting()
    part = SharedPart(derive)
    table = {1: 2}
    assert part(table) is part(table)
    assert derive.calls == 1
    part(dict(table))
    assert derive.calls == 2


def test_the_memo_starts_over_when_full_and_stays_right() -> None:
    derive = Counting()
    part = SharedPart(derive, limit=2)
    tables = [{n: n} for n in range(3)]
    for table in tables:
        part(table)
    assert derive.calls == 3
    assert repr(part(tables[0])) == "((0, 0),)"
    assert derive.calls == 4


def random_states(game_name: str, players: int, seed: int) -> list[Any]:
    """Return every state of one random match."""
    game = get_game(game_name)
    state = game.new_state(game.make_config(None), players, seed)
    chooser = Rng(seed)
    states = [state]
    while game.to_move(state) is not None:
        actions = game.legal_actions(state)
        state = game.apply(state, actions[chooser.below(len(actions))])
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 4])
def test_engine_digests_equal_the_plain_structures(players: int) -> None:
    pilfer, wabbit = get_game("pilfer"), get_game("wabbit")
    for seed in range(3):
        for state in random_states("pilfer", players, seed):
            assert pilfer.digest(state) == stable_digest(pilfer_canonical(state))
        for state in random_states("wabbit", players, seed):
            assert wabbit.digest(state) == stable_digest(state.canonical())
