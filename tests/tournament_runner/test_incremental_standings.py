"""Standings kept as results arrive equal a full recompute from the store, match after match,
in any finishing order, and after a resume (the joint ratings as of their last refit)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import BotStanding, StandingsTracker, compute_standings
from tournaments.store import FAULT_CLASSES, DecisionTimes, MatchResult, ResultStore

from .conftest import tournament_toml

BOTS = ("a", "b", "c", "d")


def _result(rng: random.Random, number: int) -> MatchResult:
    """A random 2-4 seat result with ties, faults and decision times."""
    seats = tuple(rng.sample(BOTS, rng.randint(2, 4)))
    places = [rng.randint(1, len(seats)) for _ in seats]
    ranks = tuple(1 + sum(other < place for other in places) for place in places)
    faults = tuple(
        {rng.choice(FAULT_CLASSES): rng.randint(1, 3)} if rng.random() < 0.2 else {} for _ in seats
    )
    times = tuple(
        DecisionTimes.of(round(rng.expovariate(1.0), 3) for _ in range(rng.randint(0, 6)))
        for _ in seats
    )
    return MatchResult(
        key=f"m/{number:03d}",
        round=rng.randint(1, 5),
        status="completed",
        seats=seats,
        seed=number,
        log_path="logs/match.jsonl",
        ranks=ranks,
        scores=tuple(0 for _ in seats),
        reason="end",
        faults=faults,
        decision_times=times,
        started_at="t0",
        finished_at="t1",
    )


def _as_of(tracker: StandingsTracker, results: list[MatchResult]) -> list[BotStanding]:
    """The full recompute, with the ratings of the results the tracker last refitted on."""
    if tracker.rated == len(results):
        return compute_standings(BOTS, results, {})
    rated = {row.name: row.elo for row in compute_standings(BOTS, results[: tracker.rated], {})}
    return [replace(row, elo=rated[row.name]) for row in compute_standings(BOTS, results, {})]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), length=st.integers(1, 40), resume_at=st.integers(0, 40))
def test_incremental_standings_equal_a_full_recompute_after_every_match(seed, length, resume_at):
    rng = random.Random(seed)
    arrivals = [_result(rng, number) for number in range(length)]
    rng.shuffle(arrivals)  # finishing order is not schedule order
    tracker = StandingsTracker(BOTS)
    for count, result in enumerate(arrivals, start=1):
        if count - 1 == resume_at:  # a resume rebuilds the standings from what is stored
            tracker = StandingsTracker(BOTS, arrivals[: count - 1])
        tracker.add(result)
        standings = tracker.standings({})
        assert standings == _as_of(tracker, arrivals[:count])
        assert tracker.rated == count or count - tracker.rated < max(1, tracker.rated // 10)


def test_a_resumed_store_gives_the_standings_of_one_uninterrupted_serial_run(tmp_path):
    rng = random.Random(7)
    results = [_result(rng, number) for number in range(40)]
    serial = sorted(results, key=lambda result: (result.round, result.key))
    text = tournament_toml([f"{name}=random" for name in BOTS])
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "match.jsonl").write_text("done")
    store = ResultStore.create(tmp_path, text)
    tracker = StandingsTracker(BOTS)
    for result in results[:25]:  # finishing order, then the run is killed
        store.record_result(result)
        tracker.add(result)
    store.close()
    resumed = ResultStore.open(tmp_path)
    tracker = StandingsTracker(BOTS, resumed.results())
    for result in results[25:]:
        resumed.record_result(result)
        tracker.add(result)
    stored = resumed.results()
    resumed.close()
    expected = StandingsTracker(BOTS, serial).standings({})
    assert tracker.standings({}) == _as_of(tracker, stored)
    by_name = {row.name: row for row in expected}
    for row in tracker.standings({}):
        serial_row = by_name[row.name]
        assert row.skill == serial_row.skill  # OpenSkill exactly as if played serially
        assert (row.wins, row.draws, row.losses) == (
            serial_row.wins,
            serial_row.draws,
            serial_row.losses,
        )
        assert row.points == pytest.approx(serial_row.points)  # sums of thirds, in another order
