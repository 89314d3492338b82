"""Townsfolk, alarm, car and Driven Out rules: G2, G24-G26, G41, G47, G48."""

from pilfer_kit import build, decision, dice, events, hits, labels, play, seq, spins, with_rng

from referee.games.pilfer import GAME


def _spun_directions(spinner_dirs):
    seen = set()
    for seed in range(40):
        state = build(
            townsfolk={"red-1": (6, 3)}, turn_seat=1, seed=seed, spinner_dirs=spinner_dirs
        )
        state = play(state, "END_TURN")
        seen.update(e["direction"] for e in events(state, "spin"))
    return seen


def test_g2_spinner_has_four_orthogonal_directions_by_default():
    assert _spun_directions(4) == {"N", "E", "S", "W"}


def test_g2_spinner_with_eight_directions_adds_diagonals():
    assert _spun_directions(8) == {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}


def test_g24_off_board_spin_asks_controller_to_redirect():
    state = build(townsfolk={"red-1": (5, 0)}, turn_seat=1)
    state = play(with_rng(state, spins(0)), "END_TURN")
    assert decision(state) == "redirect" and GAME.to_move(state) == 0
    assert labels(state) == ["REDIRECT(6,0)", "REDIRECT(5,1)", "REDIRECT(4,0)"]
    state = play(state, "REDIRECT(5,1)")
    assert GAME.observe(state, None)["townsfolk"][0]["y"] == 1


def test_g24_spin_into_a_start_space_is_redirected_but_unused_corner_is_open():
    state = build(townsfolk={"red-1": (1, 0)}, turn_seat=1)
    state = play(with_rng(state, spins(3)), "END_TURN")
    assert labels(state) == ["REDIRECT(2,0)", "REDIRECT(1,1)"]
    state = build(townsfolk={"red-1": (10, 0)}, turn_seat=1)
    state = play(with_rng(state, spins(1)), "END_TURN")
    assert GAME.observe(state, None)["townsfolk"][0]["x"] == 11


def test_g25_townsfolk_move_in_id_order_and_leave_blips():
    state = build(
        townsfolk={"red-1": (5, 3), "blue-1": (8, 5)},
        blips=["cat", "dog"],
        turn_seat=1,
    )
    state = play(with_rng(state, spins(1, 2)), "END_TURN")
    moves = [(e["townsfolk"], e["x"], e["y"]) for e in events(state, "townsfolk_move")]
    assert moves == [("red-1", 6, 3), ("blue-1", 8, 6)]
    assert [(e["token"], e["x"], e["y"]) for e in events(state, "blip")] == [(1, 5, 3), (2, 8, 5)]


def test_g25_no_blip_where_a_critter_or_token_remains():
    state = build(
        critters=[(1, "goose", 5, 3)],
        townsfolk={"red-1": (5, 3), "blue-1": (8, 5)},
        tokens={(8, 5): ["food_1^"]},
        blips=["cat"],
        turn_seat=1,
    )
    state = play(with_rng(state, spins(1, 2)), "END_TURN")
    assert events(state, "blip") == []


def test_g26_empty_bag_places_no_blip():
    state = build(townsfolk={"red-1": (5, 3)}, turn_seat=1)
    state = play(with_rng(state, spins(1)), "END_TURN")
    assert events(state, "blip") == [] and GAME.observe(state, None)["bag_count"] == 0


def test_g41_alarm_steps_toward_the_revealer_and_scuffles_revealer_cell_first():
    state = build(
        critters=[(0, "buck", 5, 8), (1, "goose", 8, 6)],
        townsfolk={"red-1": (5, 3), "blue-1": (8, 5), "green-1": (3, 9), "yellow-1": (6, 10)},
        tokens={(6, 8): ["alarm"]},
        blips=["food_1", "food_2", "food_3", "cat"],
        active=1,
    )
    state = with_rng(state, hits((2, 0), (4, 0), (2, 0), (1, 0)))
    state = play(state, "MOVE(E)")
    moves = {e["townsfolk"]: (e["x"], e["y"]) for e in events(state, "townsfolk_move")}
    assert moves == {"red-1": (5, 4), "blue-1": (8, 6), "green-1": (4, 9), "yellow-1": (6, 9)}
    assert [e["x"] for e in events(state, "blip")] == [5, 8, 3, 6]
    scuffles = [(e["attacker"]["id"], e["defender"]["id"]) for e in events(state, "scuffle")]
    assert scuffles == [("blue-1", 2)]
    assert events(state, "discard")[0]["token_kind"] == "alarm"


def test_g41_revealer_cell_scuffle_comes_before_lower_ids_elsewhere():
    state = build(
        critters=[(0, "buck", 5, 8), (1, "goose", 8, 6)],
        townsfolk={"blue-1": (8, 5), "yellow-1": (6, 9)},
        tokens={(6, 8): ["alarm"]},
        active=1,
    )
    state = with_rng(state, hits((2, 0), (4, 0), (2, 0), (1, 0)))
    state = play(state, "MOVE(E)")
    scuffles = [(e["attacker"]["id"], e["defender"]["id"]) for e in events(state, "scuffle")]
    assert scuffles == [("yellow-1", 1), ("blue-1", 2)]


def test_g41_townsfolk_entering_the_revealer_cell_pool_their_dice():
    state = build(
        critters=[(0, "goose", 5, 8)],
        townsfolk={"red-1": (6, 7), "blue-1": (7, 8)},
        tokens={(6, 8): ["alarm"]},
        active=1,
    )
    scuffles = events(play(state, "MOVE(E)"), "scuffle")
    assert len(scuffles) == 1
    assert scuffles[0]["attacker"]["id"] == "red-1"
    assert len(scuffles[0]["attacker_dice"]) == 4


def test_g47_car_sweeps_an_empty_lane_and_spares_trapped_critters():
    state = build(
        "cars",
        critters=[(0, "fox", 2, 5), (0, "goose", 4, 5), (1, "boar", 7, 6)],
        trapped=[2],
        carrying={1: "food_2"},
        townsfolk={"green-1": (9, 6)},
        turn_seat=1,
    )
    state = play(with_rng(state, spins(0)), "END_TURN")
    sweeps = events(state, "car_sweep")
    assert sweeps == [{"lane": "A", "heading": "W", "critters": [1]}]
    observed = GAME.observe(state, None)
    assert (observed["critters"][0]["x"], observed["critters"][0]["y"]) == (0, 0)
    assert observed["tokens"][0] == {
        "id": 2,
        "x": 2,
        "y": 5,
        "face_up": True,
        "kind": "food_2",
        "sniffed": False,
    }


def test_g48_push_off_the_board_drives_out_and_scores_two():
    state = build(
        "driven_out",
        critters=[(0, "buck", 1, 4)],
        townsfolk={"red-1": (0, 4), "red-2": (5, 5)},
        active=1,
    )
    state = play(with_rng(state, dice([6, 6, 6, 6], [1, 1])), "MOVE(W)")
    assert "PUSH_STEP(W)" in labels(state)
    state = play(state, "PUSH_STEP(W)")
    observed = GAME.observe(state, None)
    assert observed["townsfolk"][0]["driven_out"] is True
    assert observed["seats"][0]["points"] == 2
    assert observed["phase"] == "play"


def test_g48_last_townsfolk_driven_out_ends_the_game():
    state = build(
        "driven_out",
        critters=[(0, "buck", 1, 4)],
        townsfolk={"red-1": (0, 4)},
        active=1,
    )
    state = play(with_rng(state, dice([6, 6, 6, 6], [1, 1])), "MOVE(W)", "PUSH_STEP(W)")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "all_driven_out"
    assert outcome.ranks == (1, 2)


def test_g48_random_moves_never_leave_the_board_in_driven_out():
    state = build("driven_out", townsfolk={"red-1": (0, 4)}, turn_seat=1)
    state = play(with_rng(state, seq(spins(3))), "END_TURN")
    assert decision(state) == "redirect"


def test_g41_alarm_steps_diagonally_with_eight_directions():
    state = build(
        critters=[(0, "goose", 4, 4)],
        townsfolk={"red-1": (7, 1)},
        tokens={(5, 4): ["alarm"]},
        active=1,
        spinner_dirs=8,
    )
    state = play(state, "MOVE(E)")
    assert [(e["x"], e["y"]) for e in events(state, "townsfolk_move")] == [(6, 2)]


def test_g24_redirect_with_eight_directions_offers_diagonal_neighbours():
    state = build(townsfolk={"red-1": (5, 0)}, turn_seat=1, spinner_dirs=8)
    state = play(with_rng(state, spins(0, sides=8)), "END_TURN")
    assert labels(state) == [
        "REDIRECT(6,0)",
        "REDIRECT(6,1)",
        "REDIRECT(5,1)",
        "REDIRECT(4,1)",
        "REDIRECT(4,0)",
    ]
