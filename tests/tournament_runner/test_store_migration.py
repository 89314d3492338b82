"""A results store written before decision times were summarised opens, migrated in place."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tournaments.standings import compute_standings
from tournaments.store import DATABASE, SCHEMA_VERSION, DecisionTimes, ResultStore

from .conftest import tournament_toml

VERSION_1 = """
CREATE TABLE run (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    definition_hash TEXT NOT NULL,
    definition_text TEXT NOT NULL,
    drawn_seed INTEGER,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE matches (
    key TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, round INTEGER NOT NULL,
    status TEXT NOT NULL, seats TEXT NOT NULL, seed INTEGER NOT NULL, log_path TEXT NOT NULL,
    ranks TEXT NOT NULL, scores TEXT NOT NULL, reason TEXT NOT NULL, faults TEXT NOT NULL,
    decision_ms TEXT NOT NULL, started_at TEXT NOT NULL, finished_at TEXT NOT NULL
);
"""
TIMES = {"rr/a~b/g0": [[1.5, 0.0, 2.5], [10.0]], "rr/a~b/g1": [[3.0], [0.25, 0.5]]}


def _version_1_store(run: Path) -> None:
    """Write a store as Ruckus did before: every decision time in a JSON list per seat."""
    text = tournament_toml(["a=random", "b=random"], games=2)
    created = ResultStore.create(run, text)
    digest = created.definition_hash()
    created.close()
    (run / DATABASE).unlink()
    with sqlite3.connect(run / DATABASE) as db:
        db.executescript(VERSION_1)
        db.execute("INSERT INTO run VALUES (1, ?, ?, NULL, 't')", (digest, text))
        for seq, (key, times) in enumerate(TIMES.items(), start=1):
            db.execute(
                "INSERT INTO matches VALUES (?, ?, 1, 'completed', '[\"a\", \"b\"]', 7, ?, "
                "'[1, 2]', '[3, 1]', 'end', '[{}, {}]', ?, 't0', 't1')",
                (key, seq, f"logs/{key}.jsonl", json.dumps(times)),
            )


def test_a_version_1_store_is_migrated_and_keeps_its_results(tmp_path):
    _version_1_store(tmp_path)
    store = ResultStore.open(tmp_path)
    results = store.results()
    store.close()
    assert [result.key for result in results] == list(TIMES)
    for result in results:
        expected = tuple(DecisionTimes.of(times) for times in TIMES[result.key])
        assert result.decision_times == expected
    assert results[0].decision_times[0].count == 3 and results[0].decision_times[0].zeros == 1
    with sqlite3.connect(tmp_path / DATABASE) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        columns = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
    assert "decision_ms" not in columns and "decision_times" in columns
    [a, b] = sorted(compute_standings(["a", "b"], results, {}), key=lambda row: row.name)
    assert (a.wins, b.losses) == (2, 2)
    assert a.median_decision_ms is not None and abs(a.median_decision_ms - 1.5) <= 0.015


def test_a_migrated_store_resumes_and_records_again(tmp_path):
    _version_1_store(tmp_path)
    ResultStore.open(tmp_path).close()
    store = ResultStore.open(tmp_path)  # the second open finds nothing left to migrate
    assert store.count() == 2
    assert store.finished_ranks() == {key: (1, 2) for key in TIMES}
    store.close()
