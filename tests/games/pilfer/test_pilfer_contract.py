"""The engine contract: spec, configs, labels, observation shape, digest, render, errors."""

import json

import pytest
from pilfer_kit import build, labels, play

from referee.games import get_game
from referee.games.base import ConfigError, IllegalAction
from referee.games.pilfer import GAME, Config, make_config
from referee.games.pilfer.actions import EndTurn, Move, Open, PushStep
from referee.games.rng import Rng


def _is_json_ready(value):
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_json_ready(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_is_json_ready(v) for v in value)
    return value is None or isinstance(value, str | int | bool)


def test_registry_returns_the_engine_with_its_spec():
    game = get_game("pilfer")
    assert game is GAME
    spec = game.spec
    assert (spec.name, spec.title, spec.rules_version) == ("pilfer", "Pilfer", "1.0")
    assert (spec.min_players, spec.max_players, spec.default_scenario) == (2, 4, "raid")
    assert spec.scenarios == ("raid", "cars", "driven_out") and spec.config_type is Config


def test_make_config_scenario_defaults_and_overrides():
    driven = make_config("driven_out")
    assert (driven.start_points, driven.win_points, driven.townsfolk_per_x) == (3, None, 2)
    assert GAME.make_config().scenario == "raid"
    assert make_config("cars", spinner_dirs=8).spinner_dirs == 8


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"spinner_dirs": 6}, "spinner_dirs"),
        ({"max_rounds": 0}, "max_rounds"),
        ({"success_threshold": 7}, "success_threshold"),
        ({"win_mode": "net"}, "win_mode"),
        ({"colour": 1}, "colour"),
        ({"townsfolk_dice": True}, "townsfolk_dice"),
    ],
)
def test_bad_config_raises_config_error_naming_the_field(overrides, field):
    with pytest.raises(ConfigError, match=field):
        make_config("raid", **overrides)


def test_bad_scenario_and_player_count_raise_config_error():
    with pytest.raises(ConfigError, match="scenario"):
        make_config("siege")
    with pytest.raises(ConfigError, match="players"):
        GAME.new_state(make_config(), 5, 0)


def test_action_labels_and_data():
    assert GAME.action_label(Move("N")) == "MOVE(N)"
    assert GAME.action_label(Open("wall", wall="E")) == "OPEN(wall E)"
    assert GAME.action_label(Open("trap", 7)) == "OPEN(trap 7)"
    assert GAME.action_label(PushStep("E")) == "PUSH_STEP(E)"
    assert GAME.action_label(EndTurn()) == "END_TURN"
    assert GAME.action_data(Open("trap", 7)) == {
        "kind": "open",
        "target": "trap",
        "token": 7,
        "wall": "",
    }


def test_illegal_action_is_refused_and_so_is_any_action_after_the_end():
    state = build(critters=[(0, "goose", 4, 4)], active=1)
    with pytest.raises(IllegalAction):
        GAME.apply(state, Move("N"))
    over = play(build(max_rounds=1), "END_TURN", "END_TURN")
    with pytest.raises(IllegalAction):
        GAME.apply(over, EndTurn())


def test_observation_and_events_are_json_ready_and_complete():
    state = GAME.new_state(make_config("cars"), 3, 4)
    state = play(state, "BUY(goose)")
    observed = GAME.observe(state, 0)
    assert _is_json_ready(observed) and json.dumps(observed)
    for key in ("phase", "decision", "to_move", "round", "turn_seat", "seats", "critters"):
        assert key in observed
    for key in ("townsfolk", "tokens", "discard", "bag_count", "openings", "sniffs", "pending"):
        assert key in observed
    assert all(_is_json_ready(e.to_json()) for e in GAME.events(state))


def test_static_map_describes_the_board():
    board = GAME.static_map(GAME.new_state(make_config("cars"), 4, 0))
    assert _is_json_ready(board)
    assert (board["width"], board["height"], board["scenario"]) == (12, 12, "cars")
    assert [s["color"] for s in board["seats"]] == ["red", "blue", "green", "yellow"]
    assert len(board["walls"]) == 32 and len(board["trees"]) == 8
    assert [lane["id"] for lane in board["lanes"]] == ["A", "B"]
    assert len(board["token_dots"]) == 16


def test_digest_covers_the_random_source():
    state = build(seed=1)
    other = build(seed=2)
    assert GAME.digest(state) != GAME.digest(other)
    assert GAME.digest(state) == GAME.digest(build(seed=1))


def test_render_shows_the_board_legend_scores_and_decision():
    state = GAME.new_state(make_config(), 2, 3)
    text = GAME.render(state)
    assert len(text.splitlines()) > 13 and "seat 0 red" in text and "setup_buy" in text
    assert "?" in text


def test_legal_actions_returns_a_fresh_list():
    state = build(critters=[(0, "goose", 7, 4)], active=1)
    first = GAME.legal_actions(state)
    first.clear()
    assert labels(state)


def test_render_of_a_finished_game_says_so_instead_of_a_decision():
    state = GAME.new_state(make_config(), 2, 3)
    chooser = Rng(5)
    while GAME.to_move(state) is not None:
        actions = GAME.legal_actions(state)
        state = GAME.apply(state, actions[chooser.below(len(actions))])
    text = GAME.render(state)
    assert "game over" in text and "None" not in text
