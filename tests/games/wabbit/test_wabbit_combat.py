"""Attack rules: S3-S8, H7, H10, H14, H15, H25, H27 (spec 5.3 items 1-3, 5-8, 10, 11)."""

from wabbit_kit import (
    BUNNY_1,
    BUNNY_2,
    FARMER,
    HAND,
    WABBIT_1,
    WABBIT_2,
    at,
    board,
    event,
    kinds,
    legal,
    place,
    play,
    put,
    rig_dice,
    to_action,
    to_move,
)

from referee.games.wabbit.actions import (
    Accept,
    AttackChar,
    Detonate,
    EndMove,
    LootCarrot,
    LootDone,
    LootItem,
    Move,
    PickUp,
    Roll,
)
from referee.games.wabbit.queries import defense
from referee.games.wabbit.state import LOOT, POST_ROLL, PRE_ROLL


def test_s3_attack_total_meets_defense_whomps():
    state = board()
    place(state, FARMER, 8, 8)
    place(state, BUNNY_1, 8, 7)  # Bunny defense 11, not at home
    to_action(state, FARMER, moved=False)  # bonus 1 + 1 (S8)
    rig_dice(state, [9])  # 2 + 9 = 11 == defense
    state = play(state, AttackChar(BUNNY_1, "unarmed"), Roll())
    assert event(state, "dice")["total"] == 11
    assert event(state, "dice")["target_number"] == 11
    state = play(state, Accept())
    assert event(state, "attack_result")["hit"] is True
    assert "whomp" in kinds(state)


def test_s3_attack_total_one_below_defense_misses():
    state = board()
    place(state, FARMER, 8, 8)
    place(state, BUNNY_1, 8, 7)
    to_action(state, FARMER, moved=False)
    rig_dice(state, [8])
    state = play(state, AttackChar(BUNNY_1, "unarmed"), Roll(), Accept())
    assert event(state, "attack_result")["hit"] is False
    assert state.chars[BUNNY_1].cell == at(8, 7)
    assert state.score(0) == 0


def test_s4_whomp_drops_items_sends_home_and_scores_one():
    state = board()
    place(state, HAND, 8, 8, weapon="pitchfork")
    place(state, WABBIT_1, 9, 8, weapon="chainsaw", vehicle="riding_mower", carrots=1)
    to_action(state, HAND, moved=True)
    rig_dice(state, [12])
    state = play(state, AttackChar(WABBIT_1, "weapon"), Roll(), Accept())
    assert state.phase == LOOT
    assert state.chars[WABBIT_1].weapon is None and state.chars[WABBIT_1].vehicle is None
    assert LootItem("riding_mower") in legal(state)
    state = play(state, LootItem("riding_mower"), LootDone())
    assert state.chars[HAND].vehicle == "riding_mower"
    assert ("chainsaw", at(9, 8)) in state.items
    assert state.chars[WABBIT_1].cell == state.chars[WABBIT_1].home
    assert state.vp[0][0] == 1


def test_s4_whomp_at_range_two_attacker_takes_vehicle():
    state = board()
    place(state, FARMER, 8, 8, weapon="shotgun")
    place(state, WABBIT_1, 10, 8, vehicle="rocket_skates#5")
    to_action(state, FARMER, moved=True)
    rig_dice(state, [12])
    state = play(state, AttackChar(WABBIT_1, "weapon"), Roll(), Accept())
    state = play(state, LootItem("rocket_skates#5"))
    assert state.chars[FARMER].vehicle == "rocket_skates#5"
    assert state.chars[WABBIT_1].cell == state.chars[WABBIT_1].home
    assert state.score(0) == 1


def test_s4_attacker_in_hole_cannot_take_vehicle():
    state = board()
    place(state, WABBIT_1, 9, 7, weapon="bazooka#0")  # hole (9,7)
    place(state, HAND, 9, 9, vehicle="pickup_truck", weapon="pitchfork")
    to_action(state, WABBIT_1, moved=True)
    rig_dice(state, [12])
    state = play(state, AttackChar(HAND, "weapon"), Roll(), Accept())
    assert LootItem("pickup_truck") not in legal(state)
    assert LootItem("pitchfork") in legal(state)
    state = play(state, LootDone())
    assert ("pickup_truck", at(9, 9)) in state.items
    assert state.score(1) == 1


def test_s4_loot_swap_drops_old_weapon_on_attacker_cell():
    state = board()
    place(state, WABBIT_1, 8, 8, weapon="garden_hoe")
    place(state, FARMER, 9, 8, weapon="chainsaw")
    to_action(state, WABBIT_1)
    rig_dice(state, [12])
    state = play(state, AttackChar(FARMER, "unarmed"), Roll(), Accept(), LootItem("chainsaw"))
    assert state.chars[WABBIT_1].weapon == "chainsaw"
    assert ("garden_hoe", at(8, 8)) in state.items


def test_h15_loot_carrots_up_to_carry_limit():
    state = board()
    place(state, WABBIT_1, 8, 8, carrots=1)
    place(state, FARMER, 9, 8, carrots=2)
    to_action(state, WABBIT_1)
    rig_dice(state, [12])
    state = play(state, AttackChar(FARMER, "unarmed"), Roll(), Accept())
    assert legal(state) == [LootCarrot(), LootDone()]
    state = play(state, LootCarrot())
    assert state.chars[WABBIT_1].carrots == 2
    assert state.loose == ((at(9, 8), 1),)
    assert state.phase != LOOT


def test_s5_home_space_defense_bonus():
    state = board(players=4)
    assert defense(state, state.chars[WABBIT_1]) == 14
    place(state, WABBIT_1, 13, 0)  # another player's warren
    assert defense(state, state.chars[WABBIT_1]) == 12


def test_s6_wabbit_in_hole_gets_two_defense():
    state = board()
    place(state, WABBIT_1, 9, 7)
    place(state, HAND, 6, 2)
    assert defense(state, state.chars[WABBIT_1]) == 14
    assert defense(state, state.chars[HAND]) == 11


def test_s7_shotgun_cannot_fire_through_front_door():
    state = board()
    place(state, FARMER, 6, 7, weapon="shotgun")
    place(state, BUNNY_1, 6, 8)
    to_action(state, FARMER)
    options = legal(state)
    assert AttackChar(BUNNY_1, "weapon") not in options
    assert AttackChar(BUNNY_1, "unarmed") in options


def test_s7_shotgun_from_home_cannot_hit_hole_outside():
    state = board()
    place(state, FARMER, 5, 6, weapon="shotgun")
    place(state, WABBIT_1, 3, 6)
    to_action(state, FARMER)
    assert not any(isinstance(a, AttackChar) for a in legal(state))


def test_s7_shotgun_reaches_two_spaces_outside():
    state = board()
    place(state, FARMER, 9, 1, weapon="shotgun")
    place(state, WABBIT_1, 11, 1)
    place(state, BUNNY_1, 12, 1)
    to_action(state, FARMER)
    options = legal(state)
    assert AttackChar(WABBIT_1, "weapon") in options
    assert AttackChar(BUNNY_1, "weapon") not in options


def test_h7_shotgun_cannot_fire_past_the_outhouse():
    state = board()
    place(state, FARMER, 13, 2, weapon="shotgun")
    place(state, WABBIT_1, 13, 4)
    to_action(state, FARMER)
    assert AttackChar(WABBIT_1, "weapon") not in legal(state)


def test_h7_melee_needs_connected_cells():
    state = board()
    place(state, FARMER, 4, 6)  # inside the Farmhouse, west wall
    place(state, WABBIT_1, 3, 6)  # hole outside the wall
    to_action(state, FARMER)
    assert AttackChar(WABBIT_1, "unarmed") not in legal(state)


def test_s8_pickup_without_moving_keeps_bonus():
    state = board()
    place(state, WABBIT_1, 8, 8)
    put(state, "garden_hoe", 8, 8)
    place(state, FARMER, 9, 8)
    to_move(state, WABBIT_1)
    state = play(state, PickUp("garden_hoe"), EndMove(), AttackChar(FARMER, "weapon"))
    assert state.attack is not None
    assert state.attack.bonus == (2 + 1 + 1,)


def test_s8_moving_out_and_back_loses_bonus():
    state = board()
    place(state, WABBIT_1, 8, 8)
    place(state, FARMER, 9, 8)
    to_move(state, WABBIT_1)
    state = play(state, Move("W"), Move("E"), EndMove(), AttackChar(FARMER, "unarmed"))
    assert state.attack is not None
    assert state.attack.bonus == (2,)


def test_h10_ram_needs_both_outside_and_target_not_in_hole():
    state = board()
    place(state, HAND, 9, 6, vehicle="tractor")
    place(state, WABBIT_1, 9, 7)  # in a hole
    place(state, BUNNY_1, 10, 6)  # inside the barn (door edge)
    to_action(state, HAND)
    options = legal(state)
    assert AttackChar(WABBIT_1, "ram") not in options
    assert AttackChar(BUNNY_1, "ram") not in options
    assert AttackChar(BUNNY_1, "unarmed") in options
    place(state, BUNNY_1, 8, 6)
    state.legal_cache = None
    assert AttackChar(BUNNY_1, "ram") in legal(state)


def test_h10_one_mode_only_weapon_and_vehicle_never_stack():
    state = board()
    place(state, HAND, 8, 8, vehicle="tractor", weapon="pitchfork")
    place(state, WABBIT_1, 9, 8)
    to_action(state, HAND, moved=True)
    ram = play(state, AttackChar(WABBIT_1, "ram"))
    fork = play(state, AttackChar(WABBIT_1, "weapon"))
    assert ram.attack is not None and fork.attack is not None
    assert ram.attack.bonus == (2 + 2,)
    assert fork.attack.bonus == (2 + 1,)


def test_h14_no_attack_on_own_side():
    state = board()
    place(state, FARMER, 8, 8)
    place(state, HAND, 8, 8)
    to_action(state, FARMER)
    assert not any(isinstance(a, AttackChar) for a in legal(state))


def test_h17_attack_windows_always_offered_without_cards():
    state = board()
    state.hands = ((), state.hands[1])
    place(state, FARMER, 8, 8)
    place(state, WABBIT_1, 8, 8)
    to_action(state, FARMER)
    state = play(state, AttackChar(WABBIT_1, "unarmed"))
    assert state.phase == PRE_ROLL and legal(state) == [Roll()]
    state = play(state, Roll())
    assert state.phase == POST_ROLL and legal(state) == [Accept()]


def test_h25_autumn_whomp_scores_two():
    state = board(round=7)
    place(state, FARMER, 8, 8)
    place(state, WABBIT_1, 8, 8)
    to_action(state, FARMER)
    rig_dice(state, [12])
    state = play(state, AttackChar(WABBIT_1, "unarmed"), Roll(), Accept())
    assert state.score(0) == 2
    assert event(state, "whomp")["points"] == 2


def test_h27_atomic_bomb_hits_other_players_within_two_in_id_order():
    state = board(players=3)
    place(state, WABBIT_1, 8, 8, weapon="atomic_bomb#4")
    place(state, BUNNY_1, 8, 7)  # teammate: never a target
    place(state, HAND, 9, 9)  # distance 2
    place(state, FARMER, 6, 8)  # distance 2
    place(state, WABBIT_2, 8, 5)  # distance 3: out of the blast
    place(state, BUNNY_2, 7, 8)  # distance 1
    to_action(state, WABBIT_1, moved=True)
    assert Detonate() in legal(state)
    rig_dice(state, [12, 12, 2])
    state = play(state, Detonate())
    assert state.attack is not None
    assert state.attack.targets == (FARMER, HAND, BUNNY_2)
    assert state.chars[WABBIT_1].weapon is None
    assert 4 in state.discard
    state = play(state, Roll(), Accept())
    whomps = [e.data["target"] for e in state.events if e.kind == "whomp"]
    assert whomps[0] == FARMER
    state = play(state, *[LootDone()] * (state.phase == LOOT))
    assert state.chars[FARMER].cell == state.chars[FARMER].home
    assert state.chars[HAND].cell == state.chars[HAND].home
    assert state.chars[BUNNY_2].cell == at(7, 8)
    assert state.vp[1][0] == 2


def test_h27_bomb_needs_a_target_in_range():
    state = board()
    place(state, WABBIT_1, 0, 0, weapon="atomic_bomb#4")
    to_action(state, WABBIT_1)
    assert Detonate() not in legal(state)


def test_h11_dynamite_is_spent_on_a_miss():
    state = board()
    place(state, WABBIT_1, 8, 8, weapon="dynamite#1")
    place(state, FARMER, 8, 8)
    to_action(state, WABBIT_1, moved=True)
    rig_dice(state, [2])
    state = play(state, AttackChar(FARMER, "weapon"), Roll(), Accept())
    assert state.chars[WABBIT_1].weapon is None
    assert 1 in state.discard
    assert all(item != "dynamite#1" for item, _ in state.items)


def test_s7_shotgun_fires_within_the_same_building():
    state = board()
    place(state, FARMER, 4, 5, weapon="shotgun")
    place(state, WABBIT_1, 6, 5)
    to_action(state, FARMER)
    assert AttackChar(WABBIT_1, "weapon") in legal(state)
    assert AttackChar(WABBIT_1, "unarmed") not in legal(state)


def test_h11_bazooka_reaches_three_cells_in_the_same_zone():
    state = board()
    place(state, WABBIT_1, 8, 1, weapon="bazooka#0")
    place(state, FARMER, 11, 1)
    place(state, HAND, 12, 1)
    to_action(state, WABBIT_1)
    options = legal(state)
    assert AttackChar(FARMER, "weapon") in options
    assert AttackChar(HAND, "weapon") not in options
