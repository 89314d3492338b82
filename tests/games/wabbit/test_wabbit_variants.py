"""Optional variants of spec 4.14, each a config switch that is off by default.

V1 permanent tunnels, V2 hidden mail orders, V3 first seat rotating each season, V4 one
die with every Defense lowered by 4. Random-play properties with the variants on are in
test_wabbit_properties.py.
"""

import pytest
from wabbit_kit import (
    BUNNY_1,
    FARMER,
    HAND,
    WABBIT_1,
    at,
    board,
    edit,
    end_turn_now,
    event,
    give_hand,
    legal,
    new,
    place,
    play,
    rig_dice,
    to_action,
    to_move,
)

from referee.games.base import ConfigError
from referee.games.wabbit import GAME
from referee.games.wabbit.actions import (
    Accept,
    AttackChar,
    Claim,
    EndMove,
    Play,
    Repair,
    Roll,
    Tunnel,
)
from referee.games.wabbit.board import START_HOLES
from referee.games.wabbit.queries import building_defense, defense
from referee.games.wabbit.state import OVER

VARIANTS = ("permanent_tunnels", "hidden_mail_orders", "rotate_first_seat", "single_die")


def tunnels(state):
    return sorted(a.cell for a in legal(state) if isinstance(a, Tunnel))


# Configuration


def test_v1_to_v4_switches_are_off_by_default_and_validated():
    config = GAME.make_config()
    assert [getattr(config, name) for name in VARIANTS] == [False] * 4
    assert all(getattr(GAME.make_config(**{name: True}), name) for name in VARIANTS)
    for name in VARIANTS:
        with pytest.raises(ConfigError, match=name):
            GAME.make_config(**{name: 1})
    assert GAME.static_map(new(2, single_die=True))["config"]["single_die"] is True


def test_v4_single_die_cannot_be_combined_with_another_dice_count():
    with pytest.raises(ConfigError, match="single_die"):
        GAME.make_config(single_die=True, dice_count=3)


def test_v1_to_v4_configs_have_their_own_digests():
    default = GAME.digest(new(2, seed=4))
    assert len({default, *(GAME.digest(new(2, seed=4, **{name: True})) for name in VARIANTS)}) == 5


# V1 permanent tunnels


def test_v1_wabbit_in_a_hole_tunnels_to_any_empty_hole_for_two_mp():
    state = board(permanent_tunnels=True)
    place(state, WABBIT_1, 9, 7)  # a hole
    place(state, HAND, 12, 8)  # another hole, now taken
    to_move(state, WABBIT_1)
    assert tunnels(state) == sorted(START_HOLES - {at(9, 7), at(12, 8)})
    state = play(state, Tunnel(at(0, 3)))
    assert state.chars[WABBIT_1].cell == at(0, 3)
    assert state.mp == 5 - 2 and state.moved is True
    assert event(state, "tunnel") == {"char": WABBIT_1, "x": 0, "y": 3}
    assert GAME.action_data(Tunnel(at(0, 3))) == {"kind": "tunnel", "x": 0, "y": 3}
    state = play(state, Tunnel(at(6, 2)))  # again, while MP last
    assert state.mp == 1 and tunnels(state) == []  # 1 MP is not enough


def test_v1_tunnel_counts_as_moving_so_no_s8_bonus():
    state = board(permanent_tunnels=True)
    place(state, BUNNY_1, 6, 4)  # hole next to the Carrot Patch
    place(state, FARMER, 3, 2)  # next to the hole (3,3)
    to_move(state, BUNNY_1)
    state = play(state, Tunnel(at(3, 3)), EndMove(), AttackChar(FARMER, "unarmed"))
    assert state.attack is not None and state.attack.bonus == (1,)  # +1 attack, no S8 +1


def test_v1_only_wabbit_side_characters_in_a_hole():
    state = board(permanent_tunnels=True)
    place(state, HAND, 9, 7)  # Farmer side in a hole
    to_move(state, HAND)
    assert tunnels(state) == []
    state = board(permanent_tunnels=True)
    place(state, WABBIT_1, 9, 6)  # next to a hole, not in it
    to_move(state, WABBIT_1)
    assert tunnels(state) == []


def test_v1_off_by_default():
    state = board()
    place(state, WABBIT_1, 9, 7)
    to_move(state, WABBIT_1)
    assert tunnels(state) == []


def test_v1_tunnel_reaches_a_portable_hole():
    state = board(permanent_tunnels=True)
    state.holes = state.holes | {at(3, 5)}
    place(state, WABBIT_1, 9, 7)
    to_move(state, WABBIT_1)
    assert at(3, 5) in tunnels(state)


# V2 hidden mail orders


def order_jet_pack(**config):
    """Seat 0 orders a Jet Pack with the Hired Hand on the Mailbox."""
    state = board(**config)
    place(state, HAND, 7, 8)
    [card] = give_hand(state, 0, ["jet_pack"])
    return play(state, Play(card, "jet_pack")), card


def test_v2_mail_order_is_hidden_from_other_seats_and_spectators():
    state, card = order_jet_pack(hidden_mail_orders=True)
    mine = GAME.observe(state, 0)["seats"][0]
    assert mine["in_mail"] == [{"card": card, "item": "jet_pack"}]
    for viewer in (1, None):
        seat = GAME.observe(state, viewer)["seats"][0]
        assert seat["in_mail"] == [{"card": -1, "item": ""}]
        assert "Jet Pack" not in GAME.render(state, viewer)
    played = event(state, "card_played")
    assert (played["card"], played["name"], played["card_kind"]) == (None, None, None)
    [order] = [e for e in GAME.events(state) if e.kind == "mail_order"]
    assert order.visible_to == frozenset({0}) and order.data["item"] == "jet_pack"
    for e in GAME.events(state):
        if e.is_visible_to(1):
            assert card not in e.data.values() and "jet_pack" not in e.data.values()


def test_v2_mail_order_play_label_is_hidden_from_spectators():
    for hidden in (True, False):
        state = board(hidden_mail_orders=hidden)
        place(state, HAND, 7, 8)
        [card] = give_hand(state, 0, ["jet_pack"])
        action = Play(card, "jet_pack")
        assert "Jet Pack" in GAME.action_label(action)
        expected = "PLAY(mail order)" if hidden else GAME.action_label(action)
        assert GAME.public_label(state, action) == expected


def test_v2_keeps_the_label_of_a_card_that_is_not_a_mail_order():
    state = board(hidden_mail_orders=True)
    action = Play(3, "hop_to_it", char=WABBIT_1)
    assert GAME.public_label(state, action) == GAME.action_label(action)


def test_v2_parcel_is_hidden_until_the_item_is_claimed():
    state = board(hidden_mail_orders=True)
    jet_pack = next(c for c, k in enumerate(state.deck_kinds) if k == "jet_pack")
    state.in_mail = ((jet_pack,), ())
    state.seat = 1
    state = end_turn_now(state)  # seat 0's turn starts: the Jet Pack arrives
    item = f"jet_pack#{jet_pack}"
    [arrived] = [e for e in GAME.events(state) if e.kind == "mail_arrived"]
    assert arrived.visible_to == frozenset({0})
    assert GAME.observe(state, 0)["seats"][0]["parcel"] == [item]
    assert GAME.observe(state, 1)["seats"][0]["parcel"] == [""]
    assert GAME.observe(state, None)["seats"][0]["parcel"] == [""]
    place(state, HAND, 7, 8)  # the Mailbox (a Jet Pack cannot be held in the Barn)
    to_move(state, HAND)
    state = play(state, Claim(item))
    assert event(state, "claim") == {"char": HAND, "item": item}
    assert GAME.observe(state, 1)["characters"][HAND]["vehicle"] == item
    assert GAME.observe(state, 1)["seats"][0]["parcel"] == []


def test_v2_observation_keys_and_types_do_not_change():
    hidden, _ = order_jet_pack(hidden_mail_orders=True)
    public, _ = order_jet_pack()
    a, b = GAME.observe(hidden, 1), GAME.observe(public, 1)
    assert list(a) == list(b)
    assert [type(v) for v in a["seats"][0]["in_mail"][0].values()] == [int, str]
    assert a["seats"][0]["in_mail"] != b["seats"][0]["in_mail"]


def test_v2_off_by_default_orders_stay_public():
    state, card = order_jet_pack()
    assert GAME.observe(state, 1)["seats"][0]["in_mail"] == [{"card": card, "item": "jet_pack"}]
    assert all(e.visible_to is None for e in GAME.events(state) if e.kind != "draw_cards")


# V3 first seat rotates each season


def turn_order(players, **config):
    """Return (round, seat) for every turn of a match whose turns are all ended at once."""
    state = new(players, **config)
    order = []
    while state.phase != OVER:
        order.append((state.round, state.seat))
        state = end_turn_now(state)
    return order


def test_v3_first_seat_moves_one_seat_on_each_season():
    order = turn_order(4, rotate_first_seat=True)
    seasons = [[seat for rnd, seat in order if rnd == r] for r in (1, 4, 7, 10)]
    assert seasons == [[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]]
    assert len(order) == 48
    assert [seat for rnd, seat in order if rnd in (4, 5, 6)] == [1, 2, 3, 0] * 3


def test_v3_two_and_three_players_wrap_round():
    two = turn_order(2, rotate_first_seat=True)
    assert [seat for rnd, seat in two if rnd in (1, 4, 7, 10)] == [0, 1, 1, 0, 0, 1, 1, 0]
    three = turn_order(3, rotate_first_seat=True)
    firsts = [seat for index, (rnd, seat) in enumerate(three) if index % 3 == 0]
    assert firsts == [0] * 3 + [1] * 3 + [2] * 3 + [0] * 3


def test_v3_summer_crop_scores_when_the_rotated_round_six_ends():
    state = edit(new(2, rotate_first_seat=True))
    state.round, state.seat = 6, 1  # summer opens with seat 1
    state = end_turn_now(state)
    assert (state.round, state.seat) == (6, 0)
    assert "crop_scored" not in [e.kind for e in GAME.events(state)]
    state = end_turn_now(state)
    assert (state.round, state.seat) == (7, 0)  # autumn opens with seat 2 % 2 = 0
    assert event(state, "crop_scored")["carrots"] == 4


def test_v3_off_by_default_the_farmer_always_opens():
    order = turn_order(3)
    assert [seat for index, (_, seat) in enumerate(order) if index % 3 == 0] == [0] * 12


# V4 one die, every Defense lowered by 4


def test_v4_every_defense_is_lowered_by_four():
    state = board(single_die=True)
    place(state, WABBIT_1, 8, 8)
    place(state, BUNNY_1, 9, 7)  # a hole
    assert defense(state, state.chars[WABBIT_1]) == 12 - 4
    assert defense(state, state.chars[BUNNY_1]) == 11 - 4 + 2
    assert defense(state, state.chars[FARMER]) == 12 - 4 + 2  # at home
    assert [building_defense(state.config, b) for b in range(4)] == [8, 8, 7, 6]
    obs = GAME.observe(state, None)
    assert obs["characters"][WABBIT_1]["defense"] == 8
    assert [b["defense"] for b in obs["buildings"]] == [8, 8, 7, 6]
    assert [b["defense"] for b in GAME.static_map(state)["buildings"]] == [8, 8, 7, 6]


@pytest.mark.parametrize(("roll", "hit"), [(5, True), (4, False)])
def test_v4_attack_rolls_one_die_against_the_lowered_defense(roll, hit):
    state = board(single_die=True)
    place(state, FARMER, 8, 8)
    place(state, BUNNY_1, 8, 8)
    to_action(state, FARMER)  # +1 attack, +1 not moved
    state = play(state, AttackChar(BUNNY_1, "unarmed"))
    rig_dice(state, [roll])
    state = play(state, Roll())
    dice = event(state, "dice")
    assert len(dice["dice"]) == 1 and dice["target_number"] == 7
    state = play(state, Accept())
    assert (state.score(0) == 1) is hit


def test_v4_card_attack_rolls_one_die():
    state = board(single_die=True)
    place(state, BUNNY_1, 3, 9)  # on the highway
    [card] = give_hand(state, 0, ["semi_truck"])
    state = play(state, Play(card, "semi_truck", char=BUNNY_1))
    rig_dice(state, [2])  # 5 + 2 = 7 = 11 - 4
    state = play(state, Roll())
    assert event(state, "dice")["dice"] == [2]
    state = play(state, Accept())
    assert state.chars[BUNNY_1].cell == state.chars[BUNNY_1].home


def test_v4_repair_rolls_one_die_against_the_unchanged_repair_target():
    state = board(round=10, single_die=True)
    state.damage = (1, 0, 0, 0)
    place(state, HAND, 6, 8)
    to_action(state, HAND)
    rig_dice(state, [6])
    state = play(state, Repair(0))
    roll = event(state, "repair_roll")
    assert len(roll["dice"]) == 1 and roll["target_number"] == 9
    assert roll["total"] == 8 and roll["success"] is False


def test_v4_off_by_default_two_dice_and_printed_defense():
    state = board()
    place(state, WABBIT_1, 8, 8)
    assert defense(state, state.chars[WABBIT_1]) == 12
    assert state.config.dice_per_roll() == 2
