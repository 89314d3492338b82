"""The Wabbit sample bots: hit chances, goals, and greedy beating random."""

from __future__ import annotations

import random
import time

import pytest
from bots_kit import play_in_process, random_policy

from referee.games import get_game
from sample_bots.support import Deadline
from sample_bots.wabbit import policy
from sample_bots.wabbit.board import Farm
from sample_bots.wabbit.search import search

GAME = get_game("wabbit")
FARM = Farm(GAME.static_map(GAME.new_state(GAME.make_config(), 2, 1)))


def greedy(observation, actions, seat):
    return policy.choose(observation, actions, FARM, seat)


@pytest.mark.parametrize(("needed", "chance"), [(2, 1.0), (7, 21 / 36), (10, 6 / 36), (13, 0.0)])
def test_s3_two_dice_hit_chances(needed, chance):
    assert policy.hit_chance(needed) == pytest.approx(chance)


def test_h7_walls_block_and_doors_connect():
    standing = frozenset({"farmhouse", "barn", "tool_shed", "outhouse"})
    assert FARM.connected((5, 4), (5, 5), standing)  # the Farmhouse door
    assert not FARM.connected((4, 4), (4, 5), standing)  # a Farmhouse wall
    assert FARM.connected((4, 4), (4, 5), frozenset())  # rubble is open yard
    assert FARM.distances((5, 6), standing)[(5, 4)] == 2


def test_greedy_takes_a_sure_whomp_over_passing():
    state = GAME.new_state(GAME.make_config(), 2, 3)
    observation = GAME.observe(state, 0)
    view = policy.WabbitView(observation, FARM, 0)
    attacker = view.chars[1]
    assert view.attack_value(attacker, 2, modifier=20) > policy.score(view, {"kind": "pass"})


def test_greedy_beats_random_in_a_seeded_series():
    wins = 0
    for game in range(6):
        seat = game % 2
        seats = [random_policy(game), random_policy(game)]
        seats[seat] = greedy
        ranks = play_in_process("wabbit", seats, game // 2)
        wins += ranks[seat] == 1 and ranks[1 - seat] == 2
    assert wins >= 5


def test_search_answers_a_legal_index_within_its_deadline():
    config = GAME.make_config()
    state = GAME.new_state(config, 2, 5)
    searched = 0
    while searched < 3 and (seat := GAME.to_move(state)) is not None:
        observation = GAME.observe(state, seat)
        actions = GAME.legal_actions(state)
        data = [GAME.action_data(a) for a in actions]
        if observation["phase"] == "move":
            names = [GAME.action_label(a) for a in actions]
            began = time.monotonic()
            index = search(
                observation, data, names, FARM, seat, config, Deadline(0.05), random.Random(1)
            )
            assert time.monotonic() - began < 0.5
            assert 0 <= index < len(actions)
            searched += 1
        state = GAME.apply(state, actions[greedy(observation, data, seat)])
    assert searched == 3


def test_a_view_works_out_each_goal_once_and_as_afresh():
    state = GAME.new_state(GAME.make_config(), 4, 6)
    for _ in range(300):
        seat = GAME.to_move(state)
        if seat is None:
            break
        view = policy.WabbitView(GAME.observe(state, seat), FARM, seat)
        for char in view.chars.values():
            goal = view.goal(char)
            assert view.goal(char) is goal or goal is None
            assert goal == policy.WabbitView(view.obs, FARM, seat).goal(char)
        actions = GAME.legal_actions(state)
        state = GAME.apply(state, actions[random.Random(len(actions)).randrange(len(actions))])
