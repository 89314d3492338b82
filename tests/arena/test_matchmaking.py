"""Matchmaking spends each game where the ranking is least certain; groups play balanced seats."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest

from tournaments.arena.matchmaking import (
    Estimate,
    choose_group,
    meetings,
    pairing_gain,
    seat_cycle,
)
from tournaments.arena.standing import stage


def _bot(name: str, mu: float, sigma: float = 2.0, games: int = 50) -> Estimate:
    return Estimate(name, mu, sigma, games)


def test_a_bot_under_its_first_games_plays_next():
    bots = [_bot("a", 30), _bot("b", 29.5), _bot("new", 25, 8.3, games=1), _bot("c", 20)]
    assert "new" in choose_group(bots, 2, random.Random(1))


def test_overlapping_wide_intervals_come_before_a_settled_order():
    settled = (_bot("a", 40, 1.0), _bot("b", 20, 1.0))
    undecided = (_bot("c", 30, 3.0), _bot("d", 30.5, 3.0))
    assert pairing_gain(*undecided) > 100 * pairing_gain(*settled)
    assert set(choose_group([*settled, *undecided], 2, random.Random(2))) == {"c", "d"}


def test_tight_ratings_gain_less_than_wide_ones_at_the_same_distance():
    assert pairing_gain(_bot("a", 30, 4.0), _bot("b", 31, 4.0)) > pairing_gain(
        _bot("c", 30, 1.0), _bot("d", 31, 1.0)
    )


def test_a_group_of_three_grows_from_the_pairing_of_most_gain():
    bots = [_bot("a", 30, 3), _bot("b", 30.2, 3), _bot("c", 31, 3), _bot("far", 60, 3)]
    assert set(choose_group(bots, 3, random.Random(3))) == {"a", "b", "c"}


def test_the_same_seed_and_estimates_give_the_same_group():
    bots = [_bot(name, 25.0, 8.3, games=0) for name in "abcdef"]
    first = choose_group(bots, 2, random.Random(7))
    assert all(choose_group(bots, 2, random.Random(7)) == first for _ in range(5))


def test_a_settling_step_favours_the_head_of_the_table():
    head = (_bot("leader", 50, 3.0), _bot("first", 40, 3.0), _bot("second", 39.7, 3.0))
    middle = (_bot("c", 30, 3.0), _bot("d", 30.1, 3.0))
    tail = (_bot("e", 20, 3.0), _bot("f", 10, 3.0))
    assert pairing_gain(*middle) > pairing_gain(*head[1:])  # alone, the middle pairing wins
    assert set(choose_group([*head, *middle, *tail], 2, random.Random(4), step=2)) == {
        "first",
        "second",
    }


def test_a_covering_step_gives_the_least_played_bot_a_partner_it_has_met_least():
    bots = [_bot("few", 30, games=2), _bot("twin", 30.1), _bot("other", 30.6), _bot("far", 60)]
    assert pairing_gain(bots[0], bots[1]) > pairing_gain(bots[0], bots[2])
    fresh = choose_group(bots, 2, random.Random(5), step=1, min_games=0)
    assert set(fresh) == {"few", "twin"}
    met = {frozenset(("few", "twin")): 3}
    covered = choose_group(bots, 2, random.Random(5), step=1, met=met, min_games=0)
    assert set(covered) == {"few", "other"}
    # a settling step goes by gain alone, whatever the meetings
    settled = choose_group(bots, 2, random.Random(5), step=2, met=met, min_games=0)
    assert set(settled) == {"few", "twin"}


def test_covering_ends_once_every_bot_has_played_as_many_games_as_it_has_opponents():
    bots = [_bot("few", 30, games=3), _bot("twin", 30.1), _bot("other", 30.6), _bot("far", 60)]
    met = {frozenset(("few", "twin")): 3}
    assert set(choose_group(bots, 2, random.Random(5), step=1, met=met)) == {"few", "twin"}


def test_meetings_count_the_steps_two_bots_played_together_not_their_games():
    games = [(("a", "b"), 1), (("b", "a"), 1), (("a", "b", "c"), 2), (("c", "a"), 3)]
    assert meetings(games) == {
        frozenset("ab"): 2,
        frozenset("ac"): 2,
        frozenset("bc"): 1,
    }


def test_too_few_bots_for_a_group_is_an_error():
    with pytest.raises(ValueError, match="cannot fill a group of 3"):
        choose_group([_bot("a", 1), _bot("b", 2)], 3, random.Random(0))


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_a_seat_cycle_balances_seats_and_every_two_bots_in_every_two_seats(size: int):
    group = [f"b{number}" for number in range(size)]
    cycle = seat_cycle(group)
    assert len(set(cycle)) == len(cycle)
    for seat in range(size):
        assert len(set(Counter(seating[seat] for seating in cycle).values())) == 1
    for first, second in permutations(range(size), 2):
        placed = Counter((seating[first], seating[second]) for seating in cycle)
        for a, b in permutations(group, 2):
            assert placed[(a, b)] == placed[(b, a)], (first, second, a, b)
    if size == 3:
        assert sorted(cycle) == sorted(permutations(group))


def test_a_candidate_is_favoured_over_settled_benchmarks():
    benchmarks = [_bot("a", 30, 2.0), _bot("b", 30.2, 2.0)]  # intervals 8 wide: benchmarks
    candidate = _bot("new", 36, 3.2)  # interval 12.8 wide: still a candidate
    assert candidate.candidate() and not benchmarks[0].candidate()
    on_gain_alone = pairing_gain(*benchmarks) > pairing_gain(benchmarks[1], candidate)
    assert on_gain_alone  # the benchmarks would play each other
    assert "new" in choose_group([*benchmarks, candidate], 2, random.Random(4))
    assert "new" not in choose_group(
        [*benchmarks, candidate], 2, random.Random(4), candidate_interval=20.0
    )


def test_an_entrys_stage_follows_its_status_and_interval():
    assert stage("active", 3.5, 12.0) == "candidate"
    assert stage("active", 2.0, 12.0) == "benchmark"
    assert [stage(status, 9.0, 12.0) for status in ("pending", "retired", "rejected")] == [
        "pending",
        "retired",
        "rejected",
    ]
