"""Seasons and scoring: H24a-c, H25 (in combat tests), H26, H30."""

from wabbit_kit import (
    BUNNY_1,
    HAND,
    WABBIT_1,
    at,
    board,
    end_turn_now,
    event,
    legal,
    place,
    play,
    rig_dice,
    to_action,
    to_move,
)

from referee.games.base import Outcome
from referee.games.wabbit import GAME
from referee.games.wabbit.actions import (
    Accept,
    AttackBuilding,
    EndMove,
    Harvest,
    Move,
    Plant,
    Repair,
    Roll,
)
from referee.games.wabbit.board import OPEN
from referee.games.wabbit.queries import terrain
from referee.games.wabbit.state import OVER


def test_h24b_tractor_ploughs_a_field_in_spring_for_two_mp():
    state = board()
    place(state, HAND, 12, 1, vehicle="tractor")
    to_move(state, HAND)
    state = play(state, Move("W"))  # (11,1) unploughed field
    assert at(11, 1) in state.ploughed
    assert state.mp == 4 - 2
    assert state.vp[0][1] == 1
    state = play(state, Move("E"), Move("W"))  # already ploughed: 1 MP, no VP
    assert state.mp == 0 and state.vp[0][1] == 1


def test_h24b_no_ploughing_outside_spring():
    state = board(round=4)
    place(state, HAND, 12, 1, vehicle="tractor")
    to_move(state, HAND)
    state = play(state, Move("W"))
    assert at(11, 1) not in state.ploughed and state.mp == 3


def test_h24b_plant_task_on_a_ploughed_empty_field_in_spring():
    state = board()
    place(state, BUNNY_1, 11, 1)
    to_action(state, BUNNY_1)
    assert Plant() not in legal(state)
    state.ploughed = state.ploughed | {at(11, 1)}
    state = play(state, Plant())
    assert at(11, 1) in state.planted and state.score(1) == 1


def test_h24c_harvest_in_summer_then_deposit_at_own_home():
    state = board(round=4)
    place(state, BUNNY_1, 7, 3, carrots=1)
    to_action(state, BUNNY_1)
    state = play(state, Harvest())
    assert state.chars[BUNNY_1].carrots == 2 and at(7, 3) not in state.planted
    state = board(round=4)
    place(state, BUNNY_1, 6, 1, carrots=2)
    to_move(state, BUNNY_1)
    state = play(state, Move("N"))  # the warren (6,0)
    assert state.chars[BUNNY_1].carrots == 0
    assert state.stockpiled[1] == 2 and state.vp[1][3] == 2


def test_h24c_full_character_cannot_harvest_and_spring_has_no_harvest():
    state = board(round=4)
    place(state, BUNNY_1, 7, 3, carrots=2)
    to_action(state, BUNNY_1)
    assert Harvest() not in legal(state)
    spring = board()
    place(spring, BUNNY_1, 7, 3)
    to_action(spring, BUNNY_1)
    assert Harvest() not in legal(spring)


def test_h24c_end_of_summer_farmer_scores_planted_carrots():
    state = board(round=6)
    state.seat = 1
    state.planted = frozenset({at(7, 3), at(8, 3), at(1, 1)})
    state = end_turn_now(state)
    assert state.round == 7
    assert state.vp[0][4] == 3
    assert state.planted == frozenset()
    assert event(state, "season")["season"] == "autumn"


def test_h26_buildings_attacked_only_in_winter_by_wabbits():
    state = board(round=9)
    place(state, WABBIT_1, 13, 4)
    to_action(state, WABBIT_1)
    assert not any(isinstance(a, AttackBuilding) for a in legal(state))
    state = board(round=10)
    place(state, WABBIT_1, 13, 4)
    to_action(state, WABBIT_1)
    assert AttackBuilding(3, "unarmed") in legal(state)
    state = board(round=10)
    place(state, HAND, 13, 4)
    to_action(state, HAND)
    assert not any(isinstance(a, AttackBuilding) for a in legal(state))


def test_h26_destroying_a_building_scores_and_leaves_open_rubble():
    state = board(round=10)
    place(state, WABBIT_1, 13, 4, weapon="blowtorch")
    to_action(state, WABBIT_1)  # 2 + 1 (S8) + 2 + 2 (vs building) = 7
    rig_dice(state, [3])
    state = play(state, AttackBuilding(3, "weapon"), Roll(), Accept())
    assert state.damage[3] == 1 and state.mask == 8
    assert state.score(1) == 1 + 2
    assert terrain(state, at(13, 3)) == OPEN
    assert AttackBuilding(3, "unarmed") not in legal(state)


def test_h26_repair_removes_one_damage_on_a_roll_of_nine():
    state = board()
    state.damage = (2, 0, 0, 0)
    place(state, HAND, 8, 6)  # next to the Farmhouse (7,6)
    to_action(state, HAND)
    rig_dice(state, [7])  # 7 + 2 = 9
    state = play(state, Repair(0))
    assert state.damage == (1, 0, 0, 0)
    assert event(state, "repair_roll")["success"] is True


def test_h26_farmer_scores_each_standing_building_at_game_end():
    state = board(round=12, rounds=12)
    state.seat = 1
    state.mask = 8
    state.damage = (0, 0, 0, 1)
    state = end_turn_now(state)
    assert state.phase == OVER
    assert state.vp[0][6] == 3 * 2


def test_h30_ranks_by_vp_then_whomp_vp_then_stockpile():
    state = board(players=4, round=12)
    state.seat = 3
    state.vp = (
        (2, 0, 0, 3, 0, 0, 0),
        (3, 0, 0, 2, 0, 0, 0),
        (3, 0, 0, 2, 0, 0, 0),
        (1, 0, 0, 4, 0, 0, 0),
    )
    state.stockpiled = (3, 2, 2, 5)
    state.mask = 15
    state = end_turn_now(state)
    outcome = GAME.outcome(state)
    assert isinstance(outcome, Outcome)
    assert outcome.scores == (5, 5, 5, 5)
    assert outcome.ranks == (3, 1, 1, 4)
    assert outcome.reason == "rounds_complete"


def test_s8_bonus_applies_to_building_attacks_too():
    state = board(round=10)
    place(state, BUNNY_1, 13, 4)
    to_move(state, BUNNY_1)
    state = play(state, EndMove(), AttackBuilding(3, "unarmed"))
    assert state.attack is not None and state.attack.bonus == (1 + 1,)


def test_h26_ram_a_building_only_from_outside():
    state = board(round=10)
    place(state, WABBIT_1, 9, 5, vehicle="riding_mower")
    to_action(state, WABBIT_1)
    assert AttackBuilding(1, "ram") in legal(state)
    place(state, WABBIT_1, 10, 5)
    assert AttackBuilding(1, "ram") not in legal(state)
    assert AttackBuilding(1, "unarmed") in legal(state)
