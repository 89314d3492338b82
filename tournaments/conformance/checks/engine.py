"""A game's engine keeps the contract: golden counts, purity, determinism, bookkeeping.

Like OpenSpiel's ``test_all_games_tested``, a game without golden perft counts and playouts
fails here instead of being skipped.
"""

from __future__ import annotations

import json
from itertools import islice
from typing import Any

import pytest

from referee.games.base import Status
from referee.games.golden import breakdown, perft, playout, start
from referee.games.joint import successors
from referee.games.playout import random_playout
from referee.games.plugin import GamePlugin
from tournaments.conformance.samples import golden_of, player_counts, sample_states


def test_every_game_ships_golden_perft_and_playouts(game_plugin: GamePlugin) -> None:
    """The plugin names golden perft cases and playouts of more than one player count."""
    golden = golden_of(game_plugin)
    assert golden["perft"], "no perft cases"
    assert golden["playouts"], "no playouts"
    counts = {case["players"] for case in golden["playouts"]}
    assert len(counts) >= min(2, len(player_counts(game_plugin.engine))), (
        "playouts of one count only"
    )


def test_perft_counts_match_the_golden_file(game_plugin: GamePlugin) -> None:
    """Every golden perft count is reached again (the breakdown is printed when not)."""
    game = game_plugin.engine
    for case in golden_of(game_plugin)["perft"]:
        state = start(game, case)
        count = perft(game, state, case["depth"])
        if count != case["leaves"]:
            print(json.dumps(breakdown(game, state, case["depth"]), indent=1))
        assert count == case["leaves"], case


def test_random_playouts_end_at_the_golden_digest(game_plugin: GamePlugin) -> None:
    """Every golden playout ends in the same decisions, digest and scores."""
    game = game_plugin.engine
    for case in golden_of(game_plugin)["playouts"]:
        assert playout(game, case) == case


def test_every_end_reason_is_declared(game_plugin: GamePlugin) -> None:
    """A match ends with a reason the spec declares and a rank per seat."""
    game = game_plugin.engine
    assert game.spec.end_reasons, "the spec lists no end reasons"
    for case in golden_of(game_plugin)["playouts"]:
        state = game.new_state(game.make_config(case["scenario"]), case["players"], case["seed"])
        final = random_playout(game, state, case["chooser_seed"]).state
        outcome = game.outcome(final)
        assert outcome is not None
        assert outcome.reason in game.spec.end_reasons
        assert len(outcome.ranks) == case["players"] and min(outcome.ranks) == 1


def _shown(value: Any) -> str:
    """Return a field as comparable text (a random source by its state, not its address)."""
    state = getattr(value, "state", None)
    return repr(state()) if callable(state) else repr(value)


def _slot_values(state: Any) -> dict[str, str]:
    """Return each digested slot of ``state`` as comparable text."""
    names = getattr(type(state), "slot_names", None)
    fields = names() if names else list(vars(state))
    exempt: frozenset[str] = getattr(type(state), "digest_exempt", frozenset)()
    return {name: _shown(getattr(state, name)) for name in fields if name not in exempt}


@pytest.mark.parametrize("players_index", [0, -1])
def test_apply_and_queries_never_change_their_input(
    game_plugin: GamePlugin, players_index: int
) -> None:
    """``apply`` and the queries leave the state they are given unchanged."""
    game = game_plugin.engine
    players = player_counts(game)[players_index]
    for state in sample_states(game, players, seed=5)[:-1:7]:
        before = (game.digest(state), _slot_values(state))
        seat = game.to_move(state)
        game.observe(state, seat)
        game.observe(state, None)
        game.status(state)
        for _ in islice(successors(game, state), 5):  # apply (or apply_joint) five ways
            pass
        assert (game.digest(state), _slot_values(state)) == before


def test_the_same_seed_replays_the_same_match(game_plugin: GamePlugin) -> None:
    """One seed plays the same match again; another seed plays another."""
    game = game_plugin.engine
    players = player_counts(game)[0]
    first = [game.digest(s) for s in sample_states(game, players, seed=8)]
    again = [game.digest(s) for s in sample_states(game, players, seed=8)]
    other = [game.digest(s) for s in sample_states(game, players, seed=9)]
    assert first == again
    assert first != other


def test_every_state_field_reaches_the_digest(game_plugin: GamePlugin) -> None:
    """Every slot but the exempt ones changes the digest when it changes."""
    game = game_plugin.engine
    states = sample_states(game, player_counts(game)[-1], seed=3)
    state = states[len(states) // 2]
    names = getattr(type(state), "slot_names", None)
    assert names is not None, "the state derives its bookkeeping from referee.games.slots"
    exempt = type(state).digest_exempt()
    digest = game.digest(state)
    for name in names():
        if name in exempt:
            continue
        changed = state.copy()
        setattr(changed, name, object())
        try:
            reached = game.digest(changed) != digest
        except Exception:  # the digest read the field and could not use a stranger value
            reached = True
        assert reached, f"field {name} does not reach the digest"


def test_derived_fields_never_change_during_a_match(game_plugin: GamePlugin) -> None:
    """The ``DERIVED`` slots keep their setup value for the whole match."""
    game = game_plugin.engine
    states = sample_states(game, player_counts(game)[-1], seed=3)
    derived: frozenset[str] = getattr(type(states[0]), "DERIVED", frozenset())
    for name in derived:
        assert {_shown(getattr(s, name)) for s in states} == {_shown(getattr(states[0], name))}


def test_a_copy_is_equal_and_independent(game_plugin: GamePlugin) -> None:
    """A copy digests the same and shares no container with its original, except the ``SHARED``
    ones (replaced, never changed in place: the check that ``apply`` leaves its input
    unchanged holds the engine to that)."""
    game = game_plugin.engine
    states = sample_states(game, player_counts(game)[0], seed=4)
    state = states[len(states) // 3]
    copied = state.copy()
    assert game.digest(copied) == game.digest(state)
    assert _slot_values(copied) == _slot_values(state)
    before = _slot_values(state)
    shared: frozenset[str] = getattr(type(state), "SHARED", frozenset())
    for name in type(state).slot_names():
        value = getattr(copied, name)
        if name in shared:
            continue
        if isinstance(value, (list, dict, set)):
            value.clear()
    assert _slot_values(state) == before, "a copy shares a container with its original"


def test_config_round_trips_through_json(game_plugin: GamePlugin) -> None:
    """Every scenario's config writes to JSON and rebuilds to itself."""
    game = game_plugin.engine
    for scenario in game.spec.scenarios:
        config = game.make_config(scenario)
        data = game.config_to_json(config)
        assert json.loads(json.dumps(data)) == data
        assert game.config_from_json(scenario, data) == config


def test_status_speaks_for_every_position(game_plugin: GamePlugin) -> None:
    """``status`` agrees with ``to_move`` and has a score per seat, as JSON."""
    game = game_plugin.engine
    for players in player_counts(game):
        for state in sample_states(game, players, seed=6)[::5]:
            status = game.status(state)
            assert isinstance(status, Status)
            assert status.to_move == game.to_move(state)
            assert len(status.scores) == players
            assert status.round >= 0 and status.phase
            json.dumps(status.to_json())


def test_observations_are_json_and_never_show_more_than_the_seat_may_see(
    game_plugin: GamePlugin,
) -> None:
    """Observations and events are JSON; a seat's private event is hidden from spectators."""
    game = game_plugin.engine
    players = player_counts(game)[-1]
    for state in sample_states(game, players, seed=2)[::9]:
        json.dumps(game.static_map(state))
        json.dumps(game.observe(state, None))
        for seat in range(players):
            json.dumps(game.observe(state, seat))
        for event in game.events(state):
            json.dumps(event.to_json())
            if event.visible_to is not None:
                assert not event.is_visible_to(None)


def test_the_plugin_is_complete(ruckus_game: str, game_plugin: GamePlugin) -> None:
    """The plugin's engine has the entry point's name, and the game has a random sample bot."""
    assert game_plugin.name == ruckus_game
    assert "random" in game_plugin.sample_bots, f"{ruckus_game} has no random sample bot"
