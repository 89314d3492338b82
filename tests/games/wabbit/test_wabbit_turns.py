"""Turn flow and movement: S1, S2, S6, S9, H5, H6, H8, H9, H12, H17, H18, H24a, H29, H31."""

import pytest
from wabbit_kit import (
    BUNNY_1,
    FARMER,
    HAND,
    WABBIT_1,
    at,
    board,
    give_hand,
    kinds,
    legal,
    new,
    place,
    play,
    put,
    stack_draw,
    to_move,
)

from referee.games.base import IllegalAction
from referee.games.wabbit import GAME
from referee.games.wabbit.actions import (
    Choose,
    Claim,
    Discard,
    Draw,
    Drop,
    EndMove,
    EndTurn,
    Move,
    Pass,
    PickUp,
    Play,
    TakeCarrots,
)
from referee.games.wabbit.state import ACTION, CHOOSE, DISCARD, END_TURN, MOVE


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s9_two_characters_and_three_cards_per_player(players):
    state = new(players)
    assert len(state.chars) == 2 * players
    for seat in range(players):
        assert [c.seat for c in state.chars].count(seat) == 2
        assert len(state.hands[seat]) == 3


@pytest.mark.parametrize(
    ("players", "warrens"), [(2, [(6, 0)]), (3, [(0, 0), (13, 0)]), (4, [(0, 0), (13, 0), (6, 0)])]
)
def test_h29_seating_and_warrens_by_player_count(players, warrens):
    state = new(players)
    assert state.chars[FARMER].home == at(5, 6)
    assert state.chars[HAND].home == at(11, 6)
    homes = [state.chars[2 * seat].home for seat in range(1, players)]
    assert homes == [at(x, y) for x, y in warrens]
    assert all(c.cell == c.home for c in state.chars)


def test_s1_turn_steps_in_order():
    state = new()
    assert state.phase == DISCARD and GAME.to_move(state) == 0
    assert Draw() in legal(state)
    assert not any(isinstance(a, (Choose, EndTurn, Move)) for a in legal(state))
    state = play(state, Draw())
    assert state.phase == CHOOSE
    state = play(state, Choose(HAND))
    assert state.phase == MOVE and state.active == HAND
    assert not any(isinstance(a, (Choose, EndTurn)) for a in legal(state))
    state = play(state, EndMove())
    assert state.phase == ACTION and state.active == HAND
    state = play(state, Pass())
    assert state.phase == MOVE and state.active == FARMER
    state = play(state, EndMove(), Pass())
    assert state.phase == END_TURN
    state = play(state, EndTurn())
    assert state.seat == 1 and state.phase == DISCARD


def test_s1_discard_up_to_three_then_draw_to_three():
    state = new()
    hand = state.hands[0]
    state = play(state, Discard(hand[0]), Discard(hand[1]), Discard(hand[2]))
    assert not any(isinstance(a, Discard) for a in legal(state))
    state = play(state, Draw())
    assert len(state.hands[0]) == 3
    assert state.discard == hand


def test_s2_card_drawn_after_a_play_is_playable_same_turn():
    state = board()
    give_hand(state, 0, ["disguise", "disguise", "disguise"])
    stack_draw(state, ["hop_to_it"])
    hop = state.draw[0]
    state = play(state, Play(state.hands[0][0], "disguise", char=FARMER))
    assert hop in state.hands[0]
    state = play(state, Play(hop, "hop_to_it", char=FARMER))
    assert state.bonus_mp[FARMER] == 2
    assert len(state.hands[0]) == 3


def test_h18_no_reshuffle_on_a_play_draw_back():
    state = board()
    give_hand(state, 0, ["disguise", "hop_to_it", "hop_to_it"])
    state.discard = (*state.discard, *state.draw)
    state.draw = ()
    state = play(state, Play(state.hands[0][0], "disguise", char=FARMER))
    assert len(state.hands[0]) == 2
    assert state.draw == ()
    state = play(state, Draw())  # the step-1 draw reshuffles
    assert len(state.hands[0]) == 3
    assert "reshuffle" in [e.kind for e in state.events]


def test_h18_both_piles_empty_hand_stays_short():
    state = board()
    hand = state.hands[0]
    state.draw = ()
    state.discard = ()
    state = play(state, Discard(hand[0]))
    state.discard = ()
    state = play(state, Draw())
    assert len(state.hands[0]) == 2


def test_s6_one_character_per_hole():
    state = board()
    place(state, WABBIT_1, 9, 7)  # in the hole
    place(state, BUNNY_1, 9, 8)
    to_move(state, BUNNY_1)
    assert Move("N") not in legal(state)
    place(state, WABBIT_1, 9, 6)
    state.legal_cache = None
    assert Move("N") in legal(state)


def test_h5_characters_share_ordinary_cells():
    state = board()
    place(state, WABBIT_1, 8, 8)
    place(state, FARMER, 9, 8)
    to_move(state, WABBIT_1)
    state = play(state, Move("E"))
    assert state.chars[WABBIT_1].cell == state.chars[FARMER].cell


def test_h6_walls_block_and_doors_let_through():
    state = board()
    place(state, FARMER, 5, 6)
    to_move(state, FARMER)
    state = play(state, Move("N"))  # (5,5)
    assert Move("W") in legal(state)  # (4,5) inside
    state = play(state, Move("N"))  # back door to (5,4)
    assert state.chars[FARMER].cell == at(5, 4)
    state = board()
    place(state, FARMER, 4, 6)
    to_move(state, FARMER)
    assert Move("W") not in legal(state)  # wall to (3,6)


def test_h6_pond_costs_two_on_foot_and_no_vehicle_but_jet_pack():
    state = board()
    place(state, BUNNY_1, 3, 5)
    to_move(state, BUNNY_1)
    state = play(state, Move("W"))
    assert state.mp == 6 - 2
    state = board()
    place(state, BUNNY_1, 3, 5, vehicle="riding_mower")
    to_move(state, BUNNY_1)
    assert Move("W") not in legal(state)
    state = board()
    place(state, BUNNY_1, 3, 5, vehicle="jet_pack#7")
    to_move(state, BUNNY_1)
    state = play(state, Move("W"))
    assert state.mp == 7 - 1


def test_h8_vehicle_speed_replaces_speed_fixed_at_step_start():
    state = board()
    place(state, BUNNY_1, 8, 8, vehicle="pickup_truck")
    to_move(state, BUNNY_1)
    assert state.mp == 8
    state = play(state, Drop("pickup_truck"))
    assert state.mp == 8
    assert Move("N") in legal(state)


def test_h12_truck_keeps_to_open_ground_and_highway():
    state = board()
    place(state, HAND, 8, 3, vehicle="pickup_truck")  # next to the Carrot Patch field
    to_move(state, HAND)
    assert Move("W") not in legal(state)
    assert Move("E") in legal(state)


def test_h12_vehicle_cannot_be_picked_up_in_the_farmhouse():
    state = board()
    place(state, FARMER, 5, 6)
    put(state, "riding_mower", 5, 6)
    put(state, "shotgun", 5, 6)
    to_move(state, FARMER)
    options = legal(state)
    assert PickUp("shotgun") in options
    assert PickUp("riding_mower") not in options


def test_h12_swap_drops_the_old_item():
    state = board()
    place(state, WABBIT_1, 8, 8, weapon="garden_hoe")
    put(state, "chainsaw", 8, 8)
    to_move(state, WABBIT_1)
    state = play(state, PickUp("chainsaw"))
    assert state.chars[WABBIT_1].weapon == "chainsaw"
    assert ("garden_hoe", at(8, 8)) in state.items


def test_h12_free_actions_capped_per_move_step():
    state = board()
    place(state, WABBIT_1, 8, 8)
    put(state, "chainsaw", 8, 8)
    to_move(state, WABBIT_1)
    for _ in range(3):
        state = play(state, PickUp("chainsaw"), Drop("chainsaw"))
    assert state.free_used == 6
    assert PickUp("chainsaw") not in legal(state)
    assert EndMove() in legal(state)


def test_h12_pick_up_loose_carrots_as_free_action():
    state = board()
    place(state, WABBIT_1, 8, 8)
    state.loose = ((at(8, 8), 3),)
    to_move(state, WABBIT_1)
    state = play(state, TakeCarrots())
    assert state.chars[WABBIT_1].carrots == 2
    assert state.loose == ((at(8, 8), 1),)


def test_h22_claim_parcel_only_on_mailbox_or_own_home():
    state = board()
    state.parcel = ((), ("chainsaw#9",))
    place(state, WABBIT_1, 8, 8)
    to_move(state, WABBIT_1)
    assert Claim("chainsaw#9") not in legal(state)
    state = play(state, Move("W"))  # mailbox (7,8)
    state = play(state, Claim("chainsaw#9"))
    assert state.chars[WABBIT_1].weapon == "chainsaw#9"
    assert state.parcel[1] == ()


def test_h9_tunnel_counts_as_moving():
    state = board()
    place(state, WABBIT_1, 9, 7)
    give_hand(state, 1, ["tunnel"])
    to_move(state, WABBIT_1)
    card = state.hands[1][0]
    state = play(state, Play(card, "tunnel", cell=at(0, 3)))
    assert state.chars[WABBIT_1].cell == at(0, 3)
    assert state.moved is True


def test_apply_rejects_an_illegal_action():
    state = new()
    with pytest.raises(IllegalAction):
        GAME.apply(state, EndTurn())


def test_h31_decision_cap_leaves_only_closing_options():
    state = board(max_actions_per_turn=20)
    place(state, FARMER, 8, 8)
    to_move(state, FARMER)
    state.mp = 100
    while state.decisions < 20:
        state = play(state, Move("E" if state.chars[FARMER].cell == at(8, 8) else "W"))
    assert "turn_cap" in kinds(state)
    steps = 0
    while state.seat == 0:
        assert len(legal(state)) == 1
        state = play(state, legal(state)[0])
        steps += 1
    assert steps == 5  # end move, pass, end move, pass, end turn
    assert state.decisions == 0


def test_h24a_twelve_rounds_farmer_first_then_game_over():
    state = new(rounds=1)
    for seat in (0, 1):
        assert state.seat == seat
        state = play(state, Draw(), Choose(2 * seat), EndMove(), Pass(), EndMove(), Pass())
        state = play(state, EndTurn())
    assert GAME.to_move(state) is None
    assert GAME.outcome(state) is not None


def test_h12_vehicle_cannot_enter_a_hole_or_the_farmhouse():
    state = board()
    place(state, BUNNY_1, 9, 8, vehicle="riding_mower")
    to_move(state, BUNNY_1)
    assert Move("N") not in legal(state)  # hole (9,7)
    state = board()
    place(state, BUNNY_1, 6, 8, vehicle="riding_mower")
    to_move(state, BUNNY_1)
    assert Move("N") not in legal(state)  # Farmhouse front door
    state = board()
    place(state, BUNNY_1, 9, 5, vehicle="riding_mower")
    to_move(state, BUNNY_1)
    assert Move("E") in legal(state)  # Barn door


def test_h9_h24c_deposit_happens_on_arrival_home():
    state = board()
    place(state, WABBIT_1, 6, 1, carrots=1)
    to_move(state, WABBIT_1)
    state = play(state, Move("N"))
    assert state.stockpiled[1] == 1
