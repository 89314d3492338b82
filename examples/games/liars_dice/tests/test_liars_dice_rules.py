"""One or more tests per numbered rule of the package README (LD1-LD16)."""

from __future__ import annotations

import json

import pytest
from referee.games.base import ConfigError, IllegalAction
from referee.games.rng import Rng

from liars_dice_helpers import GAME, LIAR, Bid, new, play, with_cups


def test_ld1_every_seat_starts_with_its_dice_of_the_configured_faces():
    state = new(4, seed=3, dice_per_player=7, faces=4)
    assert state.counts == (7, 7, 7, 7)
    assert all(len(cup) == 7 and set(cup) <= {1, 2, 3, 4} for cup in state.dice)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("dice_per_player", 0),
        ("dice_per_player", 11),
        ("faces", 2),
        ("faces", 10),
        ("max_rounds", 0),
        ("max_rounds", 121),
        ("wild_ones", 1),
        ("faces", 6.0),
        ("seat_count", 3),
    ],
)
def test_ld1_config_values_outside_their_bounds_are_refused_by_name(field, value):
    with pytest.raises(ConfigError, match=field):
        GAME.make_config(**{field: value})


@pytest.mark.parametrize("players", [1, 7, "2"])
def test_ld1_two_to_six_seats_play(players):
    with pytest.raises(ConfigError, match="players"):
        GAME.new_state(GAME.make_config(), players, 1)


def test_ld1_scenarios_set_their_own_defaults():
    assert GAME.make_config("plain").wild_ones is False
    assert GAME.make_config("quick").dice_per_player == 2
    assert GAME.make_config("quick", dice_per_player=3).dice_per_player == 3
    with pytest.raises(ConfigError, match="scenario"):
        GAME.make_config("grand")


def test_ld2_cups_are_rolled_from_the_seed_in_seat_order_and_kept_sorted():
    state = new(3, seed=42)
    rng = Rng(42)
    expected = [tuple(sorted(rng.below(6) + 1 for _ in range(5))) for _ in range(3)]
    assert list(state.dice) == expected
    assert state.rng.state() == rng.state()


def test_ld2_each_roll_is_seen_by_its_own_seat_only():
    state = new(3, seed=5)
    rolls = [event for event in GAME.events(state) if event.kind == "roll"]
    assert [event.data["seat"] for event in rolls] == [0, 1, 2]
    for event in rolls:
        seat = event.data["seat"]
        assert event.visible_to == frozenset({seat})
        assert event.data["dice"] == list(state.dice[seat])
        assert not event.is_visible_to(None)


def test_ld3_turns_go_up_the_seats_wrapping_and_skipping_seats_that_are_out():
    state = with_cups(new(4), (2, 3), (), (4,), (5, 5), seat=0)
    assert GAME.to_move(state) == 0
    state = play(state, "BID(1x2)")
    assert GAME.to_move(state) == 2
    state = play(state, "BID(1x3)")
    assert GAME.to_move(state) == 3
    state = play(state, "BID(1x4)")
    assert GAME.to_move(state) == 0


def test_ld3_seat_0_opens_round_1():
    state = new(5, seed=9)
    assert GAME.to_move(state) == 0 and state.round == 1


def test_ld4_the_opener_must_bid():
    state = new(2)
    assert LIAR not in GAME.legal_actions(state)
    assert GAME.status(state).phase == "open"
    with pytest.raises(IllegalAction):
        GAME.apply(state, LIAR)


def test_ld5_a_bid_names_one_to_all_dice_in_play_and_a_biddable_face():
    state = new(2)
    assert GAME.action_label(Bid(3, 5)) == "BID(3x5)"
    legal = GAME.legal_actions(state)
    assert {bid.quantity for bid in legal} == set(range(1, 11))
    assert {bid.face for bid in legal} == {2, 3, 4, 5, 6}
    for illegal in (Bid(0, 2), Bid(11, 2), Bid(3, 1), Bid(3, 7), Bid(True, 3), "BID(1x2)"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, illegal)


def test_ld5_without_wild_ones_one_is_a_biddable_face():
    legal = GAME.legal_actions(new(2, scenario="plain"))
    assert {bid.face for bid in legal} == {1, 2, 3, 4, 5, 6}


def test_ld6_a_raise_has_more_dice_or_as_many_of_a_higher_face():
    state = play(new(3), "BID(3x5)")
    legal = GAME.legal_actions(state)
    for raised in (Bid(3, 6), Bid(4, 2), Bid(15, 6)):
        assert raised in legal
    for low in (Bid(3, 4), Bid(2, 6), Bid(3, 5), Bid(1, 2)):
        assert low not in legal
        with pytest.raises(IllegalAction):
            GAME.apply(state, low)
    expected = [Bid(q, f) for q in range(3, 16) for f in range(2, 7) if (q, f) > (3, 5)]
    assert legal == [*expected, LIAR]


def test_ld7_ones_count_toward_any_face_when_wild():
    state = with_cups(new(2), (1, 1, 4), (1, 4, 6), seat=1)
    state = play(state, "BID(5x4)", "LIAR")
    reveal = state.last_reveal
    assert reveal.count == 5 and reveal.loser == 0  # the bid stood: the challenger loses


def test_ld7_ones_count_only_as_ones_when_not_wild():
    state = with_cups(new(2, scenario="plain"), (1, 1, 4), (1, 4, 6), seat=1)
    state = play(state, "BID(3x4)", "LIAR")
    assert state.last_reveal.count == 2 and state.last_reveal.loser == 1
    state = with_cups(new(2, scenario="plain"), (1, 1, 4), (1, 4, 6), seat=1)
    state = play(state, "BID(3x1)", "LIAR")
    assert state.last_reveal.count == 3 and state.last_reveal.loser == 0


def test_ld8_liar_reveals_every_cup_to_everyone():
    state = with_cups(new(3), (2, 3), (4, 5, 6), (1, 6), seat=0)
    state = play(state, "BID(2x6)", "LIAR")
    reveals = [event for event in GAME.events(state) if event.kind == "reveal"]
    assert len(reveals) == 1 and reveals[0].visible_to is None
    assert reveals[0].data["dice"] == [[2, 3], [4, 5, 6], [1, 6]]
    assert reveals[0].data["count"] == 3 and reveals[0].data["bid_stands"] is True
    for seat in (None, 0, 1, 2):
        shown = GAME.observe(state, seat)["last_reveal"]
        assert shown["dice"] == [[2, 3], [4, 5, 6], [1, 6]] and shown["challenger"] == 1


def test_ld9_a_bid_that_stands_costs_the_challenger_a_die():
    state = with_cups(new(2), (6, 6), (2, 3), seat=0)
    state = play(state, "BID(2x6)", "LIAR")  # exactly two sixes: the bid stands
    assert state.counts == (2, 1)


def test_ld9_a_false_bid_costs_the_bidder_a_die():
    state = with_cups(new(2), (6, 6), (2, 3), seat=0)
    state = play(state, "BID(3x6)", "LIAR")
    assert state.counts == (1, 2)
    assert [e.data for e in GAME.events(state) if e.kind == "lose_die"] == [
        {"seat": 0, "dice_left": 1}
    ]


def test_ld10_a_seat_without_dice_is_out_and_never_asked_again():
    state = with_cups(new(3), (2,), (3, 3), (4, 4), seat=0)
    state = play(state, "BID(4x2)", "LIAR")
    assert state.out == (0,) and state.dice[0] == ()
    assert [e.data for e in GAME.events(state) if e.kind == "out"] == [{"seat": 0, "place": 3}]
    assert not any(e.kind == "roll" and e.data["seat"] == 0 for e in GAME.events(state))
    seen = set()
    while GAME.to_move(state) is not None and state.round < 6:
        seen.add(GAME.to_move(state))
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
    assert 0 not in seen


def test_ld11_the_loser_opens_the_next_round_and_every_seat_rolls_again():
    state = with_cups(new(3), (2, 2), (3, 3), (4, 4), seat=0)
    state = play(state, "BID(1x2)", "BID(5x2)", "LIAR")  # seat 1 bid falsely
    assert state.round == 2 and GAME.to_move(state) == 1 and state.bids == ()
    assert state.counts == (2, 1, 2) and [len(cup) for cup in state.dice] == [2, 1, 2]
    rolled = [e.data["seat"] for e in GAME.events(state) if e.kind == "roll"]
    assert rolled == [0, 1, 2]


def test_ld11_when_the_loser_is_out_the_next_seat_opens():
    state = with_cups(new(3), (2, 2), (3,), (4, 4), seat=1)
    state = play(state, "BID(4x3)", "LIAR")  # seat 1 loses its last die
    assert state.out == (1,) and GAME.to_move(state) == 2
    state = with_cups(new(3), (2, 2), (3, 3), (4,), seat=2)
    state = play(state, "BID(5x4)", "LIAR")  # seat 2 is out; seat 0 comes after it
    assert GAME.to_move(state) == 0


def test_ld12_the_last_seat_with_dice_wins():
    state = with_cups(new(3), (5,), (), (2, 3), seat=2)
    state = play(state, "BID(1x2)", "LIAR")  # the bid stands: seat 0 loses its last die
    assert GAME.to_move(state) is None and GAME.legal_actions(state) == []
    outcome = GAME.outcome(state)
    assert outcome.reason == "last_seat_standing" and outcome.winners == (2,)
    assert outcome.scores == (0, 0, 2)
    assert GAME.status(state).phase == "over"
    with pytest.raises(IllegalAction):
        GAME.apply(state, Bid(1, 2))


def test_ld13_the_round_cap_ends_the_game_ranked_by_dice_left():
    state = with_cups(new(3, max_rounds=1), (2, 2), (3, 3), (4, 4), seat=0)
    state = play(state, "BID(3x6)", "LIAR")
    outcome = GAME.outcome(state)
    assert outcome.reason == "round_cap"
    assert outcome.scores == (1, 2, 2) and outcome.ranks == (3, 1, 1)
    assert state.round == 1 and all(cup == () for cup in state.dice)


def test_ld13_every_end_reason_is_declared():
    assert set(GAME.spec.end_reasons) == {"last_seat_standing", "round_cap"}


def test_ld14_seats_out_rank_by_when_they_went_out():
    state = with_cups(new(4), (2, 2), (3, 3), (4,), (5, 5), seat=2)
    state = play(state, "BID(7x2)", "LIAR")  # seat 2 bid falsely: out first
    state = with_cups(state, (2,), (3, 3), (), (5, 5), seat=3)
    state = play(state, "BID(1x5)", "LIAR")  # seat 0 called a true bid: out second
    assert GAME.to_move(state) == 1
    state = with_cups(state, (), (3,), (), (5, 5))
    state = play(state, "BID(3x3)", "LIAR")  # seat 1 bid falsely: out last
    outcome = GAME.outcome(state)
    assert state.out == (2, 0, 1)
    assert outcome.ranks == (3, 2, 4, 1) and outcome.scores == (0, 0, 0, 2)


def test_ld14_status_scores_are_dice_left():
    state = with_cups(new(3), (2,), (3, 3), (4, 4, 4), seat=0)
    status = GAME.status(state)
    assert status.scores == (1, 2, 3) and status.round_label == "1/60"


def test_ld15_the_highest_bid_leaves_only_liar():
    state = with_cups(new(2), (2,), (3,), seat=0)
    state = play(state, "BID(2x6)")
    assert GAME.legal_actions(state) == [LIAR]
    assert GAME.status(state).phase == "raise_or_liar"


def test_ld16_a_seat_sees_its_own_cup_and_a_spectator_none():
    state = new(3, seed=4)
    for seat in range(3):
        observation = GAME.observe(state, seat)
        assert observation["dice"] == list(state.dice[seat])
        assert observation["seats"][seat] == {"seat": seat, "dice_left": 5, "out": False}
        text = GAME.render(state, seat)
        assert f"seat {seat}: 5 dice [{' '.join(map(str, state.dice[seat]))}]" in text
    spectator = GAME.observe(state, None)
    assert spectator["dice"] is None and spectator["last_reveal"] is None
    assert GAME.render(state, None).count("5 dice [? ? ? ? ?]") == 3


def test_ld16_observations_hold_no_random_source_and_are_json():
    state = play(new(2, seed=8), "BID(2x3)", "LIAR")
    for seat in (None, 0, 1):
        text = json.dumps(GAME.observe(state, seat))
        assert "seed" not in text and "counter" not in text and "rng" not in text
    json.dumps(GAME.static_map(state))


def test_labels_and_action_data():
    assert GAME.action_label(LIAR) == "LIAR"
    assert GAME.action_data(Bid(3, 5)) == {"kind": "bid", "quantity": 3, "face": 5}
    assert GAME.action_data(LIAR) == {"kind": "liar"}
    state = play(new(2), "BID(1x2)")
    assert [GAME.public_label(state, a) for a in GAME.legal_actions(state)[-2:]] == [
        "BID(10x6)",
        "LIAR",
    ]
