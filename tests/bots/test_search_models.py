"""The search bots: forward models that rebuild exact engine states from what travels over
gRPC, the shared rollout-improvement core, and the shared decision skeleton."""

from __future__ import annotations

import random
import time

import pytest
from ruckus import game_message
from ruckus.v1 import bot_pb2

from referee.games import get_game
from referee.transport.codec import codec_for
from sample_bots.montecarlo import SETTLED_ROUNDS, DictPolicy, Rollouts, engine_config, improve
from sample_bots.pilfer import policy as pilfer_policy
from sample_bots.pilfer.board import Board
from sample_bots.pilfer_search import PilferSearch
from sample_bots.support import Deadline, as_dict
from sample_bots.wabbit import policy as wabbit_policy
from sample_bots.wabbit.board import Farm
from sample_bots.wabbit_search import WabbitSearch

CASES = {
    "pilfer": (pilfer_policy, Board),
    "wabbit": (wabbit_policy, Farm),
}
SEARCH_BOTS = {"pilfer": PilferSearch, "wabbit": WabbitSearch}


def _wire(codec, observation: dict) -> dict:
    """Return the observation as a bot receives it: protobuf, then a dict of field names."""
    return as_dict(game_message(codec.observation(observation)))


@pytest.mark.parametrize("game", sorted(CASES))
def test_rebuilt_states_and_rollout_choices_match_what_the_bot_sees(game: str):
    policy, board_type = CASES[game]
    engine = get_game(game)
    codec = codec_for(game)
    config = engine_config(engine, engine.spec.default_scenario, {})
    state = engine.new_state(config, 2, 7)
    board = board_type(as_dict(game_message(codec.static_map(engine.static_map(state)))))
    chooser = random.Random(3)
    rebuilt = 0
    for _ in range(400):
        seat = engine.to_move(state)
        if seat is None:
            break
        observation = engine.observe(state, seat)
        actions = engine.legal_actions(state)
        world = engine.state_from_view(config, 2, seat, _wire(codec, observation), chooser)
        if world is not None:
            rebuilt += 1
            assert engine.observe(world, seat) == observation
            assert [engine.action_label(a) for a in engine.legal_actions(world)] == [
                engine.action_label(a) for a in actions
            ]
        data = [as_dict(game_message(codec.action(engine.action_data(a)))) for a in actions]
        index = policy.choose(_wire(codec, observation), data, board, seat)
        # Rollouts feed the policy engine dicts: it must choose as the greedy bot does.
        engine_data = [engine.action_data(a) for a in actions]
        assert policy.choose(observation, engine_data, board, seat) == index
        state = engine.apply(state, actions[index])
    assert rebuilt > 50


def _fixed(values: dict[int, list[float]]):
    """Return a simulate function that scores candidate i in round r as values[i][r]."""
    rounds = {index: 0 for index in values}

    def simulate(world: int, index: int) -> float:
        value = values[index][rounds[index] % len(values[index])]
        rounds[index] += 1
        return value

    return simulate


def test_improve_switches_only_to_a_clearly_better_candidate():
    noisy = {0: [1.0, -1.0, 2.0, 0.0], 1: [1.5, -1.5, 2.5, -0.5], 2: [5.0, 4.0, 6.0, 5.5]}
    pick = improve([0, 1, 2], 0, lambda: 0, _fixed(noisy), Deadline(0.05))
    assert pick == 2
    close = {0: [1.0, -1.0, 2.0, 0.0], 1: [1.5, -1.5, 2.5, -0.5]}
    assert improve([0, 1], 0, lambda: 0, _fixed(close), Deadline(0.05)) == 0


def _worlds(rounds: int):
    """Return a world sampler that runs out after ``rounds`` worlds."""
    worlds = iter(range(rounds))
    return lambda: next(worlds, None)


def test_improve_switches_on_as_many_standard_errors_as_it_is_given():
    # paired differences 0.5, -0.5, 0.5, 1.5: mean 0.5, about 1.2 standard errors
    values = {0: [0.0] * 4, 1: [0.5, -0.5, 0.5, 1.5]}
    assert improve([0, 1], 0, _worlds(4), _fixed(values), Deadline(5.0)) == 0
    assert improve([0, 1], 0, _worlds(4), _fixed(values), Deadline(5.0), confidence=1.0) == 1


def test_improve_drops_the_worse_half_after_the_rounds_it_is_given():
    values = {0: [0.0, 0.1], 1: [1.0, 1.1], 2: [-1.0, -0.9], 3: [-2.0, -1.9]}
    for prune_rounds, kept_rounds in ((frozenset({2, 4}), 2), (frozenset({3}), 3)):
        calls: dict[int, int] = dict.fromkeys(values, 0)
        simulate = _fixed(values)

        def counted(world: int, index: int, calls=calls, simulate=simulate) -> float:
            calls[index] += 1
            return simulate(world, index)

        pick = improve([0, 1, 2, 3], 0, _worlds(6), counted, Deadline(5.0), prune_rounds)
        assert pick == 1
        assert calls == {0: 6, 1: 6, 2: kept_rounds, 3: kept_rounds}


def test_improve_plays_greedy_when_out_of_time_or_out_of_worlds():
    better = {0: [0.0], 1: [9.0]}
    assert improve([0, 1], 0, lambda: 0, _fixed(better), Deadline(0.0)) == 0
    assert improve([0, 1], 0, lambda: None, _fixed(better), Deadline(0.05)) == 0


def test_improve_stops_early_when_every_candidate_scores_alike():
    calls = []

    def simulate(world: int, index: int) -> float:
        calls.append(index)
        return 1.0

    began = time.monotonic()
    assert improve([0, 1, 2], 1, lambda: 0, simulate, Deadline(5.0)) == 1
    assert time.monotonic() - began < 1.0
    assert len(calls) <= 3 * SETTLED_ROUNDS


@pytest.mark.parametrize("game", sorted(CASES))
def test_search_bot_answers_a_request_within_its_think_time(game: str):
    engine = get_game(game)
    codec = codec_for(game)
    bot = SEARCH_BOTS[game](think_ms=50, seed=1)
    scenario = engine.spec.default_scenario
    state = engine.new_state(engine.make_config(scenario), 2, 5)
    bot.start(
        bot_pb2.MatchStart(
            scenario=scenario,
            seat=0,
            players=2,
            static_map=codec.static_map(engine.static_map(state)),
        )
    )
    searched = 0
    while searched < 3 and (seat := engine.to_move(state)) is not None:
        actions = engine.legal_actions(state)
        request = bot_pb2.DecisionRequest(
            decision_id=searched,
            observation=codec.payload(engine.observe(state, seat)),
            legal_actions=[
                {"action": codec.payload(engine.action_data(a)), "label": engine.action_label(a)}
                for a in actions
            ],
            time_left={"decision_ms": 2_000, "bank_ms": 120_000},
        )
        began = time.monotonic()
        index = bot.decide(request)
        assert time.monotonic() - began < 1.0  # the 50 ms, one rollout over at most
        assert 0 <= index < len(actions)
        searched += len(actions) > 2
        state = engine.apply(state, actions[index])
    assert searched == 3


@pytest.mark.parametrize(("turns", "rounds_later"), [(1, 1), (2, 2), (None, None)])
def test_rollouts_play_greedily_to_the_searching_seat_s_next_turns(turns, rounds_later):
    engine = get_game("wabbit")
    state = engine.new_state(engine.make_config(), 2, 3)
    farm = Farm(engine.static_map(state))
    reached = []

    def evaluate(end, seat: int) -> float:
        reached.append(end)
        return 0.0

    rollouts = Rollouts(
        engine=engine,
        policy=lambda seen, actions, seat: wabbit_policy.choose(seen, actions, farm, seat),
        turn_seat=lambda each: each.seat,
        evaluate=evaluate,
        turns=turns,
    )
    rollouts.run(state, state.seat)
    (end,) = reached
    if rounds_later is None:
        assert engine.to_move(end) is None
    else:
        assert (end.seat, end.round) == (state.seat, state.round + rounds_later)


@pytest.mark.parametrize("game", sorted(CASES))
def test_rollouts_build_each_action_dict_once_and_as_the_engine_does(game: str):
    engine = get_game(game)
    state = engine.new_state(engine.make_config(), 2, 4)
    rollouts = Rollouts(
        engine=engine,
        policy=lambda seen, actions, seat: 0,
        turn_seat=lambda each: 0,
        evaluate=lambda each, seat: 0.0,
        turns=1,
    )
    for action in engine.legal_actions(state):
        data = rollouts.greedy.action_dict(action)
        assert data == engine.action_data(action)
        assert rollouts.greedy.action_dict(action) is data


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_lone_action_is_played_without_asking_the_policy(game: str):
    engine = get_game(game)
    state = engine.new_state(engine.make_config(), 2, 4)
    asked = []

    def policy(seen: dict, data: list, seat: int) -> int:
        asked.append(len(data))
        return len(data) - 1

    greedy = DictPolicy(engine, policy)
    actions = engine.legal_actions(state)
    assert greedy(state, actions[:1]) == 0
    assert asked == []
    assert greedy(state, actions) == len(actions) - 1
    assert asked == [len(actions)]
