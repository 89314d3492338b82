"""Property tests over random legal play: termination, purity, replay and hidden information."""

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.pilfer import GAME, make_config
from referee.games.pilfer.engine import canonical
from referee.games.pilfer.state import State
from referee.games.playout import random_playout
from referee.games.rng import Rng

SCENARIOS = st.sampled_from(["raid", "cars", "driven_out"])
PLAYERS = st.integers(min_value=2, max_value=4)
SEEDS = st.integers(min_value=0, max_value=2**32)
_SNAPSHOT_SLOTS = [s for s in State.__slots__ if s not in ("rng", "legal_cache")]


def _walk(scenario, players, seed, steps):
    """Yield (state, action) pairs of a random legal game, at most ``steps`` of them."""
    state = GAME.new_state(make_config(scenario), players, seed)
    chooser = Rng(seed + 1)
    for _ in range(steps):
        if GAME.to_move(state) is None:
            return
        actions = GAME.legal_actions(state)
        action = actions[chooser.below(len(actions))]
        yield state, action
        state = GAME.apply(state, action)


def _snapshot(state):
    return (
        {slot: copy.deepcopy(getattr(state, slot)) for slot in _SNAPSHOT_SLOTS},
        state.rng.state(),
        canonical(state),
    )


@settings(max_examples=24)
@given(scenario=SCENARIOS, players=PLAYERS, seed=SEEDS)
def test_random_play_always_ends_within_the_caps(scenario, players, seed):
    state = GAME.new_state(make_config(scenario), players, seed)
    result = random_playout(GAME, state, seed, max_decisions=200_000)
    outcome = GAME.outcome(result.state)
    assert outcome is not None
    assert outcome.reason in ("win_points", "round_cap", "all_driven_out")
    assert GAME.observe(result.state, None)["round"] <= 40
    assert sorted(outcome.ranks)[0] == 1


@settings(max_examples=10)
@given(scenario=SCENARIOS, players=PLAYERS, seed=SEEDS)
def test_apply_never_mutates_its_input(scenario, players, seed):
    for step, (state, action) in enumerate(_walk(scenario, players, seed, 600)):
        if step % 4:
            continue
        before = _snapshot(state)
        digest = GAME.digest(state)
        GAME.apply(state, action)
        assert _snapshot(state) == before
        assert GAME.digest(state) == digest


@settings(max_examples=10)
@given(scenario=SCENARIOS, players=PLAYERS, seed=SEEDS)
def test_same_seed_and_choices_give_the_same_digests(scenario, players, seed):
    first = [GAME.digest(s) for s, _ in _walk(scenario, players, seed, 600)]
    second = [GAME.digest(s) for s, _ in _walk(scenario, players, seed, 600)]
    assert first == second


def _hidden_ids(state, seat):
    known = state.known[seat] if seat is not None else frozenset()
    on_board = [t for ids in state.tokens.values() for t in ids if t not in state.face_up]
    undealt = range(state.dealt + 1, len(state.bag) + 1)
    return [t for t in [*on_board, *undealt] if t not in known]


def _shuffled_hidden(state, seat):
    """Return a copy whose hidden token identities are permuted."""
    hidden = _hidden_ids(state, seat)
    bag = list(state.bag)
    kinds = [bag[t - 1] for t in hidden]
    for token, kind in zip(hidden, [*kinds[1:], *kinds[:1]], strict=True):
        bag[token - 1] = kind
    other = state.copy()
    other.bag = tuple(bag)
    return other


@settings(max_examples=10)
@given(scenario=SCENARIOS, players=PLAYERS, seed=SEEDS)
def test_observations_never_leak_hidden_identities_or_random_state(scenario, players, seed):
    for step, (state, _) in enumerate(_walk(scenario, players, seed, 900)):
        if step % 15:
            continue
        for seat in [None, *range(players)]:
            observed = GAME.observe(state, seat)
            text = json.dumps(observed)
            assert str(state.rng.seed) not in text and "bag_order" not in text
            known = state.known[seat] if seat is not None else frozenset()
            for token in observed["tokens"]:
                if token["kind"] is not None:
                    assert token["face_up"] or token["id"] in known
            other = _shuffled_hidden(state, seat)
            assert GAME.observe(other, seat) == observed
            assert GAME.render(other, seat) == GAME.render(state, seat)
