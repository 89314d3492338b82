"""Properties over random legal play: every game ends (LD12, LD13, LD15), ``apply`` and the
queries never change their input, the same seed replays the same match, a seat's view never
depends on dice hidden from it (LD16), and ``resample`` keeps everything a seat has seen."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from referee.games.playout import random_playout
from referee.games.rng import Rng

from liars_dice_helpers import GAME, new
from ruckus_liars_dice.state import State

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
PLAYERS = st.integers(min_value=2, max_value=6)
SCENARIOS = st.sampled_from(["classic", "plain", "quick"])
EXAMPLES = settings(max_examples=25, deadline=None)


def walk(state: State, chooser_seed: int) -> list[State]:
    """Return every position of one random legal game from ``state``."""
    chooser = Rng(chooser_seed)
    states = [state]
    while GAME.to_move(state) is not None:
        actions = GAME.legal_actions(state)
        state = GAME.apply(state, actions[chooser.below(len(actions))])
        states.append(state)
    return states


def seen_by(state: State, seat: int) -> tuple[object, ...]:
    """Return everything ``seat`` is shown of ``state``: observation, board, events, actions."""
    events = tuple(e.to_json() for e in GAME.events(state) if e.is_visible_to(seat))
    labels = tuple(GAME.action_label(a) for a in GAME.legal_actions(state))
    return GAME.observe(state, seat), GAME.render(state, seat), events, labels


@EXAMPLES
@given(seed=SEEDS, players=PLAYERS, scenario=SCENARIOS, max_rounds=st.integers(1, 60))
def test_ld12_ld13_ld15_random_play_always_ends_with_a_declared_reason(
    seed, players, scenario, max_rounds
):
    state = new(players, seed, scenario, max_rounds=max_rounds)
    config = state.config
    bound = config.max_rounds * (players * config.dice_per_player * 6 + 1)
    final = random_playout(GAME, state, seed, max_decisions=bound).state
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.reason in GAME.spec.end_reasons
    assert final.round <= min(max_rounds, players * config.dice_per_player - 1)
    assert outcome.scores == final.counts and min(outcome.ranks) == 1
    assert sum(outcome.scores) == players * config.dice_per_player - final.round
    if outcome.reason == "last_seat_standing":
        assert len(outcome.winners) == 1 and len(final.out) == players - 1
    else:
        assert final.round == max_rounds


@EXAMPLES
@given(seed=SEEDS, players=PLAYERS, scenario=SCENARIOS)
def test_apply_and_the_queries_never_change_their_input(seed, players, scenario):
    for state in walk(new(players, seed, scenario), seed)[::3]:
        before = (GAME.digest(state), state.canonical(), GAME.events(state))
        GAME.legal_actions(state)
        GAME.observe(state, None)
        GAME.render(state, 0)
        GAME.status(state)
        GAME.outcome(state)
        GAME.resample(state, 0, random.Random(seed))
        for action in GAME.legal_actions(state)[-3:]:
            GAME.apply(state, action)
        assert (GAME.digest(state), state.canonical(), GAME.events(state)) == before


@EXAMPLES
@given(seed=SEEDS, players=PLAYERS)
def test_the_same_seed_and_choices_replay_the_same_match(seed, players):
    first = [GAME.digest(s) for s in walk(new(players, seed), seed + 1)]
    again = [GAME.digest(s) for s in walk(new(players, seed), seed + 1)]
    assert first == again


@EXAMPLES
@given(seed=SEEDS, players=PLAYERS, scenario=SCENARIOS, data=st.data())
def test_ld16_a_seat_sees_nothing_of_the_dice_hidden_from_it(seed, players, scenario, data):
    states = walk(new(players, seed, scenario), seed)
    state = states[data.draw(st.integers(0, len(states) - 1))]
    seat = data.draw(st.integers(0, players - 1))
    faces = state.config.faces
    other = state.copy()
    other.dice = tuple(
        cup if s == seat else tuple(sorted(data.draw(st.integers(1, faces)) for _ in cup))
        for s, cup in enumerate(state.dice)
    )
    other.rng = Rng(data.draw(SEEDS))
    other.events = state.events
    assert seen_by(other, seat) == seen_by(state, seat)
    assert GAME.observe(other, None) == GAME.observe(state, None)


@EXAMPLES
@given(seed=SEEDS, players=PLAYERS, scenario=SCENARIOS, data=st.data())
def test_a_resampled_state_keeps_what_its_seat_has_seen(seed, players, scenario, data):
    states = walk(new(players, seed, scenario), seed)
    state = states[data.draw(st.integers(0, len(states) - 1))]
    seat = data.draw(st.integers(0, players - 1))
    resampled = GAME.resample(state, seat, random.Random(data.draw(SEEDS)))
    assert seen_by(resampled, seat) == seen_by(state, seat)
    assert resampled.counts == state.counts and resampled.dice[seat] == state.dice[seat]
    assert all(set(cup) <= set(range(1, state.config.faces + 1)) for cup in resampled.dice)
    for event in GAME.events(resampled):
        if event.kind == "roll":
            assert event.data["dice"] == list(resampled.dice[event.data["seat"]])


def test_resample_draws_the_hidden_dice_and_the_later_rolls_afresh():
    state = new(4, seed=11)
    resampled = [GAME.resample(state, 0, random.Random(n)) for n in range(20)]
    assert len({r.dice for r in resampled}) == 20
    assert {r.dice[0] for r in resampled} == {state.dice[0]}
    assert len({r.rng.state() for r in resampled} | {state.rng.state()}) == 21
