"""The Pilfer sample bots: scuffle odds, the forward model, and the strength order."""

from __future__ import annotations

import random

import pytest
from bots_kit import play_in_process, random_policy

from referee.games import get_game
from sample_bots.montecarlo import engine_config
from sample_bots.pilfer import policy
from sample_bots.pilfer.board import Board
from sample_bots.pilfer.odds import scuffle_odds
from sample_bots.pilfer.search import search
from sample_bots.support import Deadline

GAME = get_game("pilfer")
BOARD = Board(GAME.static_map(GAME.new_state(GAME.make_config(), 2, 1)))

# Rules Appendix A: attacker win / tie / loss for attacker dice a (rows) against defender d.
APPENDIX_A = {
    (1, 1): (0.25, 0.50, 0.25),
    (1, 2): (0.13, 0.38, 0.50),
    (2, 2): (0.31, 0.38, 0.31),
    (2, 3): (0.19, 0.31, 0.50),
    (3, 2): (0.50, 0.31, 0.19),
    (4, 2): (0.66, 0.23, 0.11),
    (4, 4): (0.36, 0.27, 0.36),
    (5, 1): (0.89, 0.09, 0.02),
    (5, 4): (0.50, 0.25, 0.25),
}


def greedy(observation, actions, seat):
    return policy.choose(observation, actions, BOARD, seat)


@pytest.mark.parametrize(("dice", "expected"), sorted(APPENDIX_A.items()))
def test_scuffle_odds_match_appendix_a(dice, expected):
    got = scuffle_odds(*dice)
    assert got == pytest.approx(expected, abs=0.006)


def _positions(seed: int, count: int):
    """Yield (state, seat) at the first ``count`` MAIN/ACTIVATION decisions of a greedy game."""
    state = GAME.new_state(GAME.make_config(), 2, seed)
    found = 0
    while found < count and (seat := GAME.to_move(state)) is not None:
        observation = GAME.observe(state, seat)
        if observation["decision"] in ("main", "activation") and observation["round"] > 2:
            found += 1
            yield state, seat
        actions = GAME.legal_actions(state)
        index = greedy(observation, [GAME.action_data(a) for a in actions], seat)
        state = GAME.apply(state, actions[index])


def test_rebuilt_states_show_the_seat_exactly_what_it_saw():
    config = engine_config(GAME, "raid", {})
    chooser = random.Random(5)
    for state, seat in _positions(seed=4, count=25):
        observation = GAME.observe(state, seat)
        rebuilt = GAME.state_from_view(config, 2, seat, observation, chooser)
        assert rebuilt is not None
        assert GAME.observe(rebuilt, seat) == observation
        assert [GAME.action_label(a) for a in GAME.legal_actions(rebuilt)] == [
            GAME.action_label(a) for a in GAME.legal_actions(state)
        ]


def test_rebuilt_states_sample_unseen_tokens_differently():
    config = engine_config(GAME, "raid", {})
    state, seat = next(_positions(seed=2, count=1))
    observation = GAME.observe(state, seat)
    bags = {
        GAME.state_from_view(config, 2, seat, observation, random.Random(i)).bag for i in range(5)
    }
    assert len(bags) > 1


def test_search_answers_a_legal_index_within_its_deadline():
    config = engine_config(GAME, "raid", {})
    for state, seat in _positions(seed=6, count=3):
        observation = GAME.observe(state, seat)
        actions = GAME.legal_actions(state)
        data = [GAME.action_data(a) for a in actions]
        names = [GAME.action_label(a) for a in actions]
        deadline = Deadline(0.05)
        index = search(observation, data, names, BOARD, seat, config, deadline, random.Random(1))
        assert 0 <= index < len(actions)


def test_greedy_beats_random_in_a_seeded_series():
    wins = 0
    for seed in range(6):
        seats = [greedy, random_policy(seed)] if seed % 2 == 0 else [random_policy(seed), greedy]
        ranks = play_in_process("pilfer", seats, seed)
        me = 0 if seed % 2 == 0 else 1
        wins += ranks[me] == 1 and ranks[1 - me] == 2
    assert wins >= 5
