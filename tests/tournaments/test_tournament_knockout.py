"""Knockout brackets: seeding, byes, best-of-N series that stop when decided, tiebreaks."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.formats.knockout import bracket, bracket_order, seeded_bots
from tournaments.schedule import next_matches
from tournaments.schedule.match import Match

HIGH_WINS = (1, 2)


def play_out(
    definition,
    outcome: Callable[[Match], tuple[int, ...]],
    pick: Callable[[list[Match]], list],
    played: dict[str, Match] | None = None,
) -> dict[str, tuple[int, ...]]:
    """Run the schedule to the end, finishing the picked part of every batch."""
    finished: dict[str, tuple[int, ...]] = {}
    released: set[str] = set()
    while batch := next_matches(definition, finished):
        keys = {match.key for match in batch}
        assert released - set(finished) <= keys, "a released game was withdrawn"
        assert not keys & set(finished)
        released |= keys
        for match in pick(batch):
            finished[match.key] = outcome(match)
            if played is not None:
                played[match.key] = match
    return finished


def higher_seed_wins(definition) -> Callable[[Match], tuple[int, ...]]:
    order = seeded_bots(definition)
    return lambda match: (
        (1, 2) if order.index(match.seats[0]) < order.index(match.seats[1]) else (2, 1)
    )


def test_bracket_order_keeps_top_seeds_apart():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_byes_go_to_the_top_seeds_and_favourites_reach_the_final(make_definition):
    definition = make_definition("knockout", 5)
    ready = {(match.round, frozenset(match.seats)) for match in next_matches(definition, {})}
    assert ready == {(1, frozenset({"b3", "b4"})), (2, frozenset({"b1", "b2"}))}
    finished = play_out(definition, higher_seed_wins(definition), lambda batch: batch)
    final = bracket(definition, finished)[-1]
    assert (final.round, final.high, final.low, final.winner) == (3, "b0", "b1", "b0")


def test_rating_seeding_orders_by_rating_then_definition_order(make_definition):
    definition = make_definition(
        "knockout", 4, options='[knockout]\nseeding = "rating"', ratings=[1500, 1800, 1500, 2000]
    )
    assert seeded_bots(definition) == ["b3", "b1", "b0", "b2"]
    pairs = {frozenset(match.seats) for match in next_matches(definition, {})}
    assert pairs == {frozenset({"b3", "b2"}), frozenset({"b1", "b0"})}


def test_best_of_three_stops_when_decided(make_definition):
    definition = make_definition("knockout", 2, games=3)
    batch = next_matches(definition, {})
    assert [match.key for match in batch] == ["ko/r1/s0/g0", "ko/r1/s0/g1"]
    assert [match.seats for match in batch] == [("b0", "b1"), ("b1", "b0")]
    assert batch[0].seed == batch[1].seed
    finished = {"ko/r1/s0/g0": (1, 2), "ko/r1/s0/g1": (2, 1)}
    assert next_matches(definition, finished) == []
    assert bracket(definition, finished)[-1].winner == "b0"


def test_a_split_best_of_three_plays_the_decider(make_definition):
    definition = make_definition("knockout", 2, games=3)
    finished = {"ko/r1/s0/g0": (1, 1), "ko/r1/s0/g1": (1, 2)}
    (decider,) = next_matches(definition, finished)
    assert (decider.key, decider.seats) == ("ko/r1/s0/g2", ("b0", "b1"))
    finished[decider.key] = (1, 1)
    assert next_matches(definition, finished) == []
    assert bracket(definition, finished)[-1].winner == "b1"


def test_tied_series_goes_to_tiebreak_pairs_then_the_higher_seed(make_definition):
    definition = make_definition("knockout", 2, games=2, options="[knockout]\ntiebreak_games = 4")
    finished = {"ko/r1/s0/g0": (1, 2), "ko/r1/s0/g1": (1, 2)}
    tiebreak = next_matches(definition, finished)
    assert [match.key for match in tiebreak] == ["ko/r1/s0/g2", "ko/r1/s0/g3"]
    assert tiebreak[0].seed == tiebreak[1].seed != next_matches(definition, {})[0].seed
    assert [match.seats for match in tiebreak] == [("b0", "b1"), ("b1", "b0")]
    for game in range(2, 6):
        assert next_matches(definition, finished)
        finished[f"ko/r1/s0/g{game}"] = (1, 1)
    assert next_matches(definition, finished) == []
    assert bracket(definition, finished)[-1].winner == "b0"


def test_a_tiebreak_pair_won_by_the_lower_seed_decides(make_definition):
    definition = make_definition("knockout", 2, games=1)
    finished = {"ko/r1/s0/g0": (1, 1), "ko/r1/s0/g1": (1, 1), "ko/r1/s0/g2": (1, 2)}
    assert next_matches(definition, finished) == []
    assert bracket(definition, finished)[-1].winner == "b1"


@given(
    bots=st.integers(2, 11),
    games=st.integers(1, 5),
    tiebreak=st.sampled_from([0, 2, 4]),
    salt=st.integers(0, 10_000),
)
def test_knockout_property(make_definition, fake_ranks, bots, games, tiebreak, salt):
    definition = make_definition(
        "knockout", bots, games=games, options=f"[knockout]\ntiebreak_games = {tiebreak}"
    )
    outcome = lambda match: fake_ranks(match.key, salt)  # noqa: E731
    chooser = random.Random(salt)
    played: dict[str, Match] = {}
    everything = play_out(definition, outcome, lambda batch: batch, played)
    one_at_a_time = play_out(definition, outcome, lambda batch: batch[:1])
    random_parts = play_out(
        definition, outcome, lambda batch: chooser.sample(batch, chooser.randint(1, len(batch)))
    )
    assert everything == one_at_a_time == random_parts

    series = bracket(definition, everything)
    size = 1 << (bots - 1).bit_length()
    assert len(series) == size - 1
    assert series[-1].winner is not None
    byes = seeded_bots(definition)[: size - bots]
    first_round = {name for match in played.values() if match.round == 1 for name in match.seats}
    assert first_round.isdisjoint(byes)
    for state in series:
        if state.low is None:
            continue
        assert state.winner in (state.high, state.low)
        high_won = state.winner == state.high
        assert (state.high_wins >= state.low_wins) if high_won else state.low_wins > state.high_wins
        keys = sorted(
            (key for key in everything if key.startswith(f"ko/r{state.round}/s{state.slot}/")),
            key=lambda key: int(key.rsplit("g", 1)[1]),
        )
        assert [int(key.rsplit("g", 1)[1]) for key in keys] == list(range(len(keys)))
        for key in keys:
            game = played[key].game
            start = 0 if game < games else games + 2 * ((game - games) // 2)
            expected = (
                (state.high, state.low) if (game - start) % 2 == 0 else (state.low, state.high)
            )
            assert played[key].seats == expected
        without_last = {key: ranks for key, ranks in everything.items() if key != keys[-1]}
        assert _slot(bracket(definition, without_last), state).winner is None, "a wasted game"


def _slot(series, state):
    return next(other for other in series if (other.round, other.slot) == (state.round, state.slot))


@pytest.mark.parametrize("bots", [2, 3, 8, 9])
def test_every_bot_but_the_champion_is_knocked_out_once(make_definition, bots):
    definition = make_definition("knockout", bots, games=2)
    finished = play_out(definition, higher_seed_wins(definition), lambda batch: batch)
    losers = [
        state.low if state.winner == state.high else state.high
        for state in bracket(definition, finished)
        if state.low is not None
    ]
    assert sorted(losers) == sorted(set(definition.bot_names) - {"b0"})
