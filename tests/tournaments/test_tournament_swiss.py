"""Swiss: Dutch pairing by score, no repeated pairing while one can be avoided, fair byes."""

from __future__ import annotations

import random
from collections import Counter, defaultdict

from hypothesis import given
from hypothesis import strategies as st

from tournaments.formats.swiss import swiss_byes
from tournaments.schedule import next_matches
from tournaments.schedule.match import Match


def play_out(definition, outcome, pick) -> tuple[dict[str, tuple[int, ...]], list[Match]]:
    finished: dict[str, tuple[int, ...]] = {}
    played: list[Match] = []
    while batch := next_matches(definition, finished):
        assert len({match.round for match in batch}) == 1
        for match in pick(batch):
            finished[match.key] = outcome(match)
            played.append(match)
    return finished, played


def pairs_of_round(batch: list[Match]) -> set[frozenset[str]]:
    return {frozenset(match.seats) for match in batch}


def can_pair(players: list[str], allowed) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        allowed(first, other) and can_pair([name for name in rest if name != other], allowed)
        for other in rest
    )


def some_bye_can_pair(names, had_bye, allowed) -> bool:
    candidates = [name for name in names if name not in had_bye] if len(names) % 2 else [None]
    return any(can_pair([n for n in names if n != bye], allowed) for bye in candidates)


def test_round_one_pairs_top_half_against_bottom_half(make_definition):
    definition = make_definition("swiss", 8)
    expected = {frozenset((f"b{i}", f"b{i + 4}")) for i in range(4)}
    assert pairs_of_round(next_matches(definition, {})) == expected


def test_round_two_pairs_within_score_groups(make_definition):
    definition = make_definition("swiss", 8, games=1)
    first = next_matches(definition, {})
    finished = {
        match.key: (1, 2) if match.seats[0] in {"b0", "b1", "b2", "b3"} else (2, 1)
        for match in first
    }
    second = next_matches(definition, finished)
    assert {match.round for match in second} == {2}
    assert pairs_of_round(second) == {
        frozenset(pair) for pair in (("b0", "b2"), ("b1", "b3"), ("b4", "b6"), ("b5", "b7"))
    }


def test_odd_field_gives_the_bye_to_the_lowest_ranked(make_definition):
    definition = make_definition("swiss", 5, options="[swiss]\nrounds = 2")
    first = next_matches(definition, {})
    assert "b4" not in {name for match in first for name in match.seats}
    assert swiss_byes(definition, {}) == {"b4": 1}
    finished = {match.key: (1, 1) for match in first}
    second = next_matches(definition, finished)
    assert "b4" in {name for match in second for name in match.seats}
    assert swiss_byes(definition, finished) == {"b4": 1, "b3": 1}


def test_games_per_pairing_replay_the_seed_with_seats_swapped(make_definition):
    batch = next_matches(make_definition("swiss", 2, games=2), {})
    assert [match.key for match in batch] == ["swiss/r1/b0~b1/g0", "swiss/r1/b0~b1/g1"]
    assert batch[0].seed == batch[1].seed
    assert batch[0].seats == tuple(reversed(batch[1].seats))


@given(
    bots=st.integers(2, 12),
    rounds=st.integers(1, 11),
    games=st.integers(1, 3),
    salt=st.integers(0, 10_000),
)
def test_swiss_property(make_definition, fake_ranks, bots, rounds, games, salt):
    rounds = min(rounds, bots - 1)
    definition = make_definition("swiss", bots, games=games, options=f"[swiss]\nrounds = {rounds}")
    outcome = lambda match: fake_ranks(match.key, salt)  # noqa: E731
    chooser = random.Random(salt)
    finished, played = play_out(definition, outcome, lambda batch: batch)
    in_parts, _ = play_out(
        definition, outcome, lambda batch: chooser.sample(batch, chooser.randint(1, len(batch)))
    )
    assert in_parts == finished

    names = list(definition.bot_names)
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    balance: dict[str, int] = defaultdict(int)

    def new(a, b):
        return frozenset((a, b)) not in met

    def new_and_seat_safe(a, b):
        return new(a, b) and not (
            min(balance[a], balance[b]) >= 2 or max(balance[a], balance[b]) <= -2
        )

    for round_number in range(1, rounds + 1):
        batch = [match for match in played if match.round == round_number]
        pairs = pairs_of_round(batch)
        playing = [name for pair in pairs for name in pair]
        assert len(playing) == len(set(playing)) == bots - bots % 2
        assert all(Counter(frozenset(m.seats) for m in batch)[pair] == games for pair in pairs)
        bye = set(names) - set(playing)
        assert not bye & had_bye
        if pairs & met:
            assert not some_bye_can_pair(names, had_bye, new), "an avoidable repeat"
        if not all(new_and_seat_safe(*pair) for pair in pairs):
            assert not some_bye_can_pair(names, had_bye, new_and_seat_safe)
        met |= pairs
        had_bye |= bye
        for match in batch:
            balance[match.seats[0]] += 1
            balance[match.seats[1]] -= 1
        if games % 2 == 0:
            assert all(value == 0 for value in balance.values())
