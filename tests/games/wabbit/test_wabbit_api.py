"""The engine contract (DESIGN section 3): spec, config, maps, views, labels, digests."""

import json
import random

import pytest
from wabbit_kit import at, new

from referee.games import get_game
from referee.games.base import ConfigError
from referee.games.wabbit import GAME
from referee.games.wabbit.actions import (
    AttackChar,
    Draw,
    Move,
    PlaceHole,
    Play,
)
from referee.games.wabbit.board import (
    BUILDING_CELLS,
    CELLS,
    GEOMETRY,
    START_HOLES,
    cut_cells,
    foot_connected_without_holes,
)
from referee.games.wabbit.cards import build_deck
from referee.games.wabbit.config import Config


def test_registry_and_spec():
    assert get_game("wabbit") is GAME
    spec = GAME.spec
    assert (spec.name, spec.title, spec.rules_version) == ("wabbit", "Wabbit Wampage", "1.0")
    assert (spec.min_players, spec.max_players) == (2, 4)
    assert spec.scenarios == ("farm",) and spec.default_scenario == "farm"
    assert spec.config_type is Config


def test_make_config_defaults_and_overrides():
    config = GAME.make_config()
    assert config == Config()
    assert GAME.make_config("farm", rounds=8).rounds == 8


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"hand_size": 4}, "hand_size"),
        ({"rounds": 0}, "rounds"),
        ({"repair_target": 99}, "repair_target"),
        ({"carry_limit": "2"}, "carry_limit"),
        ({"rounds": 13, "rounds_per_season": 3}, "rounds"),
        ({"count_dynamite": 7}, "count_dynamite"),
    ],
)
def test_config_errors_name_the_field(overrides, field):
    with pytest.raises(ConfigError, match=field):
        GAME.make_config(**overrides)


def test_unknown_scenario_and_bad_player_count():
    with pytest.raises(ConfigError, match="scenario"):
        GAME.make_config("moon")
    with pytest.raises(ConfigError, match="players"):
        GAME.new_state(GAME.make_config(), 5, 0)


def test_default_deck_has_43_cards():
    deck = build_deck(Config())
    assert len(deck) == 43
    assert deck.count("careful_aim") == 4 and deck.count("atomic_bomb") == 1


def test_h27a_no_start_hole_cuts_the_board():
    assert foot_connected_without_holes(GEOMETRY[0], START_HOLES)
    assert len(START_HOLES) == 8
    assert [len(cells) for cells in BUILDING_CELLS] == [12, 12, 4, 1]


def test_cut_cells_are_exactly_the_cells_a_hole_would_cut_the_board_at():
    """The articulation points agree with a whole-board search per cell, on standing and
    destroyed buildings and on hole sets that leave the board whole or cut it apart."""
    chooser = random.Random(5)
    checked = apart = 0
    for mask in (0, 1, 6, len(GEOMETRY) - 1):
        geometry = GEOMETRY[mask]
        for _ in range(12):
            holes = START_HOLES | frozenset(chooser.sample(range(CELLS), chooser.randrange(30)))
            others = [c for c in range(CELLS) if c not in holes]
            cuts = cut_cells(geometry, holes)
            if not foot_connected_without_holes(geometry, holes):
                assert cuts is None
                apart += 1
                continue
            brute = {c for c in others if not foot_connected_without_holes(geometry, holes | {c})}
            assert cuts == brute
            checked += 1
    assert checked >= 20 and apart >= 5  # both kinds of hole set were met


def test_static_map_is_json_and_complete():
    state = new(4)
    data = GAME.static_map(state)
    json.dumps(data)
    assert (data["width"], data["height"]) == (14, 10)
    assert sum(len(row) for row in data["terrain"]) == CELLS
    assert data["mailbox"] == {"x": 7, "y": 8}
    assert len(data["buildings"]) == 4 and len(data["holes"]) == 8
    assert [w["warren"] for w in data["warrens"]] == ["a", "b", "c"]
    assert data["buildings"][0]["doors"] == [
        {"inside": {"x": 5, "y": 5}, "outside": {"x": 5, "y": 4}},
        {"inside": {"x": 6, "y": 7}, "outside": {"x": 6, "y": 8}},
    ]


def test_observe_shows_own_hand_and_only_sizes_of_others():
    state = new(3, seed=5)
    obs = GAME.observe(state, 1)
    assert [c["card"] for c in obs["hand"]] == list(state.hands[1])
    assert [s["hand_size"] for s in obs["seats"]] == [3, 3, 3]
    assert obs["deck_size"] == 43 - 9
    assert obs["phase"] == "discard" and obs["to_move"] == 0 and obs["step"] == 1
    assert obs["season"] == "spring" and obs["round"] == 1
    text = json.dumps(obs)
    assert "seed" not in text and "counter" not in text
    assert GAME.observe(state, None)["hand"] is None


def test_render_shows_board_legend_and_own_hand_only():
    state = new(2, seed=3)
    mine = GAME.render(state, 0)
    public = GAME.render(state, None)
    assert "Legend" in public and "Round 1/12, spring" in public
    assert "Your hand (seat 0)" in mine and "Your hand" not in public
    assert "Your hand (seat 1)" not in mine


def test_action_labels_and_data():
    assert GAME.action_label(Move("E")) == "MOVE(E)"
    assert GAME.action_label(AttackChar(3, "weapon")) == "ATTACK(c3, weapon)"
    assert GAME.action_label(Play(12, "hop_to_it", char=3)) == "PLAY(card 12: Hop To It! c3)"
    assert GAME.action_label(Draw()) == "DRAW"
    assert GAME.action_data(PlaceHole(at(3, 5))) == {"kind": "place_hole", "x": 3, "y": 5}
    data = GAME.action_data(Play(12, "hop_to_it", char=3))
    assert data["kind"] == "play" and data["card"] == 12 and data["char"] == 3


def test_every_legal_action_has_json_data_and_a_label():
    state = new(4, seed=11)
    for action in GAME.legal_actions(state):
        json.dumps(GAME.action_data(action))
        assert GAME.action_label(action)


def test_digest_covers_the_rng_and_is_stable():
    a = new(2, seed=1)
    b = new(2, seed=1)
    assert GAME.digest(a) == GAME.digest(b)
    assert GAME.digest(a) != GAME.digest(new(2, seed=2))
    c = a.copy()
    c.draw_source().next64()
    assert GAME.digest(c) != GAME.digest(a)


def test_copies_share_the_random_source_until_one_draws():
    state = new(2, seed=3)
    copied = state.copy()
    assert copied.rng is state.rng
    before = state.rng.state()
    copied.draw_source().next64()
    assert copied.rng is not state.rng
    assert state.rng.state() == before
    assert copied.rng.state() == (before[0], before[1] + 1)


def test_new_state_events_deal_privately():
    state = new(2)
    private = [e for e in GAME.events(state) if e.visible_to is not None]
    assert {tuple(e.visible_to) for e in private} == {(0,), (1,)}
    assert all(e.is_visible_to(e.data["seat"]) for e in private)


def test_legal_actions_are_deterministic():
    assert GAME.legal_actions(new(3, seed=4)) == GAME.legal_actions(new(3, seed=4))


def test_observation_keys_are_stable():
    obs = GAME.observe(new(2), 0)
    assert list(obs) == [
        "game", "scenario", "players", "viewer", "round", "rounds", "season", "turn_seat",
        "to_move", "phase", "step", "active_character", "mp_left", "moved",
        "free_actions_left", "discards_left", "decisions_this_turn", "decision_cap", "seats",
        "characters", "items", "loose_carrots", "fields", "holes", "buildings", "deck_size",
        "discard_pile", "disguises", "hand", "attack", "loot",
    ]  # fmt: skip
    assert list(obs["characters"][0]) == [
        "id", "name", "kind", "owner", "x", "y", "home_x", "home_y", "weapon", "vehicle",
        "carrots", "in_hole", "at_home", "disguised", "defense", "move_done", "action_done",
        "active",
    ]  # fmt: skip
