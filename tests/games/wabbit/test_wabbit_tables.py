"""The precomputed tables the engine reads instead of asking the board at every decision
agree with the board's own answers, on every geometry and in states of random play."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from wabbit_kit import new

from referee.games.rng import Rng
from referee.games.wabbit import GAME
from referee.games.wabbit.actions import move_action
from referee.games.wabbit.board import (
    ADJACENT,
    CELLS,
    DIRECTIONS,
    FIELD_CELLS,
    GEOMETRY,
    XY,
    xy_of,
)
from referee.games.wabbit.cardplay import AROUND, green_thumb_cells
from referee.games.wabbit.config import CHARACTER_KINDS
from referee.games.wabbit.movement import NEIGHBOUR, STEPS, step_moves
from referee.games.wabbit.queries import enter_cost, own_chars
from referee.games.wabbit.roster import stats
from referee.games.wabbit.state import State
from referee.games.wabbit.tasks import can_plant


def random_states(players: int, games: int, **config: object) -> Iterator[State]:
    """Yield every state of ``games`` random matches."""
    for seed in range(games):
        state = new(players, seed, **config)
        chooser = Rng(seed)
        while GAME.to_move(state) is not None:
            yield state
            actions = GAME.legal_actions(state)
            state = GAME.apply(state, actions[chooser.below(len(actions))])


def test_cell_coordinates_table():
    assert [XY[cell] for cell in range(CELLS)] == [xy_of(cell) for cell in range(CELLS)]


@pytest.mark.parametrize("mask", range(len(GEOMETRY)))
def test_step_and_neighbour_tables_follow_the_geometry(mask):
    geometry = GEOMETRY[mask]
    for cell in range(CELLS):
        expected = [(move_action(DIRECTIONS[d][0]), n) for d, n in geometry.neighbors[cell]]
        assert [(move, n) for move, n, _ in STEPS[mask][cell]] == expected
        assert NEIGHBOUR[mask][cell] == {move.direction: n for move, n in expected}


@pytest.mark.parametrize("players", [2, 4])
def test_step_moves_are_the_cells_the_character_may_afford(players):
    checked = 0
    for state in random_states(players, 3, permanent_tunnels=True):
        for char in state.chars:
            expected = [
                move_action(DIRECTIONS[d][0])
                for d, cell in state.geometry.neighbors[char.cell]
                if state.mp > 0 and 0 < enter_cost(state, char, cell) <= state.mp
            ]
            assert step_moves(state, char) == expected
            checked += 1
    assert checked > 1000


def test_around_is_a_cell_and_its_adjacent_cells():
    for cell in range(CELLS):
        assert frozenset((cell, *(n for _, n in ADJACENT[cell]))) == AROUND[cell]


@pytest.mark.parametrize("players", [2, 3])
def test_green_thumb_cells_are_the_plantable_cells_around_the_player(players):
    checked = 0
    for played in random_states(players, 3):
        state = played.copy()  # every field ploughed, in Spring: many cells to plant on
        state.ploughed = frozenset(FIELD_CELLS)
        state.round = 1
        mine = own_chars(state, state.seat)
        around = {c.cell for c in mine} | {n for c in mine for _, n in ADJACENT[c.cell]}
        expected = sorted(c for c in around if can_plant(state, c))
        assert green_thumb_cells(state, mine) == expected
        checked += bool(expected)
    assert checked > 10


@pytest.mark.parametrize("single_die", [False, True])
def test_character_stats_read_the_config(single_die):
    config = GAME.make_config(single_die=single_die, hand_speed=7, bunny_attack=3)
    change = -4 if single_die else 0
    for kind in CHARACTER_KINDS:
        assert stats(config, kind) == (
            getattr(config, f"{kind}_attack"),
            getattr(config, f"{kind}_defense") + change,
            getattr(config, f"{kind}_speed"),
        )
    assert stats(config, "hand")[2] == 7 and stats(config, "bunny")[0] == 3
