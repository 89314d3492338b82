"""Scuffle rules G1, G3-G6, G33-G39 and the scuffle FACT rules."""

from pilfer_kit import build, decision, dice, events, hits, labels, play, seq, spins, with_rng

from referee.games.pilfer import GAME


def _scuffle(state):
    (event,) = events(state, "scuffle")
    return event


def test_g1_success_is_four_or_more_on_a_d6():
    state = build(critters=[(0, "goose", 2, 2)], active=1)
    lucky = with_rng(state, dice([4]))
    assert events(play(lucky, "OPEN(wall E)"), "opening")
    strict = build(critters=[(0, "goose", 2, 2)], active=1, success_threshold=5)
    strict = with_rng(strict, dice([4]))
    assert not events(play(strict, "OPEN(wall E)"), "opening")


def test_g3_attacker_dice_are_drawn_before_defender_dice():
    state = build(critters=[(0, "wolf", 4, 4)], townsfolk={"red-1": (5, 4)}, active=1)
    state = with_rng(state, dice([1, 2, 3], [4, 5]))
    event = _scuffle(play(state, "MOVE(E)"))
    assert event["attacker_dice"] == [1, 2, 3]
    assert event["defender_dice"] == [4, 5]


def test_g3_raccoon_open_draws_nothing():
    state = build(critters=[(0, "raccoon", 2, 2)], active=1)
    after = play(state, "OPEN(wall E)")
    assert after.rng.state() == state.rng.state()
    assert events(after, "opening")


def test_g4_townsfolk_rolls_townsfolk_dice():
    for count in (2, 3):
        state = build(
            critters=[(0, "goose", 4, 4)],
            townsfolk={"red-1": (5, 4)},
            active=1,
            townsfolk_dice=count,
        )
        assert len(_scuffle(play(state, "MOVE(E)"))["defender_dice"]) == count


def test_g5_pools_add_bonus_and_friendly_dice():
    state = build(
        critters=[(0, "skunk", 4, 4), (0, "boar", 5, 4)],
        townsfolk={"red-1": (5, 4), "blue-1": (5, 4)},
        active=1,
    )
    event = _scuffle(play(state, "MOVE(E)"))
    assert len(event["attacker_dice"]) == 2 + 3
    assert len(event["defender_dice"]) == 4


def test_g6_size_is_base_dice_so_townsfolk_outranks_a_skunk():
    state = build(
        critters=[(0, "wolf", 4, 4), (1, "skunk", 5, 4)],
        townsfolk={"red-1": (5, 4)},
        active=1,
    )
    assert _scuffle(play(state, "MOVE(E)"))["defender"]["model"] == "townsfolk"


def test_g33_optional_scuffle_against_enemy_critters_only():
    state = build(critters=[(0, "fox", 4, 4), (1, "goose", 5, 4)], active=1)
    state = play(state, "MOVE(E)")
    assert decision(state) == "optional_scuffle"
    assert GAME.to_move(state) == 0
    assert not events(play(state, "OPTIONAL_SCUFFLE(no)"), "scuffle")
    assert events(play(state, "OPTIONAL_SCUFFLE(yes)"), "scuffle")


def test_g33_townsfolk_entering_a_cat_cell_has_no_effect():
    state = build(
        critters=[(1, "goose", 9, 9)],
        townsfolk={"red-1": (5, 8)},
        tokens={(6, 8): ["cat^"]},
        turn_seat=1,
    )
    state = with_rng(state, spins(1))
    state = play(state, "END_TURN")
    assert GAME.observe(state, None)["townsfolk"][0]["x"] == 6
    assert not events(state, "scuffle")


def test_g33_push_steps_never_attack():
    state = build(
        critters=[(0, "buck", 4, 4)],
        townsfolk={"red-1": (5, 4)},
        active=1,
    )
    state = with_rng(state, dice([6, 6, 6, 6], [1, 1]))
    state = play(state, "MOVE(E)")
    assert decision(state) == "push_step"
    state = play(state, "PUSH_STEP(E)")
    assert not events(state, "scuffle")


def test_g34_equal_size_prefers_townsfolk_then_dog_then_cat_then_critter():
    cell = (5, 4)
    state = build(
        critters=[(0, "fox", 4, 4), (1, "raccoon", 5, 4)],
        townsfolk={"red-1": cell},
        tokens={cell: ["dog^"]},
        active=1,
    )
    assert _scuffle(play(state, "MOVE(E)"))["defender"]["model"] == "townsfolk"
    state = build(
        critters=[(0, "fox", 4, 4), (1, "raccoon", 5, 4)],
        tokens={cell: ["cat^", "dog^"]},
        active=1,
    )
    assert _scuffle(play(state, "MOVE(E)"))["defender"]["model"] == "dog"
    state = build(
        critters=[(0, "goose", 4, 4), (1, "squirrel", 5, 4)],
        tokens={cell: ["cat^"]},
        active=1,
    )
    assert _scuffle(play(state, "MOVE(E)"))["defender"]["model"] == "cat"


def test_g34_critter_tie_break_points_then_turn_order_then_id():
    spec = [(0, "goose", 4, 4), (2, "weasel", 5, 4), (1, "weasel", 5, 4), (1, "skunk", 5, 4)]
    state = build(players=3, critters=spec, active=1)
    state = play(state, "MOVE(E)", "OPTIONAL_SCUFFLE(yes)")
    assert _scuffle(state)["defender"]["id"] == 3
    state = build(players=3, critters=spec, active=1, points=[0, 0, 1])
    state = play(state, "MOVE(E)", "OPTIONAL_SCUFFLE(yes)")
    assert _scuffle(state)["defender"]["id"] == 2


def test_g34_larger_enemy_critter_beats_the_townsfolk_that_forced_the_scuffle():
    state = build(
        critters=[(0, "wolf", 4, 4), (1, "buck", 5, 4)],
        townsfolk={"red-1": (5, 4)},
        active=1,
    )
    assert _scuffle(play(state, "MOVE(E)"))["defender"] == {"model": "critter", "id": 2, "owner": 1}


def test_g34_trapped_critter_is_not_a_target():
    state = build(critters=[(0, "fox", 4, 4), (1, "goose", 5, 4)], trapped=[2], active=1)
    state = play(state, "MOVE(E)")
    assert decision(state) == "activation"
    assert "MOVE(STAY)" not in labels(state)


def test_g35_only_the_principal_loses_by_default():
    spec = [(0, "goose", 4, 4), (1, "fox", 5, 4), (1, "boar", 5, 4)]
    rolls = dice([6], [1, 1, 1, 1, 1])
    state = with_rng(build(critters=spec, active=1), rolls)
    state = play(state, "MOVE(E)", "OPTIONAL_SCUFFLE(yes)")
    assert [e["critter"] for e in events(state, "sent_home")] == [2]
    state = with_rng(build(critters=spec, active=1, group_loss="all"), rolls)
    state = play(state, "MOVE(E)", "OPTIONAL_SCUFFLE(yes)")
    assert [e["critter"] for e in events(state, "sent_home")] == [2, 3]


def test_g36_losing_mover_goes_home_drops_food_and_ends_activation():
    state = build(
        critters=[(0, "goose", 4, 4)],
        townsfolk={"red-1": (5, 4)},
        tokens={(5, 4): ["sparkly"]},
        carrying={1: "food_1"},
        active=1,
    )
    state = play(with_rng(state, dice([1], [6, 6])), "MOVE(E)")
    critter = GAME.observe(state, None)["critters"][0]
    assert (critter["x"], critter["y"]) == (0, 0)
    assert decision(state) == "main"
    tokens = GAME.observe(state, None)["tokens"]
    assert [(t["kind"], t["face_up"]) for t in tokens] == [(None, False), ("food_1", True)]


def test_g36_winner_then_reveals_the_cell():
    state = build(
        critters=[(0, "buck", 4, 4)],
        townsfolk={"red-1": (5, 4)},
        tokens={(5, 4): ["food_1"]},
        active=1,
    )
    state = play(with_rng(state, dice([6, 6, 6, 6], [1, 6])), "MOVE(E)", "STOP")
    assert events(state, "reveal")[0]["token_kind"] == "food_1"


def test_g37_push_stops_at_critter():
    state = build(
        critters=[(0, "buck", 4, 4), (1, "goose", 6, 4)],
        townsfolk={"red-1": (5, 4)},
        active=1,
    )
    state = play(with_rng(state, dice([6, 6, 6, 6], [1, 1])), "MOVE(E)")
    assert labels(state) == ["PUSH_STEP(N)", "PUSH_STEP(S)", "PUSH_STEP(W)", "STOP"]
    assert GAME.observe(state, None)["pending"]["steps_left"] == 4


def test_g37_winner_owner_pushes_off_turn_and_margin_limits_steps():
    state = build(
        critters=[(1, "boar", 6, 8)],
        townsfolk={"red-1": (5, 8)},
        blips=["food_1", "food_2"],
        turn_seat=1,
    )
    state = with_rng(state, seq(spins(1), dice([1, 1], [6, 6, 1])))
    state = play(state, "END_TURN")
    assert decision(state) == "push_step" and GAME.to_move(state) == 1
    state = play(state, "PUSH_STEP(S)")
    assert GAME.observe(state, None)["pending"]["steps_left"] == 1
    state = play(state, "PUSH_STEP(S)")
    assert decision(state) == "main" and GAME.to_move(state) == 0
    assert [(e["x"], e["y"]) for e in events(state, "blip")] == [(6, 9)]


def test_g38_turtle_mover_may_avoid_and_still_reveals():
    state = build(
        critters=[(0, "turtle", 4, 4)],
        townsfolk={"red-1": (5, 4)},
        tokens={(5, 4): ["food_1"]},
        active=1,
    )
    state = play(state, "MOVE(E)")
    assert decision(state) == "avoid"
    state = play(state, "AVOID(yes)")
    assert not events(state, "scuffle") and events(state, "reveal")


def test_g38_squirrel_may_avoid_only_on_a_tree():
    on_tree = build(critters=[(0, "squirrel", 5, 2)], townsfolk={"red-1": (5, 1)}, active=1)
    assert decision(play(on_tree, "MOVE(N)")) == "avoid"
    bare = build(critters=[(0, "squirrel", 6, 2)], townsfolk={"red-1": (6, 1)}, active=1)
    assert decision(play(bare, "MOVE(N)")) != "avoid"


def test_g38_avoiding_target_is_retargeted_and_adds_no_dice():
    state = build(
        critters=[(1, "turtle", 6, 8), (1, "goose", 6, 8)],
        townsfolk={"red-1": (5, 8)},
        turn_seat=1,
    )
    state = with_rng(state, spins(1))
    state = play(state, "END_TURN")
    assert decision(state) == "avoid" and GAME.to_move(state) == 1
    state = play(state, "AVOID(yes)")
    event = _scuffle(state)
    assert event["defender"]["id"] == 2
    assert len(event["defender_dice"]) == 1


def test_g38_avoid_with_no_other_target_cancels_the_scuffle():
    state = build(critters=[(1, "turtle", 6, 8)], townsfolk={"red-1": (5, 8)}, turn_seat=1)
    state = play(with_rng(state, spins(1)), "END_TURN", "AVOID(yes)")
    assert not events(state, "scuffle")


def test_g38_cannot_avoid_a_deliberate_scuffle():
    state = build(critters=[(0, "turtle", 5, 4)], townsfolk={"red-1": (5, 4)}, active=1)
    state = play(state, "MOVE(STAY)")
    assert events(state, "scuffle")


def test_g39_cat_stays_face_up_after_a_tie_and_fights_again():
    state = build(critters=[(0, "goose", 4, 4)], tokens={(5, 4): ["cat"]}, active=1)
    state = play(with_rng(state, dice([1], [1])), "MOVE(E)")
    assert _scuffle(state)["result"] == "tie"
    assert GAME.observe(state, None)["tokens"][0]["kind"] == "cat"
    state = play(state, "MOVE(W)", "MOVE(E)")
    assert _scuffle(state)["defender"]["model"] == "cat"


def test_fact_cat_rolls_one_die_and_dog_two_and_winner_scores():
    for kind, count in (("cat", 1), ("dog", 2)):
        state = build(critters=[(0, "wolf", 4, 4)], tokens={(5, 4): [kind]}, active=1)
        state = play(with_rng(state, dice([6, 6, 6], [1] * count)), "MOVE(E)")
        assert len(_scuffle(state)["defender_dice"]) == count
        assert GAME.observe(state, None)["seats"][0]["points"] == 1
        assert GAME.observe(state, None)["discard"] == [{"id": 1, "kind": kind}]


def test_fact_tie_is_a_standoff():
    state = build(critters=[(0, "goose", 4, 4)], townsfolk={"red-1": (5, 4)}, active=1)
    state = play(with_rng(state, dice([6], [6, 1])), "MOVE(E)")
    assert _scuffle(state)["result"] == "tie"
    observed = GAME.observe(state, None)
    assert (observed["critters"][0]["x"], observed["townsfolk"][0]["x"]) == (5, 5)


def test_g35_group_loss_all_pushes_every_losing_townsfolk_in_id_order():
    state = build(
        critters=[(0, "buck", 4, 4)],
        townsfolk={"blue-1": (5, 4), "red-1": (5, 4)},
        active=1,
        group_loss="all",
    )
    state = play(with_rng(state, hits((4, 4), (4, 0))), "MOVE(E)")
    assert GAME.observe(state, None)["pending"]["townsfolk"] == "red-1"
    state = play(state, "STOP")
    assert GAME.observe(state, None)["pending"]["townsfolk"] == "blue-1"


def test_g38_squirrel_target_on_a_tree_may_avoid_and_turtle_helps_if_it_stays():
    state = build(
        critters=[(1, "squirrel", 5, 1), (1, "turtle", 5, 1)],
        townsfolk={"red-1": (4, 1)},
        turn_seat=1,
    )
    state = play(with_rng(state, spins(1)), "END_TURN")
    assert GAME.observe(state, None)["pending"]["critter"] == 1
    state = play(state, "AVOID(no)")
    event = _scuffle(state)
    assert event["defender"]["id"] == 1 and len(event["defender_dice"]) == 2


def test_g36_revealed_cat_beaten_then_the_next_token_is_revealed():
    state = build(critters=[(0, "wolf", 4, 4)], tokens={(5, 4): ["cat", "sparkly"]}, active=1)
    state = play(with_rng(state, dice([6, 6, 6], [1])), "MOVE(E)")
    assert [e["token_kind"] for e in events(state, "reveal")] == ["cat", "sparkly"]


def test_g38_avoiding_a_revealed_cat_leaves_it_face_up():
    state = build(critters=[(0, "turtle", 4, 4)], tokens={(5, 4): ["cat"]}, active=1)
    state = play(state, "MOVE(E)", "AVOID(yes)")
    assert GAME.observe(state, None)["tokens"][0]["kind"] == "cat"
    assert not events(state, "scuffle")
