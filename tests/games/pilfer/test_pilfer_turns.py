"""Economy, setup and turn rules: G7-G9, G13-G15, G21-G23, G40, G42, G44-G46, FACT rules."""

from pilfer_kit import build, decision, dice, events, hits, labels, play, seq, spins, with_rng

from referee.games.pilfer import GAME, make_config


def test_g7_buying_spends_points_and_needs_enough():
    state = build(points=[2, 0])
    state = play(state, "BUY(fox)")
    seat = GAME.observe(state, None)["seats"][0]
    assert (seat["points"], seat["spent"], seat["gross"]) == (0, 2, 0)
    assert not any(label.startswith("BUY") for label in labels(state))


def test_g8_win_mid_action_ends_at_once_and_drops_pending_steps():
    state = build(
        critters=[(0, "wolf", 4, 4)],
        tokens={(5, 4): ["cat", "trap"]},
        points=[6, 0],
        active=1,
    )
    state = play(with_rng(state, dice([6, 6, 6], [1])), "MOVE(E)")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "win_points" and outcome.winners == (0,)
    assert GAME.to_move(state) is None and GAME.legal_actions(state) == []
    assert [e["token_kind"] for e in events(state, "reveal")] == ["cat"]


def test_g8_gross_mode_counts_points_earned_even_if_spent():
    state = build(
        critters=[(0, "goose", 4, 4)],
        tokens={(4, 4): ["sparkly^"]},
        points=[0, 5],
        active=1,
        win_points=1,
        win_mode="gross",
    )
    outcome = GAME.outcome(play(state, "PICK_UP(sparkly 1)"))
    assert outcome is not None and outcome.ranks == (1, 2)


def test_g9_setup_buys_in_seat_order_and_keep_unspent_points():
    state = GAME.new_state(make_config("raid"), 2, 1)
    assert GAME.observe(state, None)["decision"] == "setup_buy"
    assert labels(state)[-1] == "DONE" and "BUY(wolf)" not in labels(state)
    state = play(state, "BUY(goose)", "DONE")
    assert GAME.to_move(state) == 1
    state = play(state, "DONE")
    observed = GAME.observe(state, None)
    assert observed["round"] == 1 and observed["turn_seat"] == 0
    assert [s["points"] for s in observed["seats"]] == [1, 2]


def test_g13_trap_opener_scores_even_when_freeing_an_enemy():
    state = build(critters=[(0, "raccoon", 4, 4), (1, "goose", 4, 4)], trapped=[2], active=1)
    state = play(state, "OPEN(trap 1)")
    observed = GAME.observe(state, None)
    assert observed["seats"][0]["points"] == 1 and observed["critters"][1]["trapped"] is False


def test_g13_beating_a_townsfolk_scores_nothing():
    state = build(critters=[(0, "buck", 4, 4)], townsfolk={"red-1": (5, 4)}, active=1)
    state = play(with_rng(state, dice([6, 6, 6, 6], [1, 1])), "MOVE(E)", "STOP")
    assert GAME.observe(state, None)["seats"][0]["points"] == 0


def test_g14_round_cap_and_tie_breaks():
    state = build(points=[1, 1], max_rounds=1)
    state = play(state, "END_TURN", "END_TURN")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "round_cap" and outcome.ranks == (1, 1)
    state = build(points=[1, 1], max_rounds=1, final_tiebreak="later_seat")
    outcome = GAME.outcome(play(state, "END_TURN", "END_TURN"))
    assert outcome is not None and outcome.ranks == (2, 1)


def test_g15_decision_cap_forces_end_of_turn():
    state = build(critters=[(0, "goose", 4, 4)], turn_decision_cap=2)
    state = play(state, "ACTIVATE(1)", "MOVE(E)")
    assert labels(state) == ["END_ACTIVATION"]
    assert labels(play(state, "END_ACTIVATION")) == ["END_TURN"]


def test_g15_critter_cap_and_one_activation_per_turn():
    state = build(critters=[(0, "goose", 0, 0)] * 3, points=[9, 0], max_critters=4)
    state = play(state, "BUY(goose)")
    assert not any(label.startswith("BUY") for label in labels(state))
    state = play(state, "ACTIVATE(1)", "END_ACTIVATION")
    assert "ACTIVATE(1)" not in labels(state)


def test_g21_seat_colors_and_townsfolk_controllers():
    controllers = {}
    for players in (2, 3, 4):
        state = GAME.new_state(make_config("raid"), players, 0)
        observed = GAME.observe(state, None)
        controllers[players] = [t["controller"] for t in observed["townsfolk"]]
        colors = [s["color"] for s in observed["seats"]]
        assert colors == ["red", "blue", "green", "yellow"][:players] or colors == ["red", "green"]
    assert controllers == {2: [0, 0, 1, 1], 3: [0, 1, 2, 2], 4: [0, 1, 2, 3]}


def test_g22_turns_pass_in_seat_order_then_the_round_advances():
    state = build(players=3)
    state = play(state, "END_TURN")
    assert GAME.to_move(state) == 1
    state = play(state, "END_TURN", "END_TURN")
    observed = GAME.observe(state, None)
    assert (observed["round"], observed["turn_seat"]) == (2, 0)


def test_g23_buy_and_upgrade_allowed_mid_activation_but_not_in_reactive_decisions():
    state = build(critters=[(0, "goose", 0, 0)], points=[3, 0], active=1)
    assert "BUY(goose)" in labels(state) and "UPGRADE(1, fox)" in labels(state)
    state = build(critters=[(0, "fox", 4, 4), (1, "goose", 5, 4)], points=[3, 0], active=1)
    assert labels(play(state, "MOVE(E)")) == ["OPTIONAL_SCUFFLE(yes)", "OPTIONAL_SCUFFLE(no)"]


def test_g40_trapped_critter_may_only_open_its_trap_and_then_acts():
    state = build(critters=[(0, "goose", 7, 4)], trapped=[1], active=1)
    assert labels(state) == ["OPEN(trap 1)", "END_ACTIVATION"]
    state = play(with_rng(state, dice([5])), "OPEN(trap 1)")
    assert "MOVE(N)" in labels(state)
    assert GAME.observe(state, None)["seats"][0]["points"] == 1


def test_g40_revealed_trap_traps_without_ending_activation():
    state = build(critters=[(0, "fox", 4, 4)], tokens={(5, 4): ["trap", "cat"]}, active=1)
    state = play(state, "MOVE(E)")
    assert decision(state) == "activation" and labels(state)[0] == "OPEN(trap 1)"
    assert [t["face_up"] for t in GAME.observe(state, None)["tokens"]] == [True, False]


def test_g42_dumpster_swap_into_cat_starts_an_unavoidable_scuffle():
    state = build(
        critters=[(0, "turtle", 4, 4)],
        tokens={(4, 4): ["dumpster^"]},
        discard=["cat", "food_1", "cat"],
        active=1,
    )
    state = play(with_rng(state, dice([6], [6], [1])), "OPEN(dumpster 1)")
    assert decision(state) == "dumpster_take"
    assert labels(state) == ["DUMPSTER_TAKE(cat 2)", "DUMPSTER_TAKE(food_1 3)", "DECLINE"]
    state = play(state, "DUMPSTER_TAKE(cat 2)")
    assert events(state, "scuffle")[0]["defender"] == {"model": "cat", "id": 2}
    assert [d["kind"] for d in GAME.observe(state, None)["discard"]] == [
        "food_1",
        "cat",
        "dumpster",
        "cat",
    ]


def test_g42_declined_dumpster_stays_and_may_be_opened_again():
    state = build(
        critters=[(0, "raccoon", 4, 4)], tokens={(4, 4): ["dumpster^"]}, discard=["trap"], active=1
    )
    state = play(state, "OPEN(dumpster 1)", "DECLINE")
    assert "OPEN(dumpster 1)" in labels(state)


def test_g44_upgrade_keeps_actions_and_needs_the_start_space():
    state = build(critters=[(0, "turtle", 0, 0), (0, "goose", 1, 0)], points=[3, 0])
    assert "UPGRADE(2, fox)" not in labels(state)
    assert "UPGRADE(1, wolf)" in labels(state) and "UPGRADE(1, goose)" not in labels(state)
    state = play(state, "UPGRADE(1, wolf)")
    critter = GAME.observe(state, None)["critters"][0]
    assert (critter["type"], critter["actions_left"]) == ("wolf", 2)
    assert GAME.observe(state, None)["seats"][0]["points"] == 1


def test_g45_bought_critter_gets_next_game_wide_id_and_may_act():
    state = build(critters=[(1, "goose", 11, 11)], points=[2, 0])
    state = play(state, "BUY(fox)")
    assert GAME.observe(state, None)["critters"][-1]["id"] == 2
    assert "ACTIVATE(2)" in labels(state)


def test_g46_activation_ends_when_actions_run_out_and_switching_loses_them():
    state = build(critters=[(0, "goose", 7, 4), (0, "goose", 7, 7)])
    state = play(state, "ACTIVATE(1)", "MOVE(N)", "END_ACTIVATION")
    assert GAME.observe(state, None)["critters"][0]["actions_left"] == 0
    state = play(state, "ACTIVATE(2)", "MOVE(N)", "MOVE(N)", "MOVE(N)")
    assert decision(state) == "main"


def test_fact_turtle_has_two_actions():
    state = build(critters=[(0, "turtle", 7, 4)])
    state = play(state, "ACTIVATE(1)", "MOVE(N)", "MOVE(N)")
    assert decision(state) == "main"


def test_g42_dumpster_swap_into_trap_traps_the_opener():
    state = build(
        critters=[(0, "raccoon", 7, 4)], tokens={(7, 4): ["dumpster^"]}, discard=["trap"], active=1
    )
    state = play(state, "OPEN(dumpster 1)", "DUMPSTER_TAKE(trap 2)")
    critter = GAME.observe(state, None)["critters"][0]
    assert critter["trapped"] is True and critter["trap_token"] == 2
    assert labels(state) == ["OPEN(trap 2)", "END_ACTIVATION"]


def test_g42_dumpster_swap_into_alarm_fires_toward_the_opener():
    state = build(
        critters=[(0, "raccoon", 7, 4)],
        townsfolk={"red-1": (7, 1)},
        tokens={(7, 4): ["dumpster^"]},
        discard=["alarm"],
        active=1,
    )
    state = play(state, "OPEN(dumpster 1)", "DUMPSTER_TAKE(alarm 2)")
    assert events(state, "townsfolk_move")[0]["y"] == 2
    assert [d["kind"] for d in GAME.observe(state, None)["discard"]] == ["dumpster", "alarm"]


def test_g11_carry_limit_switch_allows_more_food():
    state = build(
        critters=[(0, "fox", 7, 4)],
        tokens={(7, 4): ["food_2^", "food_1^"]},
        active=1,
        carry_limit=2,
    )
    state = play(state, "PICK_UP(food_2 1)", "PICK_UP(food_1 2)")
    assert len(GAME.observe(state, None)["critters"][0]["carrying"]) == 2


def test_g8_win_on_another_seats_turn_ends_the_game_at_once():
    state = build(
        "driven_out",
        critters=[(1, "buck", 0, 4)],
        townsfolk={"red-1": (0, 5), "red-2": (6, 6)},
        win_points=2,
        turn_seat=1,
    )
    state = with_rng(state, seq(spins(0), hits((2, 0), (4, 4))))
    state = play(state, "END_TURN")
    assert GAME.to_move(state) == 1 and GAME.observe(state, None)["turn_seat"] == 0
    state = play(state, "PUSH_STEP(W)")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "win_points" and outcome.winners == (1,)
