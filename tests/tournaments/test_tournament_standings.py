"""Standings from stored results: rank points, W/D/L, score %, joint Elo, OpenSkill, Swiss
tiebreaks, faults, latency."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tournaments.ratings import openskill_ratings
from tournaments.standings import (
    StandingsOptions,
    compute_standings,
    rank_points,
    standings_from_store,
)
from tournaments.stats import buchholz, joint_ratings, sonneborn_berger
from tournaments.store import FAULT_CLASSES, DecisionTimes, MatchResult, ResultStore

TEMPLATE = MatchResult(
    key="",
    round=1,
    status="completed",
    seats=(),
    seed=1,
    log_path="logs/match.jsonl",
    ranks=(),
    scores=(),
    reason="end",
    faults=(),
    decision_times=(),
    started_at="t0",
    finished_at="t1",
)


def match(key, seats, ranks, faults=None, decision_ms=None) -> MatchResult:
    return replace(
        TEMPLATE,
        key=key,
        seats=tuple(seats),
        ranks=tuple(ranks),
        scores=tuple(0 for _ in seats),
        faults=tuple(faults or [{} for _ in seats]),
        decision_times=tuple(
            DecisionTimes.of(times) for times in decision_ms or [() for _ in seats]
        ),
    )


@pytest.mark.parametrize(
    ("ranks", "points"),
    [
        ((1, 2), [1.0, 0.0]),
        ((1, 1), [0.5, 0.5]),
        ((2, 1, 3), [0.5, 1.0, 0.0]),
        ((1, 1, 3), [0.75, 0.75, 0.0]),
        ((1, 2, 2), [1.0, 0.25, 0.25]),
        ((1, 1, 1), [0.5, 0.5, 0.5]),
        ((4, 1, 2, 3), [0.0, 1.0, 2 / 3, 1 / 3]),
        ((1, 2, 2, 4), [1.0, 0.5, 0.5, 0.0]),
    ],
)
def test_rank_points(ranks, points):
    assert rank_points(ranks) == pytest.approx(points)


RESULTS = [
    match("g0", ("a", "b"), (1, 2), decision_ms=[(1.0, 3.0), (4.0,)]),
    match("g1", ("b", "a"), (1, 1), faults=[{"TIMEOUT": 2}, {}], decision_ms=[(6.0,), (2.0,)]),
    match("g2", ("a", "c"), (2, 1), faults=[{"CRASHED": 1}, {}]),
    match("g3", ("c", "b"), (1, 2)),
]


def test_two_player_standings_by_hand():
    rows = {row.name: row for row in compute_standings(["a", "b", "c"], RESULTS, {})}
    a, b, c = rows["a"], rows["b"], rows["c"]
    assert (a.games, a.wins, a.draws, a.losses, a.points) == (3, 1, 1, 1, 1.5)
    assert (b.games, b.wins, b.draws, b.losses, b.points) == (3, 0, 1, 2, 0.5)
    assert (c.games, c.wins, c.draws, c.losses, c.points) == (2, 2, 0, 0, 2.0)
    assert a.score_pct == pytest.approx(50.0)
    assert c.score_pct == 100.0
    assert [a.elo, b.elo, c.elo] == list(joint_ratings("abc", RESULTS, resamples=0).ratings)
    assert c.elo.elo is not None and a.elo.elo is not None and c.elo.elo > a.elo.elo
    assert a.elo.lower is None  # no interval without bootstrap resamples
    assert a.median_decision_ms == pytest.approx(2.0, rel=0.01)  # median of 1, 3, 2
    assert b.median_decision_ms == pytest.approx(4.0, rel=0.01)  # lower median of 4, 6
    assert c.median_decision_ms is None
    assert b.faults == {**dict.fromkeys(FAULT_CLASSES, 0), "TIMEOUT": 2}
    assert a.faults["CRASHED"] == 1
    skills = openskill_ratings(["a", "b", "c"], [(r.seats, r.ranks) for r in RESULTS])
    assert a.skill == skills["a"]


def test_standings_are_sorted_by_points_then_skill_then_name():
    rows = compute_standings(["a", "b", "c"], RESULTS, {})
    assert [row.name for row in rows] == ["c", "a", "b"]
    assert [row.name for row in compute_standings(["z", "y"], [], {})] == ["y", "z"]


def test_byes_add_a_point_but_no_game():
    rows = {row.name: row for row in compute_standings(["a", "b", "c"], RESULTS, {"b": 1})}
    assert (rows["b"].points, rows["b"].games, rows["b"].byes) == (1.5, 3, 1)
    assert rows["b"].score_pct == pytest.approx(100 / 6)


def test_multiplayer_results_have_the_plackett_luce_rating_and_openskill():
    results = [
        match("m0", ("a", "b", "c"), (1, 2, 3)),
        match("m1", ("b", "c", "a"), (1, 1, 3)),
    ]
    rows = {row.name: row for row in compute_standings(["a", "b", "c"], results, {})}
    assert [rows[name].elo for name in "abc"] == list(
        joint_ratings("abc", results, resamples=0).ratings
    )
    assert rows["b"].elo.elo is not None and rows["a"].elo.elo is not None
    assert rows["b"].elo.elo > rows["a"].elo.elo
    assert (rows["a"].wins, rows["a"].losses, rows["a"].points) == (1, 1, 1.0)
    assert (rows["b"].draws, rows["b"].points) == (1, 1.25)
    assert rows["c"].skill.mu != 25.0


def test_standings_come_from_the_store(tmp_path, make_definition_text):
    store = ResultStore.create(tmp_path, make_definition_text("round-robin", 3))
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "match.jsonl").write_text("done")
    for result in RESULTS:
        store.record_result(result)
    assert standings_from_store(store, ["a", "b", "c"]) == compute_standings(
        ["a", "b", "c"], RESULTS, {}
    )
    store.close()


def test_ratings_anchor_and_bootstrap_intervals_come_from_the_options():
    options = StandingsOptions(anchor="b", resamples=30)
    rows = {row.name: row for row in compute_standings(["a", "b", "c"], RESULTS, {}, options)}
    assert rows["b"].elo.elo == 0.0
    for row in rows.values():
        assert row.elo.lower is not None and row.elo.upper is not None
        assert row.elo.lower <= (row.elo.elo or 0.0) <= row.elo.upper


def test_swiss_standings_break_ties_by_buchholz_then_sonneborn_berger():
    # a and b both score 1.5: b beat c (who then beat d), a beat d; Buchholz puts b first.
    results = [
        replace(match("r1a", ("b", "c"), (1, 2)), round=1),
        replace(match("r1b", ("a", "d"), (1, 2)), round=1),
        replace(match("r2a", ("c", "d"), (1, 2)), round=2),
        replace(match("r2b", ("b", "a"), (1, 1)), round=2),
    ]
    options = StandingsOptions(tiebreaks=True)
    rows = compute_standings(["a", "b", "c", "d"], results, {}, options)
    points = {row.name: row.points for row in rows}
    assert points == {"a": 1.5, "b": 1.5, "c": 1.0, "d": 0.0}
    assert [row.name for row in rows] == ["b", "a", "c", "d"]
    by_name = {row.name: row for row in rows}
    assert by_name["b"].buchholz == buchholz(points, results)["b"] == 2.5  # c 1 + a 1.5
    assert by_name["a"].buchholz == 1.5  # d 0 + b 1.5
    assert by_name["b"].sonneborn_berger == sonneborn_berger(points, results)["b"] == 1.75
    without = compute_standings(["a", "b", "c", "d"], results, {})
    assert without[0].buchholz is None
