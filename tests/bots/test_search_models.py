"""The search bots' forward models rebuild exact engine states from what travels over gRPC."""

from __future__ import annotations

import random

import pytest
from ruckus import game_message

from referee.games import get_game
from referee.transport.codec import codec_for
from sample_bots.montecarlo import engine_config
from sample_bots.pilfer import model as pilfer_model
from sample_bots.pilfer import policy as pilfer_policy
from sample_bots.pilfer.board import Board
from sample_bots.support import as_dict
from sample_bots.wabbit import model as wabbit_model
from sample_bots.wabbit import policy as wabbit_policy
from sample_bots.wabbit.board import Farm

CASES = {
    "pilfer": (pilfer_model, pilfer_policy, Board),
    "wabbit": (wabbit_model, wabbit_policy, Farm),
}


def _wire(codec, observation: dict) -> dict:
    """Return the observation as a bot receives it: protobuf, then a dict of field names."""
    return as_dict(game_message(codec.observation(observation)))


@pytest.mark.parametrize("game", sorted(CASES))
def test_rebuilt_states_match_the_observation_sent_to_the_bot(game: str):
    model, policy, board_type = CASES[game]
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
        world = model.build_state(_wire(codec, observation), config, seat, chooser)
        if world is not None:
            rebuilt += 1
            assert engine.observe(world, seat) == observation
            assert model.labels(world) == [engine.action_label(a) for a in actions]
        data = [as_dict(game_message(codec.action(engine.action_data(a)))) for a in actions]
        index = policy.choose(_wire(codec, observation), data, board, seat)
        state = engine.apply(state, actions[index])
    assert rebuilt > 50
