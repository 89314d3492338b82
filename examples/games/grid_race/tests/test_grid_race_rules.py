"""The rules of Grid Race (GR1-GR10 of the package README)."""

from __future__ import annotations

import pytest
from referee.games.base import IllegalAction
from referee.games.playout import random_playout

from grid_race_helpers import GAME, new, placed, turn


def test_GR1_GR2_snakes_start_stacked_on_corner_cells_and_food_is_placed():
    state = new(4)
    assert state.snakes == (((1, 1),) * 3, ((5, 5),) * 3, ((5, 1),) * 3, ((1, 5),) * 3)
    assert len(state.food) == 3 and not set(state.food) & {(1, 1), (5, 5), (5, 1), (1, 5)}
    small = new(2, scenario="small")
    assert (small.config.width, small.config.height, len(small.food)) == (5, 5, 2)


def test_GR3_every_snake_still_in_acts_at_once_and_never_back_onto_its_neck():
    state = new(3)
    assert GAME.to_act(state) == (0, 1, 2) and GAME.to_move(state) == 0
    assert GAME.legal_actions_for(state, 1) == ["N", "E", "S", "W"]  # stacked: no neck yet
    state = turn(state, "E", "W", "S")
    assert GAME.legal_actions_for(state, 0) == ["N", "E", "S"]
    assert GAME.legal_actions(state) == GAME.legal_actions_for(state, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(state, "N")
    with pytest.raises(IllegalAction):
        GAME.apply_joint(state, {0: "W", 1: "N", 2: "E"})  # seat 0 onto its neck
    with pytest.raises(IllegalAction):
        GAME.apply_joint(state, {0: "N", 1: "N"})  # seat 2 missing


def test_GR4_a_head_on_food_grows_the_snake_and_the_food_goes():
    state = placed(new(2), ((2, 2), (2, 3)), ((5, 5), (5, 4)), food=((3, 2), (0, 6), (6, 0)))
    after = turn(state, "E", "S")
    assert after.snakes[0] == ((3, 2), (2, 2), (2, 3)) and after.lengths == (3, 2)
    assert after.snakes[1] == ((5, 6), (5, 5))
    assert (3, 2) not in after.food and len(after.food) == 3  # GR5: food placed again
    assert [e.kind for e in GAME.events(after)][:2] == ["moves", "ate"]


def test_GR6_leaving_the_board_or_entering_a_body_puts_a_snake_out():
    state = placed(
        new(3), ((0, 0), (1, 0)), ((3, 3), (3, 4), (4, 4)), ((2, 3), (1, 3)), food=((6, 6),)
    )
    after = turn(state, "W", "N", "E")  # seat 0 off the board, seat 2 into seat 1's neck
    assert after.snakes[0] == () and after.snakes[2] == () and after.snakes[1]
    assert after.out_turn == (1, 0, 1)
    assert GAME.to_act(after) == () and after.reason == "last_snake"


def test_GR6_a_tail_that_moves_away_is_free():
    state = placed(new(2), ((2, 2), (2, 3), (3, 3), (3, 2)), ((6, 6), (6, 5)), food=((0, 6),))
    after = turn(state, "E", "W")  # onto its own tail cell, which moves on
    assert after.snakes[0][0] == (3, 2) and after.snakes[1]


def test_GR7_heads_meeting_the_shorter_goes_out_of_equal_lengths_both():
    longer = placed(new(2), ((2, 2), (1, 2), (0, 2)), ((4, 2), (5, 2)), food=((6, 6),))
    after = turn(longer, "E", "W")
    assert after.snakes[0] and not after.snakes[1] and after.reason == "last_snake"
    equal = placed(new(2), ((2, 2), (1, 2)), ((4, 2), (5, 2)), food=((6, 6),))
    after = turn(equal, "E", "W")
    assert after.snakes == ((), ()) and after.reason == "all_out"
    assert GAME.outcome(after).ranks == (1, 1)


def test_GR9_GR10_the_turn_cap_ends_it_and_the_longer_snake_still_in_ranks_first():
    state = placed(new(3, max_turns=1), ((2, 2), (2, 3), (2, 4)), ((4, 4), (4, 5)), ((6, 0),))
    after = turn(state, "N", "N", "N")  # seat 2 leaves the board
    assert after.reason == "turn_cap" and after.snakes[2] == ()
    outcome = GAME.outcome(after)
    assert outcome.scores == (3, 2, 1) and outcome.ranks == (1, 2, 3)


def test_random_play_always_ends_and_the_same_seed_plays_the_same_match():
    for players in (2, 3, 4):
        first = random_playout(GAME, new(players, seed=players), 7)
        again = random_playout(GAME, new(players, seed=players), 7)
        assert GAME.outcome(first.state) is not None
        assert GAME.digest(first.state) == GAME.digest(again.state)
        assert first.state.turn <= first.state.config.max_turns
