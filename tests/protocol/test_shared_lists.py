"""Parts of a request the referee has encoded before are not encoded again, and what travels
reads exactly as the plain encoding (one constructor call) would: observation lists the
engine hands out again unchanged (``GameCodec.shared_lists``), once per list, and legal
actions, once per Choice (the match loop makes one per action).

Pilfer shares its townsfolk, its tokens (per seat: what the seat sniffed is part of the key)
and its sniff log between observations while they do not change; Wabbit Wampage its items,
fields, buildings and discard pile.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from ruckus.v1 import bot_pb2

from referee.games import get_game
from referee.games.rng import Rng
from referee.match import MatchSetup, run_match
from referee.match.player import Choice, DecisionPrompt
from referee.match.random_player import RandomPlayer
from referee.transport.codec import codec_for
from referee.transport.messages import decision_request

DECISIONS = 250


class PromptRecorder(RandomPlayer):
    """An in-process random player that keeps every prompt it is given."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.prompts: list[DecisionPrompt] = []

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        """Keep ``prompt``; answer at random."""
        self.prompts.append(prompt)
        return super().decide(prompt, timeout)


def prompts(
    players: int, seed: int, game_name: str = "pilfer"
) -> Iterator[tuple[Any, DecisionPrompt]]:
    """Yield (state, the prompt of its seat to move) along a random match."""
    game = get_game(game_name)
    state = game.new_state(game.make_config(None), players, seed)
    chooser = Rng(seed)
    for number in range(DECISIONS):
        seat = game.to_move(state)
        if seat is None:
            return
        actions = game.legal_actions(state)
        yield (
            state,
            DecisionPrompt(
                decision_id=number,
                observation=game.observe(state, seat),
                choices=[Choice(game.action_data(a), game.action_label(a)) for a in actions],
                events=[event.to_json() for event in game.events(state)],
                time_left=1.5,
                bank_left=60.0,
            ),
        )
        state = game.apply(state, actions[chooser.below(len(actions))])


def plain_request(prompt: DecisionPrompt, game_name: str) -> bot_pb2.RefereeMessage:
    """Return the request built in one constructor call, every list encoded afresh."""
    codec = codec_for(game_name)
    request = {
        "decision_id": prompt.decision_id,
        "observation": codec.payload(prompt.observation),
        "legal_actions": [
            {"action": codec.payload(choice.data), "label": choice.label}
            for choice in prompt.choices
        ],
        "events": [codec.payload(event) for event in prompt.events],
        "time_left": {"decision_ms": 1500, "bank_ms": 60000},
    }
    return bot_pb2.RefereeMessage(decision=request)


@pytest.mark.parametrize(
    ("game_name", "players"),
    [("pilfer", 2), ("pilfer", 3), ("pilfer", 4), ("wabbit", 2), ("wabbit", 4)],
)
def test_a_request_reads_as_the_plain_encoding(game_name: str, players: int):
    codec = codec_for(game_name)
    checked = reused = 0
    before: dict[str, Any] = {}
    for _, prompt in prompts(players, 40 + players, game_name):
        sent = bot_pb2.RefereeMessage.FromString(decision_request(prompt, codec))
        assert sent == plain_request(prompt, game_name)
        for key in codec.shared_lists:
            reused += prompt.observation[key] is before.get(key)
            before[key] = prompt.observation[key]
        checked += 1
    assert checked > 100 and reused > checked


def test_a_list_seen_before_is_not_encoded_again():
    codec = codec_for("pilfer")
    _, prompt = next(prompts(2, seed=5))
    tokens = codec._lists["tokens"]
    first = tokens(prompt.observation["tokens"])
    assert tokens(dict(prompt.observation)["tokens"]) is first
    fresh = tokens([dict(token) for token in prompt.observation["tokens"]])
    assert fresh is not first and fresh == first  # a new list is a new encoding
    assert codec.observation_field(prompt.observation) == codec.observation_field(
        {**prompt.observation, "tokens": [dict(t) for t in prompt.observation["tokens"]]}
    )


def test_a_match_gives_an_action_seen_before_the_same_choice_encoded_once():
    recorder = PromptRecorder(3)
    run_match(MatchSetup.for_game("wabbit", 3), [recorder, RandomPlayer(4)])
    codec = codec_for("wabbit")
    seen: dict[tuple[str, str], Choice] = {}
    offered = 0
    for prompt in recorder.prompts:
        for choice in prompt.choices:
            offered += 1
            assert seen.setdefault((choice.label, repr(choice.data)), choice) is choice
            field = codec.legal_action_field(choice.data, choice.label)
            assert codec.legal_action_field(choice.data, choice.label) is field
    assert offered > 2 * len(seen)


def test_the_tokens_list_is_shared_while_it_does_not_change():
    game = get_game("pilfer")
    shared = changed = 0
    before: dict[int, tuple[Any, list[Any]]] = {}
    for state, prompt in prompts(2, seed=9):
        seat = prompt.observation["viewer"]
        tokens = prompt.observation["tokens"]
        assert game.observe(state, seat)["tokens"] is tokens
        if seat in before:
            old_state, old_tokens = before[seat]
            same_sources = (
                old_state.tokens is state.tokens
                and old_state.face_up is state.face_up
                and old_state.known[seat] is state.known[seat]
            )
            if tokens is old_tokens:
                assert same_sources
                shared += 1
            else:
                changed += 1
        before[seat] = (state, tokens)
    assert shared > 50 and changed > 5


def test_a_seat_never_sees_the_tokens_another_seat_sniffed():
    game = get_game("pilfer")
    sniffed_views = 0
    for state, _ in prompts(2, seed=17):
        for seat in (0, 1):
            other = 1 - seat
            secret = state.known[other] - state.known[seat] - state.face_up
            view = {token["id"]: token for token in game.observe(state, seat)["tokens"]}
            for token in secret & view.keys():
                assert view[token]["kind"] is None and not view[token]["sniffed"]
                sniffed_views += 1
        mine = {token["id"]: token for token in game.observe(state, 0)["tokens"]}
        for token in state.known[0] - state.face_up:
            if token in mine:
                assert mine[token]["sniffed"] and mine[token]["kind"] == state.kind_of(token)
    assert sniffed_views > 0
