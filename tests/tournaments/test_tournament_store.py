"""The results store: WAL SQLite, one row per finished match, resumable, definition-checked."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from tournaments.definition import DefinitionError, parse_definition
from tournaments.store import DATABASE, DecisionTimes, MatchResult, ResultStore, StoreError

ROOT = Path(__file__).resolve().parents[2]


def result(key: str = "rr/a~b/g0", **changes: object) -> MatchResult:
    base = MatchResult(
        key=key,
        round=1,
        status="completed",
        seats=("a", "b"),
        seed=12345,
        log_path=f"logs/{key.replace('/', '_')}.jsonl",
        ranks=(1, 2),
        scores=(7, 3),
        reason="round cap",
        faults=({}, {"TIMEOUT": 1}),
        decision_times=(DecisionTimes.of((1.5, 2.5)), DecisionTimes.of((10.0,))),
        started_at="2026-01-01T00:00:00Z",
        finished_at="2026-01-01T00:00:09Z",
    )
    return replace(base, **changes)


def write_log(run: Path, entry: MatchResult) -> MatchResult:
    path = run / entry.log_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"result": true}\n')
    return entry


@pytest.fixture
def text(make_definition_text):
    return make_definition_text("round-robin", 3, games=2)


@pytest.fixture
def store(tmp_path, text):
    store = ResultStore.create(tmp_path, text)
    yield store
    store.close()


def test_a_result_round_trips_in_recorded_order(tmp_path, store):
    second = write_log(tmp_path, result("rr/a~b/g1", ranks=(1, 1)))
    first = write_log(tmp_path, result())
    store.record_result(second)
    store.record_result(first)
    assert store.results() == [second, first]
    assert store.is_done(first.key)
    assert not store.is_done("rr/a~b/g2")
    assert store.finished_ranks() == {second.key: (1, 1), first.key: (1, 2)}


def test_duplicates_are_refused(tmp_path, store):
    entry = write_log(tmp_path, result())
    store.record_result(entry)
    with pytest.raises(StoreError, match="already stored"):
        store.record_result(replace(entry, ranks=(2, 1)))
    assert store.results() == [entry]


def test_a_result_needs_its_log(store):
    with pytest.raises(StoreError, match="does not exist"):
        store.record_result(result())
    assert store.results() == []


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"ranks": (1,)}, "need 2 entries"),
        ({"faults": ({}, {"SLOW": 1})}, "unknown fault classes"),
        ({"status": "aborted"}, "status"),
    ],
)
def test_bad_results_are_refused(tmp_path, store, changes, message):
    entry = write_log(tmp_path, result(**changes))
    with pytest.raises(StoreError, match=message):
        store.record_result(entry)


def test_the_database_is_in_wal_mode(tmp_path, store):
    with sqlite3.connect(tmp_path / DATABASE) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_resume_keeps_results_and_refuses_a_changed_definition(
    tmp_path, store, text, make_definition_text
):
    entry = write_log(tmp_path, result())
    store.record_result(entry)
    store.close()
    resumed = ResultStore.resume(tmp_path, "# resumed\n" + text.replace("seed = 1", "seed   = 1"))
    assert resumed.results() == [entry]
    assert resumed.definition_text() == text
    assert resumed.definition().bot_names == ("b0", "b1", "b2")
    resumed.close()
    with pytest.raises(StoreError, match="different definition"):
        ResultStore.resume(tmp_path, make_definition_text("round-robin", 3, games=3))


def test_create_validates_the_definition(tmp_path, text):
    with pytest.raises(DefinitionError, match=r"^game: "):
        ResultStore.create(tmp_path, text.replace('game = "pilfer"', 'game = "go"'))
    assert not (tmp_path / DATABASE).exists()


def test_create_refuses_an_existing_run_and_open_a_missing_one(tmp_path, store, text):
    with pytest.raises(StoreError, match="already holds a run"):
        ResultStore.create(tmp_path, text)
    with pytest.raises(StoreError, match="holds no run"):
        ResultStore.open(tmp_path / "elsewhere")


def test_committed_results_survive_kill_9(tmp_path, text):
    ResultStore.create(tmp_path, text).close()
    script = textwrap.dedent(
        f"""
        import os, signal
        from pathlib import Path
        from tournaments.store import DecisionTimes, MatchResult, ResultStore
        run = Path({str(tmp_path)!r})
        store = ResultStore.open(run)
        for game in range(3):
            log = run / "logs" / f"g{{game}}.jsonl"
            log.parent.mkdir(exist_ok=True)
            log.write_text("done")
            store.record_result(MatchResult(
                f"rr/a~b/g{{game}}", 1, "completed", ("a", "b"), game, f"logs/g{{game}}.jsonl",
                (1, 2), (1, 0), "end", ({{}}, {{}}), (DecisionTimes.of((1.0,)),) * 2, "t0", "t1"))
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    process = subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=False)
    assert process.returncode == -9
    reopened = ResultStore.open(tmp_path)
    assert [entry.key for entry in reopened.results()] == [f"rr/a~b/g{game}" for game in range(3)]
    reopened.close()


def test_a_definition_without_a_seed_gets_a_secret_one_drawn_once_per_run(tmp_path, text):
    text = "\n".join(line for line in text.splitlines() if not line.startswith("seed ="))
    assert parse_definition(text).seed is None
    first = ResultStore.create(tmp_path / "a", text)
    second = ResultStore.create(tmp_path / "b", text)
    try:
        drawn = first.definition().seed
        assert drawn is not None and drawn != second.definition().seed
        assert drawn.bit_length() > 32  # far too many seeds for a bot to try them all
    finally:
        first.close()
        second.close()
    again = ResultStore.resume(tmp_path / "a", text)
    try:
        assert again.definition().seed == drawn
    finally:
        again.close()
