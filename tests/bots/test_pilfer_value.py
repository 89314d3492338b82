"""The win-chance model the Pilfer search scores its rollouts with."""

from __future__ import annotations

from referee.games import get_game
from sample_bots.pilfer import policy
from sample_bots.pilfer.board import Board
from sample_bots.pilfer.value import FEATURES, OTHER, OWN, win_chance

GAME = get_game("pilfer")
BOARD = Board(GAME.static_map(GAME.new_state(GAME.make_config(), 2, 1)))


def greedy(observation, actions, seat):
    return policy.choose(observation, actions, BOARD, seat)


def _greedy_game(seed: int):
    """Yield every state of a seeded greedy self-play game, the last one finished."""
    state = GAME.new_state(GAME.make_config(), 2, seed)
    yield state
    while (seat := GAME.to_move(state)) is not None:
        actions = GAME.legal_actions(state)
        index = greedy(GAME.observe(state, seat), [GAME.action_data(a) for a in actions], seat)
        state = GAME.apply(state, actions[index])
        yield state


def test_weights_describe_every_feature():
    assert len(OWN) == len(OTHER) == len(FEATURES)


def test_a_finished_game_is_won_or_lost_outright():
    *_, end = _greedy_game(seed=3)
    outcome = GAME.outcome(end)
    assert outcome is not None
    winner = outcome.ranks.index(1)
    assert win_chance(end, winner, BOARD) == 1.0
    assert win_chance(end, 1 - winner, BOARD) == 0.0


def test_the_chance_is_even_at_the_start_and_follows_the_points():
    states = list(_greedy_game(seed=5))
    assert abs(win_chance(states[0], 0, BOARD) - 0.5) < 0.1
    for state in states[:-1]:
        chances = [win_chance(state, seat, BOARD) for seat in (0, 1)]
        assert all(0.0 < chance < 1.0 for chance in chances)
        if state.points[0] >= state.points[1] + 4:
            assert chances[0] > 0.5 > chances[1]
