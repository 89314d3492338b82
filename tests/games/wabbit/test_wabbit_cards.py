"""Cards and mail order: S2, H17-H23 and every card of spec 4.5."""

from wabbit_kit import (
    BUNNY_1,
    FARMER,
    HAND,
    WABBIT_1,
    at,
    board,
    end_turn_now,
    event,
    give_hand,
    legal,
    place,
    play,
    rig_dice,
    to_action,
    to_move,
)

from referee.games.wabbit.actions import (
    Accept,
    AttackChar,
    Claim,
    LootDone,
    Move,
    PlaceHole,
    Play,
    Roll,
)
from referee.games.wabbit.board import FIELD, HOLE
from referee.games.wabbit.queries import defense, terrain
from referee.games.wabbit.state import ACTION, DISCARD, LOOT, MOVE, PLACE_HOLE, PRE_ROLL
from referee.games.wabbit.turns import hole_cells


def plays(state, kind):
    return [a for a in legal(state) if isinstance(a, Play) and a.card_kind == kind]


def test_h20_mail_order_needs_a_character_on_the_mailbox():
    state = board()
    give_hand(state, 0, ["dynamite"])
    assert plays(state, "dynamite") == []
    place(state, HAND, 7, 8)
    state.legal_cache = None
    [order] = plays(state, "dynamite")
    state = play(state, order)
    assert state.in_mail[0] == (order.card,)
    assert order.card not in state.discard


def test_h21_mail_arrives_at_the_start_of_the_next_turn():
    state = board()
    place(state, HAND, 7, 8)
    [card] = give_hand(state, 0, ["bazooka"])
    state = play(state, Play(card, "bazooka"))
    assert state.parcel[0] == ()
    state = end_turn_now(state)
    assert state.seat == 1 and state.parcel[0] == ()
    state = end_turn_now(state)
    assert state.seat == 0 and state.parcel[0] == (f"bazooka#{card}",)
    assert state.in_mail[0] == ()
    assert "mail_arrived" in [e.kind for e in state.events]


def test_h22_claimed_item_is_an_ordinary_held_item():
    state = board()
    state.parcel = (("bazooka#0",), ())
    place(state, HAND, 11, 6)  # own home
    to_move(state, HAND)
    state = play(state, Claim("bazooka#0"))
    assert state.chars[HAND].weapon == "bazooka#0"


def test_h21_portable_hole_is_placed_by_its_orderer_on_arrival():
    state = board()
    [card] = give_hand(state, 0, ["portable_hole"])
    state.hands = ((), state.hands[1])
    state.in_mail = ((card,), ())
    state.seat = 1
    state = end_turn_now(state)
    assert state.phase == PLACE_HOLE and state.seat == 0
    options = legal(state)
    assert all(isinstance(a, PlaceHole) for a in options)
    cells = {a.cell for a in options}
    assert at(0, 0) not in cells and at(7, 8) not in cells and at(7, 3) not in cells
    assert at(1, 1) in cells  # an unploughed field
    state = play(state, PlaceHole(at(1, 1)))
    assert terrain(state, at(1, 1)) == HOLE
    assert card in state.discard
    assert state.phase == DISCARD


def test_h27a_portable_hole_never_cuts_the_board():
    state = board()
    cells = hole_cells(state)
    assert at(13, 5) not in cells  # sole way to the Outhouse door side
    assert at(3, 5) in cells


def test_special_delivery_brings_the_mail_now():
    state = board()
    [card, _] = give_hand(state, 0, ["special_delivery", "disguise"])
    state.in_mail = ((card_of(state, "jet_pack"),), ())
    state = play(state, Play(card, "special_delivery"))
    assert state.parcel[0] == (f"jet_pack#{card_of(state, 'jet_pack')}",)
    assert state.phase == DISCARD


def card_of(state, kind):
    return next(c for c, k in enumerate(state.deck_kinds) if k == kind)


def test_hop_to_it_adds_two_mp_now_or_at_step_start():
    state = board()
    [a, b, _] = give_hand(state, 0, ["hop_to_it", "hop_to_it", "disguise"])
    state = play(state, Play(a, "hop_to_it", char=HAND))
    assert state.bonus_mp[HAND] == 2
    to_move(state, FARMER)
    state.legal_cache = None
    state = play(state, Play(b, "hop_to_it", char=FARMER))
    assert state.mp == 4 + 2


def test_careful_aim_adds_two_in_the_pre_roll_window():
    state = board()
    [aim] = give_hand(state, 0, ["careful_aim"])
    place(state, FARMER, 8, 8)
    place(state, BUNNY_1, 8, 8)
    to_action(state, FARMER, moved=True)
    assert plays(state, "careful_aim") == []  # only inside an attack
    state = play(state, AttackChar(BUNNY_1, "unarmed"))
    state = play(state, Play(aim, "careful_aim"))
    assert state.phase == PRE_ROLL
    rig_dice(state, [8])  # 1 + 8 + 2 = 11 = defense
    state = play(state, Roll())
    assert event(state, "dice")["total"] == 11
    state = play(state, Accept())
    assert state.score(0) == 1


def test_second_chance_rerolls_and_the_new_roll_stands():
    state = board()
    [second] = give_hand(state, 0, ["second_chance"])
    place(state, FARMER, 8, 8)
    place(state, BUNNY_1, 8, 8)
    to_action(state, FARMER, moved=True)
    rig_dice(state, [2, 12])
    state = play(state, AttackChar(BUNNY_1, "unarmed"), Roll())
    state = play(state, Play(second, "second_chance", target_index=0))
    assert event(state, "reroll")["total"] == 13
    state = play(state, Accept())
    assert state.score(0) == 1


def test_h19_semi_truck_card_attack_scores_and_leaves_items_on_the_cell():
    state = board()
    [card] = give_hand(state, 0, ["semi_truck"])
    place(state, WABBIT_1, 4, 9, weapon="chainsaw")
    place(state, BUNNY_1, 4, 8)
    assert [a.char for a in plays(state, "semi_truck")] == [WABBIT_1]
    rig_dice(state, [7])  # 5 + 7 = 12 = Wabbit defense
    state = play(state, Play(card, "semi_truck", char=WABBIT_1), Roll(), Accept())
    assert state.phase == DISCARD  # resumes the decision it was played from
    assert state.chars[WABBIT_1].cell == state.chars[WABBIT_1].home
    assert ("chainsaw", at(4, 9)) in state.items
    assert state.score(0) == 1


def test_h19_card_attacks_never_target_own_side():
    state = board()
    give_hand(state, 0, ["semi_truck"])
    place(state, HAND, 4, 9)
    assert plays(state, "semi_truck") == []


def test_falling_anvil_outside_within_three_of_own_character():
    state = board()
    give_hand(state, 0, ["falling_anvil"])
    place(state, FARMER, 8, 8)
    place(state, WABBIT_1, 10, 9)
    place(state, BUNNY_1, 12, 9)
    assert [a.char for a in plays(state, "falling_anvil")] == [WABBIT_1]


def test_angry_ducks_on_or_next_to_the_pond():
    state = board()
    give_hand(state, 0, ["angry_ducks"])
    place(state, WABBIT_1, 3, 4)
    place(state, BUNNY_1, 3, 3)
    assert [a.char for a in plays(state, "angry_ducks")] == [WABBIT_1]


def test_sic_em_rover_is_farmer_only_and_not_into_holes():
    state = board()
    give_hand(state, 0, ["sic_em_rover"])
    give_hand(state, 1, ["sic_em_rover"])
    place(state, WABBIT_1, 3, 6)  # hole next to the Farmhouse
    place(state, BUNNY_1, 8, 8)
    assert [a.char for a in plays(state, "sic_em_rover")] == [BUNNY_1]
    state.seat = 1
    state.legal_cache = None
    assert plays(state, "sic_em_rover") == []


def test_kissin_cousins_wabbit_only_against_farmer_side_near_a_hole():
    state = board()
    give_hand(state, 1, ["kissin_cousins"])
    state.seat = 1
    place(state, FARMER, 9, 8)  # next to hole (9,7)
    place(state, HAND, 8, 8)
    assert [a.char for a in plays(state, "kissin_cousins")] == [FARMER]


def test_green_thumb_plants_next_to_own_character_in_spring_only():
    state = board()
    [card] = give_hand(state, 0, ["green_thumb"])
    place(state, HAND, 1, 3)
    state.ploughed = state.ploughed | {at(1, 2)}
    assert [a.cell for a in plays(state, "green_thumb")] == [at(1, 2)]
    state = play(state, Play(card, "green_thumb", cell=at(1, 2)))
    assert at(1, 2) in state.planted and state.score(0) == 1
    summer = board(round=4)
    give_hand(summer, 0, ["green_thumb"])
    assert plays(summer, "green_thumb") == []


def test_quick_fix_and_termites():
    state = board(round=10)
    [termites] = give_hand(state, 1, ["termites"])
    give_hand(state, 0, ["quick_fix"])
    assert plays(state, "quick_fix") == []
    state.seat = 1
    state = play(state, Play(termites, "termites", building=3))  # Outhouse, structure 1
    assert state.damage[3] == 1 and state.mask & 8
    assert state.score(1) == 1 + 2
    early = board(round=9)
    give_hand(early, 1, ["termites"])
    early.seat = 1
    assert plays(early, "termites") == []
    fix = board()
    [quick] = give_hand(fix, 0, ["quick_fix"])
    fix.damage = (0, 2, 0, 0)
    fix = play(fix, Play(quick, "quick_fix", building=1))
    assert fix.damage == (0, 1, 0, 0)


def test_disguise_adds_two_defense_until_the_owner_next_turn():
    state = board()
    [card] = give_hand(state, 1, ["disguise"])
    state.seat = 1
    place(state, WABBIT_1, 8, 8)
    state = play(state, Play(card, "disguise", char=WABBIT_1))
    assert defense(state, state.chars[WABBIT_1]) == 14
    assert card not in state.discard
    state = end_turn_now(state)  # seat 0 turn: still disguised
    assert defense(state, state.chars[WABBIT_1]) == 14
    state = end_turn_now(state)  # seat 1 turn starts: expires
    assert defense(state, state.chars[WABBIT_1]) == 12
    assert card in state.discard


def test_tunnel_only_for_a_wabbit_moving_from_a_hole():
    state = board()
    [card] = give_hand(state, 1, ["tunnel"])
    place(state, WABBIT_1, 8, 8)
    place(state, BUNNY_1, 6, 2)  # occupies a hole
    to_move(state, WABBIT_1)
    assert plays(state, "tunnel") == []
    state = play(state, Move("E"), Move("N"))  # into hole (9,7)
    exits = {a.cell for a in plays(state, "tunnel")}
    assert at(6, 2) not in exits and at(9, 7) not in exits and at(0, 3) in exits
    state = play(state, Play(card, "tunnel", cell=at(12, 2)))
    assert state.chars[WABBIT_1].cell == at(12, 2)
    farmer = board()
    give_hand(farmer, 0, ["tunnel"])
    place(farmer, HAND, 9, 7)
    to_move(farmer, HAND)
    assert plays(farmer, "tunnel") == []


def test_h17_no_card_plays_during_loot():
    state = board()
    give_hand(state, 0, ["disguise", "hop_to_it"])
    place(state, FARMER, 8, 8)
    place(state, WABBIT_1, 8, 8, weapon="chainsaw")
    to_action(state, FARMER)
    rig_dice(state, [12])
    state = play(state, AttackChar(WABBIT_1, "unarmed"), Roll(), Accept())
    assert state.phase == LOOT
    assert not any(isinstance(a, Play) for a in legal(state))
    state = play(state, LootDone())
    assert state.phase == MOVE and state.active == HAND


def test_card_attack_played_in_the_action_step_keeps_the_action():
    state = board()
    [card] = give_hand(state, 0, ["semi_truck"])
    place(state, WABBIT_1, 4, 9)
    to_action(state, FARMER)
    rig_dice(state, [2])
    state = play(state, Play(card, "semi_truck", char=WABBIT_1), Roll(), Accept())
    assert state.phase == ACTION and state.active == FARMER


def test_h21_portable_hole_field_cell_is_no_longer_a_field():
    state = board()
    state.phase = PLACE_HOLE
    state.hole_card = card_of(state, "portable_hole")
    state.resume = DISCARD
    state = play(state, PlaceHole(at(9, 1)))
    assert terrain(state, at(9, 1)) == HOLE
    assert terrain(state, at(10, 1)) == FIELD
