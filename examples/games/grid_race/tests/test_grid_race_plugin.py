"""The plugin record and what it names: entry point, golden data, views and sample bots."""

from __future__ import annotations

import importlib.util
import json
from importlib import resources

from referee.games import get_plugin
from referee.games.joint import joint_seats
from rich.console import Console
from tournaments.replay.views import view_for

from grid_race_helpers import GAME, new, placed
from ruckus_grid_race import golden
from ruckus_grid_race.bots.greedy import choose_index


def test_the_entry_point_gives_the_plugin_of_the_engine():
    plugin = get_plugin("grid-race")
    assert plugin.engine is GAME and plugin.codec == ""
    assert (plugin.spec.min_players, plugin.spec.max_players) == (2, 4)
    assert set(plugin.sample_bots) == {"random", "greedy"}
    for module in plugin.sample_bots.values():
        assert importlib.util.find_spec(module) is not None


def test_the_golden_file_is_what_the_cases_give():
    shipped = json.loads(
        resources.files("ruckus_grid_race").joinpath("conformance.json").read_text()
    )
    assert shipped == golden.golden_data()


def test_every_turn_is_a_joint_step_of_the_snakes_still_in():
    state = new(4)
    assert joint_seats(GAME, state) == (0, 1, 2, 3)


def test_the_terminal_view_draws_heads_bodies_and_food():
    state = placed(new(2), ((2, 2), (2, 3)), ((4, 4),), food=((0, 0),))
    view = view_for("grid-race")
    console = Console(width=80, color_system=None, record=True)
    console.print(view.board(GAME.static_map(state), GAME.observe(state, None)))
    text = console.export_text()
    assert "*" in text and "0" in text and "a" in text and "1" in text


def test_the_greedy_bot_heads_for_food_and_keeps_off_the_walls():
    state = placed(new(2), ((0, 3), (1, 3)), ((6, 6),), food=((0, 0),))
    observation = GAME.observe(state, 0)
    actions = [GAME.action_data(a) for a in GAME.legal_actions_for(state, 0)]
    assert actions[choose_index(observation, actions)]["direction"] == "N"
