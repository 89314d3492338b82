"""Counts per pairing: relative places, W/D/L, pentanomial pairs and seat-rotated cycles."""

from __future__ import annotations

import random

from stats_records import pair, result

from tournaments.schedule.seats import rotate
from tournaments.stats.counts import pentanomial_counts, unit_counts, wdl_counts
from tournaments.stats.records import relative_score


def test_relative_place_is_above_tied_or_below() -> None:
    game = result(("a", "b", "c", "d"), (2, 1, 2, 4), seed=1)
    assert relative_score(game, "b", "a") == 1.0
    assert relative_score(game, "a", "c") == 0.5
    assert relative_score(game, "d", "c") == 0.0


def test_pentanomial_counts_each_seed_pair_by_the_bots_two_results() -> None:
    records = [
        *pair("a", "b", 1.0, 1.0, seed=1),
        *pair("a", "b", 1.0, 0.5, seed=2),
        *pair("a", "b", 0.5, 0.5, seed=3),
        *pair("a", "b", 0.0, 1.0, seed=4),
        *pair("a", "b", 0.0, 0.5, seed=5),
        *pair("a", "b", 0.0, 0.0, seed=6),
        *pair("a", "b", 1.0, 1.0, seed=7),
    ]
    penta = pentanomial_counts(records, "a", "b")
    assert (penta.ll, penta.ld, penta.dd, penta.wl, penta.wd, penta.ww) == (1, 1, 1, 1, 1, 2)
    assert penta.counts() == (1, 1, 2, 1, 2)
    mirrored = pentanomial_counts(records, "b", "a")
    assert mirrored.counts() == penta.counts()[::-1]
    assert wdl_counts(records, "a", "b").counts() == (4, 4, 6)


def test_unit_counts_for_two_players_are_the_pentanomial_and_leave_out_lone_games() -> None:
    records = [*pair("a", "b", 1.0, 0.5, seed=1), *pair("a", "b", 0.0, 0.5, seed=2)]
    records.append(result(("a", "b"), (1, 2), seed=3))
    units = unit_counts(records, "a", "b", players=2)
    assert units.counts == (0, 1, 0, 1, 0)
    assert units.counts == pentanomial_counts(records, "a", "b").counts()
    assert units.unused_games == 1
    assert units.units == 2


def test_a_pair_with_the_same_seat_twice_is_not_a_unit() -> None:
    records = [result(("a", "b"), (1, 2), seed=1), result(("a", "b"), (2, 1), seed=1)]
    assert unit_counts(records, "a", "b", players=2).units == 0
    assert pentanomial_counts(records, "a", "b").pairs == 0


def test_unit_counts_of_a_three_player_cycle_sum_the_relative_places() -> None:
    group = ("a", "b", "c")
    ranks_by_seat = [(1, 2, 3), (2, 2, 1), (3, 1, 2)]  # per game, ranks of the seats
    cycle = [result(rotate(group, g), ranks_by_seat[g], seed=9) for g in range(3)]
    # a's places against b: game 0 a(1) b(2) above; game 1 seats b,c,a: b 2, a 1 above;
    # game 2 seats c,a,b: a 1, b 2 above -> total 3 of 3, twice that is 6
    assert unit_counts(cycle, "a", "b", players=3).counts == (0, 0, 0, 0, 0, 0, 1)
    # b against c: game 0 b(2) c(3) above; game 1 b(2) c(2) tie; game 2 c(3) b(2) above -> 2.5
    assert unit_counts(cycle, "b", "c", players=3).counts == (0, 0, 0, 0, 0, 1, 0)
    incomplete = unit_counts(cycle[:2], "a", "b", players=3)
    assert (incomplete.units, incomplete.unused_games) == (0, 2)


def test_counts_do_not_depend_on_the_order_of_the_records() -> None:
    rng = random.Random(5)
    outcomes = (0.0, 0.5, 1.0)
    records = [
        game
        for seed in range(40)
        for game in pair("a", "b", rng.choice(outcomes), rng.choice(outcomes), seed)
    ]
    shuffled = records[:]
    rng.shuffle(shuffled)
    assert unit_counts(shuffled, "a", "b", 2) == unit_counts(records, "a", "b", 2)
    assert pentanomial_counts(shuffled, "a", "b") == pentanomial_counts(records, "a", "b")
