"""Board, movement and token rules: G10-G12, G16-G20, G27-G32, G43."""

from pilfer_kit import build, decision, dice, events, labels, play, with_rng

from referee.games.pilfer import GAME, make_config
from referee.games.pilfer.maps import BAG, MAPS


def _rotate(cell):
    x, y = cell
    return (11 - y, x)


def test_g10_food_is_delivered_on_entering_the_start_space():
    state = build(critters=[(0, "fox", 1, 1)], carrying={1: "food_2"}, active=1)
    state = play(state, "MOVE(NW)")
    observed = GAME.observe(state, None)
    assert observed["seats"][0]["points"] == 2 and observed["critters"][0]["carrying"] == []
    assert observed["discard"] == [{"id": 1, "kind": "food_2"}]


def test_g11_pick_up_needs_value_within_dice_and_free_hands():
    state = build(
        critters=[(0, "goose", 7, 4), (0, "fox", 7, 4)],
        tokens={(7, 4): ["food_2^", "food_1^"]},
        active=1,
    )
    assert [a for a in labels(state) if a.startswith("PICK")] == ["PICK_UP(food_1 2)"]
    state = build(critters=[(0, "fox", 7, 4)], tokens={(7, 4): ["food_2^", "food_1^"]}, active=1)
    state = play(state, "PICK_UP(food_2 1)")
    assert not [a for a in labels(state) if a.startswith("PICK")]


def test_g12_sparkly_scores_at_once_even_while_carrying():
    state = build(
        critters=[(0, "goose", 7, 4)],
        tokens={(7, 4): ["sparkly^"]},
        carrying={1: "food_1"},
        active=1,
    )
    state = play(state, "PICK_UP(sparkly 1)")
    observed = GAME.observe(state, None)
    assert observed["seats"][0]["points"] == 1 and observed["discard"][0]["kind"] == "sparkly"


def test_g16_board_is_12_by_12_and_raid_is_90_degree_symmetric():
    board = MAPS["raid"]
    assert (board.width, board.height) == (12, 12)
    assert {_rotate(c) for c in board.trees} == set(board.trees)
    assert {_rotate(c) for c in board.dots} == set(board.dots)
    assert {_rotate(c) for c in board.building_of} == set(board.building_of)
    assert [_rotate(c) for c in board.starts] == [*board.starts[1:], board.starts[0]]
    assert len(board.dots) == 20 and len(MAPS["cars"].dots) == 16 and len(BAG) == 40


def test_g17_start_spaces_bar_enemies_and_own_critters_may_enter():
    state = build(players=4, critters=[(0, "fox", 10, 1)], active=1)
    assert "MOVE(NE)" not in labels(state)
    state = build(players=2, critters=[(0, "fox", 10, 1)], active=1)
    assert "MOVE(NE)" in labels(state)
    state = build(critters=[(0, "goose", 1, 0)], active=1)
    assert "MOVE(W)" in labels(state)


def test_g18_trees_do_not_block_movement():
    state = build(critters=[(0, "goose", 5, 2)], active=1)
    assert "MOVE(N)" in labels(state)


def test_g19_walls_block_until_opened_and_count_forty():
    assert len(MAPS["raid"].walls) == 40 and len(MAPS["cars"].walls) == 32
    state = build(critters=[(0, "goose", 4, 4)], active=1)
    assert "MOVE(N)" not in labels(state)
    state = play(with_rng(state, dice([6])), "OPEN(wall N)")
    assert "MOVE(N)" in labels(state)
    assert GAME.observe(state, None)["openings"] == [{"x1": 4, "y1": 3, "x2": 4, "y2": 4}]


def test_g20_tokens_are_dealt_in_dot_order_with_bag_position_ids():
    state = GAME.new_state(make_config("raid"), 2, 5)
    observed = GAME.observe(state, None)
    by_id = {t["id"]: (t["x"], t["y"]) for t in observed["tokens"]}
    assert [by_id[i] for i in range(1, 21)] == list(MAPS["raid"].dots)
    assert observed["bag_count"] == 20
    assert sorted(state.bag) == sorted(BAG)


def test_g27_reveal_only_on_move_entry_and_not_after_a_lost_entry_scuffle():
    state = build(critters=[(0, "goose", 4, 4)], tokens={(5, 4): ["food_1"]}, active=1)
    state = play(state, "SNIFF(1)")
    assert not events(state, "reveal")
    state = build(
        critters=[(0, "goose", 4, 4)],
        townsfolk={"red-1": (5, 4)},
        tokens={(5, 4): ["food_1"]},
        active=1,
    )
    state = play(with_rng(state, dice([1], [6, 6])), "MOVE(E)")
    assert not events(state, "reveal")


def test_g27_move_stay_reveals_nothing():
    state = build(
        critters=[(0, "turtle", 5, 4)],
        townsfolk={"red-1": (5, 4)},
        tokens={(5, 4): ["food_1"]},
        active=1,
    )
    assert not events(play(state, "MOVE(STAY)"), "reveal")


def test_g28_tokens_reveal_in_order_and_a_trap_stops_the_rest():
    state = build(
        critters=[(0, "goose", 4, 4)], tokens={(5, 4): ["food_1", "trap", "cat"]}, active=1
    )
    state = play(state, "MOVE(E)")
    assert [e["token_kind"] for e in events(state, "reveal")] == ["food_1", "trap"]


def test_g29_food_stays_face_up_and_alarm_is_discarded():
    state = build(critters=[(0, "goose", 4, 4)], tokens={(5, 4): ["food_1", "alarm"]}, active=1)
    state = play(state, "MOVE(E)")
    observed = GAME.observe(state, None)
    assert observed["tokens"] == [
        {"id": 1, "x": 5, "y": 4, "face_up": True, "kind": "food_1", "sniffed": False}
    ]
    assert observed["discard"] == [{"id": 2, "kind": "alarm"}]


def test_g30_sniff_is_private_but_publicly_logged():
    state = build(critters=[(0, "goose", 4, 4)], tokens={(5, 5): ["dog"]}, active=1)
    state = play(state, "SNIFF(1)")
    assert GAME.observe(state, 0)["tokens"][0]["kind"] == "dog"
    assert GAME.observe(state, 1)["tokens"][0]["kind"] is None
    assert GAME.observe(state, None)["sniffs"] == [{"seat": 0, "token": 1}]
    private = [e for e in GAME.events(state) if e.kind == "sniff_result"]
    assert private[0].is_visible_to(0) and not private[0].is_visible_to(1)
    assert "D" in GAME.render(state, 0) and "D" not in GAME.render(state, 1).split("\ncell")[0]


def test_g31_diagonal_into_a_building_is_illegal_but_corners_may_be_cut():
    state = build(critters=[(0, "fox", 5, 4)], active=1)
    moves = [a for a in labels(state) if a.startswith("MOVE")]
    assert "MOVE(NW)" not in moves and "MOVE(SE)" not in moves
    state = build(critters=[(0, "fox", 5, 2)], active=1)
    assert "MOVE(SE)" in labels(state)


def test_g31_weasel_passes_through_walls():
    state = build(critters=[(0, "weasel", 4, 4), (0, "goose", 7, 7)], active=1)
    assert "MOVE(N)" in labels(state)
    state = build(critters=[(0, "goose", 4, 4)], active=1)
    assert "MOVE(N)" not in labels(state)


def test_g32_stay_needs_an_eligible_target():
    state = build(critters=[(0, "goose", 7, 4), (0, "fox", 7, 4)], active=1)
    assert "MOVE(STAY)" not in labels(state)
    state = build(critters=[(0, "goose", 7, 4), (1, "fox", 7, 4)], active=1)
    assert "MOVE(STAY)" in labels(state)


def test_g43_open_a_building_wall_raccoon_always_and_failure_costs_an_action():
    state = build(critters=[(0, "goose", 4, 4)], active=1)
    state = play(with_rng(state, dice([3])), "OPEN(wall N)")
    assert not events(state, "opening")
    assert GAME.observe(state, None)["critters"][0]["actions_left"] == 2
    state = build(critters=[(0, "raccoon", 3, 3)], active=1)
    assert [a for a in labels(state) if a.startswith("OPEN")] == ["OPEN(wall S)", "OPEN(wall W)"]
    assert decision(play(state, "OPEN(wall W)")) == "activation"
