"""Checks of ``resample`` (``referee.games.base.Resampling``), for a game whose engine offers it.

Random matches of the fewest and the most seats are sampled; at every few positions each seat
gets resampled states, and each must look the same to that seat as the real one (the same
``observe`` and the same events of the last ``apply``), leave the real state as it was, give
that seat the same legal actions when it is to move, and be a valid state: random play from
it reaches an outcome.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee.games.base import Game
from referee.games.plugin import GamePlugin
from tournaments.conformance.samples import player_counts, sample_states

STRIDE = 11
"""Check every this many positions of a sampled match."""
PLAYED_OUT = 3
"""Resampled states per match that random play takes to the end."""
PLAYOUT_LIMIT = 100_000
"""A playout longer than this many decisions has not ended: the state is not valid."""


def _resample(plugin: GamePlugin) -> Any:
    """Return the engine's ``resample``, or skip the check when the engine offers none."""
    resample = getattr(plugin.engine, "resample", None)
    if resample is None:
        pytest.skip(f"{plugin.name} offers no resample (optional in the engine contract)")
    return resample


def _seen_events(game: Game[Any, Any], state: Any, seat: int) -> list[Any]:
    """Return the events of the last ``apply`` that ``seat`` may see, as JSON."""
    return [event.to_json() for event in game.events(state) if event.is_visible_to(seat)]


def _labels(game: Game[Any, Any], state: Any) -> list[str]:
    """Return the labels of the legal actions of ``state``."""
    return [game.action_label(action) for action in game.legal_actions(state)]


def _plays_to_an_end(game: Game[Any, Any], state: Any, rng: random.Random) -> bool:
    """Return whether random legal play from ``state`` reaches an outcome."""
    for _ in range(PLAYOUT_LIMIT):
        if game.to_move(state) is None:
            return game.outcome(state) is not None
        actions = game.legal_actions(state)
        if not actions:
            return False
        state = game.apply(state, actions[rng.randrange(len(actions))])
    return False


def test_a_resampled_state_looks_the_same_to_its_seat(game_plugin: GamePlugin) -> None:
    """Every seat sees the same observation and events in a resampled state as in the real one,
    and the real state is left as it was."""
    game = game_plugin.engine
    resample = _resample(game_plugin)
    rng = random.Random(1)
    for players in player_counts(game):
        for state in sample_states(game, players, seed=7)[::STRIDE]:
            before = game.digest(state)
            for seat in range(players):
                other = resample(state, seat, rng)
                assert game.observe(other, seat) == game.observe(state, seat)
                assert _seen_events(game, other, seat) == _seen_events(game, state, seat)
                assert game.to_move(other) == game.to_move(state)
                assert game.status(other).to_json() == game.status(state).to_json()
            assert game.digest(state) == before, "resample changed the state it was given"


def test_a_resampled_state_offers_its_seat_the_same_actions(game_plugin: GamePlugin) -> None:
    """When the resampling seat is to move, the resampled state offers it the same actions."""
    game = game_plugin.engine
    resample = _resample(game_plugin)
    rng = random.Random(2)
    for players in player_counts(game):
        for state in sample_states(game, players, seed=8)[::STRIDE]:
            seat = game.to_move(state)
            if seat is not None:
                assert _labels(game, resample(state, seat, rng)) == _labels(game, state)


def test_a_resampled_state_plays_to_an_end(game_plugin: GamePlugin) -> None:
    """A resampled state is a valid state: random legal play from it reaches an outcome."""
    game = game_plugin.engine
    resample = _resample(game_plugin)
    rng = random.Random(3)
    for players in player_counts(game):
        states = sample_states(game, players, seed=9)
        for state in states[:: max(1, len(states) // PLAYED_OUT)][:PLAYED_OUT]:
            seat = rng.randrange(players)
            assert _plays_to_an_end(game, resample(state, seat, rng), rng)


def test_resampling_draws_what_the_seat_cannot_see_afresh(game_plugin: GamePlugin) -> None:
    """Resampling is not the identity: over a match, some resampled state differs from the real
    one in what its seat cannot see (the digest covers the hidden parts and the random source)."""
    game = game_plugin.engine
    resample = _resample(game_plugin)
    rng = random.Random(4)
    players = player_counts(game)[-1]
    states = sample_states(game, players, seed=10)[::STRIDE]
    assert any(
        game.digest(resample(state, seat, rng)) != game.digest(state)
        for state in states
        for seat in range(players)
    )


def _rebuild(plugin: GamePlugin) -> Any:
    """Return the engine's ``state_from_view``, or skip the check when the engine offers none."""
    rebuild = getattr(plugin.engine, "state_from_view", None)
    if rebuild is None:
        pytest.skip(f"{plugin.name} offers no state_from_view (optional in the engine contract)")
    return rebuild


def test_a_state_from_the_view_of_the_seat_to_move_looks_the_same_to_it(
    game_plugin: GamePlugin,
) -> None:
    """A state built from what the seat to move observes shows it that observation and offers
    it the same actions, at some positions of every match at least; a few play to an end."""
    game = game_plugin.engine
    rebuild = _rebuild(game_plugin)
    rng = random.Random(5)
    for players in player_counts(game):
        config = game.make_config()
        rebuilt = []
        for state in sample_states(game, players, seed=11)[::3]:
            seat = game.to_move(state)
            if seat is None:
                continue
            seen = game.observe(state, seat)
            other = rebuild(config, players, seat, seen, rng)
            if other is not None:
                assert game.observe(other, seat) == seen
                assert _labels(game, other) == _labels(game, state)
                rebuilt.append(other)
        assert rebuilt, f"{game_plugin.name} rebuilt no position of a {players}-seat match"
        for other in rebuilt[:: max(1, len(rebuilt) // PLAYED_OUT)][:PLAYED_OUT]:
            assert _plays_to_an_end(game, other, rng)
