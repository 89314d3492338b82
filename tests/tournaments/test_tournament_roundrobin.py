"""Round-robin and gauntlet schedules: every pairing or group, balanced seats, paired seeds."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.schedule import next_matches, planned_matches
from tournaments.schedule.balance import extra_seat_orders
from tournaments.schedule.match import Match


def seat_counts(matches: list[Match]) -> dict[str, Counter[int]]:
    counts: dict[str, Counter[int]] = defaultdict(Counter)
    for match in matches:
        for seat, name in enumerate(match.seats):
            counts[name][seat] += 1
    return counts


def seat_spread(counts: Counter[int], seats: int) -> int:
    return max(counts[seat] for seat in range(seats)) - min(counts[seat] for seat in range(seats))


def check_cycles(matches: list[Match], seats: int) -> None:
    """Each full cycle shares one seed and seats every bot of its group once in each seat.

    The games after the last full cycle have seeds of their own.
    """
    by_group: dict[str, list[Match]] = defaultdict(list)
    for match in matches:
        by_group[match.key.rsplit("/", 1)[0]].append(match)
    seeds_seen = set()
    for games in by_group.values():
        games.sort(key=lambda match: match.game)
        assert [match.game for match in games] == list(range(len(games)))
        full = len(games) - len(games) % seats
        for start in range(0, full, seats):
            cycle = games[start : start + seats]
            assert len({match.seed for match in cycle}) == 1
            seeds_seen.add(cycle[0].seed)
            for seat in range(seats):
                assert len({match.seats[seat] for match in cycle}) == seats
        seeds_seen.update(match.seed for match in games[full:])
    distinct = sum(len(games) // seats + len(games) % seats for games in by_group.values())
    assert len(seeds_seen) == distinct


@given(bots=st.integers(2, 12), games=st.integers(1, 4), double=st.booleans())
def test_two_player_round_robin_pairs_everyone_with_balanced_seats(
    make_definition, bots, games, double
):
    fmt = "double-round-robin" if double else "round-robin"
    definition = make_definition(fmt, bots, games=games)
    matches = next_matches(definition, {})
    per_pair = games * (2 if double else 1)
    pairs = Counter(frozenset(match.seats) for match in matches)
    assert pairs == {frozenset(pair): per_pair for pair in combinations(definition.bot_names, 2)}
    assert len({match.key for match in matches}) == len(matches) == planned_matches(definition)
    for counts in seat_counts(matches).values():
        played = counts[0] + counts[1]
        assert seat_spread(counts, 2) == played % 2
    check_cycles(matches, 2)
    for round_number in {match.round for match in matches}:
        playing = [name for match in matches if match.round == round_number for name in match.seats]
        assert len(playing) == len(set(playing))


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("bots", range(4, 11))
@pytest.mark.parametrize("games", range(1, 9))
def test_multiplayer_round_robin_groups_are_seat_balanced(make_definition, players, bots, games):
    definition = make_definition("round-robin", bots, players=players, games=games)
    matches = next_matches(definition, {})
    groups = Counter(frozenset(match.seats) for match in matches)
    expected = {frozenset(group): games for group in combinations(definition.bot_names, players)}
    assert groups == expected
    meetings = Counter(
        frozenset(pair) for match in matches for pair in combinations(match.seats, 2)
    )
    assert len(set(meetings.values())) == 1
    for counts in seat_counts(matches).values():
        assert seat_spread(counts, players) <= 1
        if games % players == 0:
            assert seat_spread(counts, players) == 0
    check_cycles(matches, players)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bots", range(5, 10))
@pytest.mark.parametrize("games", range(1, 6))
def test_gauntlet_puts_the_champion_against_the_whole_field(make_definition, players, bots, games):
    definition = make_definition(
        "gauntlet", bots, players=players, games=games, options='[gauntlet]\nchampion = "b2"'
    )
    matches = next_matches(definition, {})
    assert all("b2" in match.seats for match in matches)
    field = [name for name in definition.bot_names if name != "b2"]
    groups = Counter(frozenset(match.seats) - {"b2"} for match in matches)
    assert groups == {frozenset(others): games for others in combinations(field, players - 1)}
    for counts in seat_counts(matches).values():
        assert seat_spread(counts, players) <= 1
        if games % players == 0:
            assert seat_spread(counts, players) == 0
    check_cycles(matches, players)


def test_schedule_is_deterministic_and_seeded_by_the_tournament_seed(make_definition):
    first = next_matches(make_definition("round-robin", 5, games=2, seed=10), {})
    again = next_matches(make_definition("round-robin", 5, games=2, seed=10), {})
    other = next_matches(make_definition("round-robin", 5, games=2, seed=11), {})
    assert first == again
    assert [match.key for match in first] == [match.key for match in other]
    assert {match.seed for match in first}.isdisjoint({match.seed for match in other})


def test_paired_games_replay_the_seed_with_seats_swapped(make_definition):
    matches = next_matches(make_definition("round-robin", 2, games=2), {})
    assert [match.key for match in matches] == ["rr/b0~b1/g0", "rr/b0~b1/g1"]
    assert matches[0].seed == matches[1].seed
    assert matches[0].seats == tuple(reversed(matches[1].seats))


def test_finished_matches_are_not_offered_again(make_definition):
    definition = make_definition("round-robin", 4, games=2)
    matches = next_matches(definition, {})
    finished = {match.key: (1, 2) for match in matches[:5]}
    assert next_matches(definition, finished) == matches[5:]
    assert next_matches(definition, {match.key: (1, 1) for match in matches}) == []


@given(
    data=st.data(),
    bots=st.integers(3, 14),
    seats=st.integers(2, 4),
    groups=st.integers(1, 40),
)
def test_extra_games_balance_seats_for_any_groups(data, bots, seats, groups):
    """De Werra's theorem in action: any groups, any leftover count, spread at most one."""
    if seats > bots:
        seats = bots
    drawn = [tuple(data.draw(st.permutations(range(bots)))[:seats]) for _ in range(groups)]
    extra = data.draw(st.integers(1, seats - 1))
    plans = extra_seat_orders(drawn, extra, bots)
    counts: dict[int, Counter[int]] = defaultdict(Counter)
    for group, orders in zip(drawn, plans, strict=True):
        assert len(orders) == extra
        for order in orders:
            assert sorted(order) == sorted(group)
            for seat, bot in enumerate(order):
                counts[bot][seat] += 1
    for bot_counts in counts.values():
        assert seat_spread(bot_counts, seats) <= 1
