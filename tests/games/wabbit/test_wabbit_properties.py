"""Properties over random legal play (H31 termination, purity, determinism, hidden info)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.playout import random_playout
from referee.games.rng import Rng
from referee.games.wabbit import GAME
from referee.games.wabbit.state import State

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.sampled_from([2, 3, 4])
MAX_DECISIONS = 12 * 4 * 300


def walk(players: int, seed: int, chooser_seed: int):
    """Yield (state, action) along one random legal game."""
    state = GAME.new_state(GAME.make_config(), players, seed)
    chooser = Rng(chooser_seed)
    while GAME.to_move(state) is not None:
        actions = GAME.legal_actions(state)
        action = actions[chooser.below(len(actions))]
        yield state, action
        state = GAME.apply(state, action)


@settings(max_examples=30)
@given(seed=SEEDS, players=PLAYERS)
def test_h31_random_play_always_ends_within_the_caps(seed, players):
    state = GAME.new_state(GAME.make_config(), players, seed)
    result = random_playout(GAME, state, seed, max_decisions=MAX_DECISIONS)
    final = result.state
    assert GAME.to_move(final) is None
    assert final.round == 12
    outcome = GAME.outcome(final)
    assert outcome is not None and len(outcome.ranks) == players


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_h31_no_turn_reaches_the_safety_cap(seed, players):
    for state, _ in walk(players, seed, seed + 1):
        assert state.decisions < state.config.max_actions_per_turn


@settings(max_examples=6)
@given(seed=SEEDS, players=PLAYERS)
def test_apply_never_mutates_its_input(seed, players):
    for state, action in walk(players, seed, seed ^ 0x5A5A):
        before = state.canonical()
        before_obs = GAME.observe(state, GAME.to_move(state))
        GAME.apply(state, action)
        assert state.canonical() == before
        assert GAME.observe(state, GAME.to_move(state)) == before_obs


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_same_seed_and_choices_give_the_same_digests(seed, players):
    first = [GAME.digest(s) for s, _ in walk(players, seed, 7)]
    second = [GAME.digest(s) for s, _ in walk(players, seed, 7)]
    assert first == second


def hide_differently(state: State, seat: int | None, rng: random.Random) -> State:
    """Return a copy that differs from ``state`` only in what ``seat`` may not know."""
    other = state.copy()
    hidden_hands = [s for s in range(state.players) if s != seat]
    pool = list(other.draw) + [c for s in hidden_hands for c in other.hands[s]]
    rng.shuffle(pool)
    hands = list(other.hands)
    for s in hidden_hands:
        size = len(hands[s])
        hands[s], pool = tuple(pool[:size]), pool[size:]
    other.hands = tuple(hands)
    other.draw = tuple(pool)
    other.rng = Rng(rng.randrange(2**32), rng.randrange(1000))
    return other


def json_only(value):
    if isinstance(value, dict):
        return all(isinstance(k, str) and json_only(v) for k, v in value.items())
    if isinstance(value, list):
        return all(json_only(v) for v in value)
    return value is None or isinstance(value, (str, int, bool))


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_observations_hide_other_hands_deck_order_and_rng(seed, players):
    shuffler = random.Random(seed)
    for index, (state, _) in enumerate(walk(players, seed, seed + 3)):
        if index % 7:
            continue
        for seat in [None, *range(players)]:
            obs = GAME.observe(state, seat)
            assert json_only(obs)
            json.dumps(obs)
            assert obs == GAME.observe(hide_differently(state, seat, shuffler), seat)
            if seat is not None:
                assert [c["card"] for c in obs["hand"]] == list(state.hands[seat])
            else:
                assert obs["hand"] is None


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_private_events_go_only_to_the_drawing_seat(seed, players):
    for state, action in walk(players, seed, seed + 5):
        after = GAME.apply(state, action)
        for event in GAME.events(after):
            json.dumps(event.to_json())
            if event.kind == "draw_cards":
                assert event.visible_to == frozenset({event.data["seat"]})
            else:
                assert event.visible_to is None


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_cards_are_conserved(seed, players):
    for state, _ in walk(players, seed, seed + 9):
        places = list(state.draw) + list(state.discard)
        places += [c for hand in state.hands for c in hand]
        places += [c for mail in state.in_mail for c in mail]
        places += [card for _, card in state.disguises]
        items = [i for i, _ in state.items] + [i for p in state.parcel for i in p]
        items += [i for c in state.chars for i in (c.weapon, c.vehicle) if i]
        places += [int(i.partition("#")[2]) for i in items if "#" in i]
        if state.hole_card >= 0:
            places.append(state.hole_card)
        assert sorted(places) == list(range(len(state.deck_kinds)))
