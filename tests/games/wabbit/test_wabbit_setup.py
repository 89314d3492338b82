"""Setup facts: H1-H4, H13, H28, H34 and spec 4.6."""

from wabbit_kit import (
    BUNNY_1,
    FARMER,
    HAND,
    WABBIT_1,
    at,
    board,
    event,
    give_hand,
    new,
    place,
    play,
    to_action,
)

from referee.games.wabbit import GAME
from referee.games.wabbit.actions import Accept, AttackChar, Play, Roll
from referee.games.wabbit.board import CARROT_PATCH
from referee.games.wabbit.queries import defense
from referee.games.wabbit.roster import stats


def test_h2_character_stats():
    config = GAME.make_config()
    assert stats(config, "farmer") == (1, 12, 4)
    assert stats(config, "hand") == (2, 11, 4)
    assert stats(config, "wabbit") == (2, 12, 5)
    assert stats(config, "bunny") == (1, 11, 6)


def test_h3_two_six_sided_dice_per_attack():
    state = board()
    place(state, FARMER, 8, 8)
    place(state, WABBIT_1, 8, 8)
    to_action(state, FARMER)
    state = play(state, AttackChar(WABBIT_1, "unarmed"), Roll())
    dice = event(state, "dice")["dice"]
    assert len(dice) == 2 and all(1 <= d <= 6 for d in dice)
    play(state, Accept())


def test_h13_items_start_on_their_cells():
    state = new()
    assert dict(state.items) == {
        "shotgun": at(5, 6),
        "tractor": at(11, 5),
        "pitchfork": at(12, 4),
        "blowtorch": at(12, 7),
        "chainsaw": at(0, 7),
        "riding_mower": at(2, 7),
        "pickup_truck": at(8, 8),
        "croquet_mallet": at(3, 4),
        "garden_hoe": at(9, 3),
    }
    assert state.planted == frozenset(CARROT_PATCH) == state.ploughed
    assert state.damage == (0, 0, 0, 0)


def test_h28_wabbit_pair_shares_a_warren_and_homes_are_not_holes():
    state = new(4)
    assert state.chars[WABBIT_1].home == state.chars[BUNNY_1].home == at(0, 0)
    assert all(c.home not in state.holes for c in state.chars)
    assert defense(state, state.chars[HAND]) == 11 + 2


def test_h34_mail_orders_are_public():
    state = board()
    place(state, HAND, 7, 8)
    [card] = give_hand(state, 0, ["jet_pack"])
    state = play(state, Play(card, "jet_pack"))
    spectator = GAME.observe(state, None)
    assert spectator["seats"][0]["in_mail"] == [{"card": card, "item": "jet_pack"}]
    assert any(e.kind == "mail_order" and e.visible_to is None for e in GAME.events(state))
