"""The typed arms of Pilfer and Wabbit Wampage are strict: encoding rejects any key the schema
lacks and any value of the wrong type. (That every payload of every installed game survives the
trip is checked by tests/conformance.)
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.games import get_game
from referee.games.rng import Rng
from referee.transport.codec import codec_for

MAX_DECISIONS = 150


def prune(value: Any) -> Any:
    """Drop None and empty-list values: on the wire both are an unset field."""
    if isinstance(value, dict):
        return {k: prune(v) for k, v in value.items() if v is not None and v != []}
    if isinstance(value, list | tuple):
        return [prune(item) for item in value]
    return value


def through_bytes(message: Any) -> Any:
    return type(message).FromString(message.SerializeToString())


def check(codec: Any, encode: Any, data: dict[str, Any]) -> None:
    assert prune(codec.decode(through_bytes(encode(data)))) == prune(data)


def random_states(game_name: str, seed: int):
    """Yield (game, state) along random matches of every scenario and player count."""
    game = get_game(game_name)
    for scenario in game.spec.scenarios:
        for players in range(game.spec.min_players, game.spec.max_players + 1):
            state = game.new_state(game.make_config(scenario), players, seed)
            chooser = Rng(seed)
            for _ in range(MAX_DECISIONS):
                yield game, state
                if game.to_move(state) is None:
                    break
                actions = game.legal_actions(state)
                state = game.apply(state, actions[chooser.below(len(actions))])


@pytest.mark.parametrize("game_name", ["pilfer", "wabbit"])
def test_a_key_the_schema_lacks_is_rejected(game_name: str):
    game = get_game(game_name)
    state = game.new_state(game.make_config(None), 2, 1)
    codec = codec_for(game_name)
    with pytest.raises(ValueError, match="no_such_key"):
        codec.observation({**game.observe(state, 0), "no_such_key": 1})


@pytest.mark.parametrize("game_name", ["pilfer", "wabbit"])
def test_a_value_of_the_wrong_type_is_rejected(game_name: str):
    game = get_game(game_name)
    state = game.new_state(game.make_config(None), 2, 1)
    codec = codec_for(game_name)
    with pytest.raises(TypeError):
        codec.observation({**game.observe(state, 0), "players": "two"})


def test_payload_of_another_game_does_not_decode():
    pilfer = codec_for("pilfer")
    wabbit = codec_for("wabbit")
    with pytest.raises(ValueError, match="not a wabbit"):
        wabbit.decode(pilfer.action({"kind": "done"}))


def test_unknown_game_has_no_codec():
    with pytest.raises(KeyError, match="chess"):
        codec_for("chess")


@pytest.mark.parametrize("game_name", ["pilfer", "wabbit"])
def test_a_decision_request_carries_the_prompt_exactly(game_name: str):
    from ruckus.v1 import bot_pb2

    from referee.match.player import Choice, DecisionPrompt
    from referee.transport.messages import decision_request

    codec = codec_for(game_name)
    for game, state in random_states(game_name, 3):
        seat = game.to_move(state)
        if seat is None or not game.events(state):
            continue
        actions = game.legal_actions(state)
        prompt = DecisionPrompt(
            decision_id=7,
            observation=game.observe(state, seat),
            choices=[Choice(game.action_data(a), game.action_label(a)) for a in actions],
            events=[event.to_json() for event in game.events(state)],
            time_left=1.25,
            bank_left=30.0,
        )
        raw = decision_request(prompt, codec)
        request = bot_pb2.RefereeMessage.FromString(raw).decision
        assert request.decision_id == 7
        assert (request.time_left.decision_ms, request.time_left.bank_ms) == (1250, 30000)
        assert prune(codec.decode(request.observation)) == prune(prompt.observation)
        assert [action.label for action in request.legal_actions] == [
            choice.label for choice in prompt.choices
        ]
        assert [prune(codec.decode(action.action)) for action in request.legal_actions] == [
            prune(choice.data) for choice in prompt.choices
        ]
        assert [prune(codec.decode(event)) for event in request.events] == prune(prompt.events)
        return
    pytest.fail("no state with events found")
