"""A real king of the hill: random Pilfer bots as processes over gRPC through ``ruckus
tournament run``; ``tournament show`` shows the challenges, ``replay verify`` proves every log,
and a run stopped after its first challenge resumes with the same keys, seats and seeds."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from tournaments.cli import app
from tournaments.store import ResultStore
from typer.testing import CliRunner

from king_of_the_hill_helpers import hill_text

BOTS = ["alpha", "bravo", "charlie"]
HOLDER = '[king-of-the-hill]\nholder = "bravo"\n'


def ruckus(*args: object) -> str:
    """Run ``ruckus ARGS`` in-process; return its output (it must succeed)."""
    done = CliRunner().invoke(app, [str(arg) for arg in args], env={"COLUMNS": "100"})
    assert done.exit_code == 0, done.output
    return done.output


def played(tmp_path: Path) -> Path:
    """Run the tournament to its end; return the run folder."""
    source = tmp_path / "hill.toml"
    source.write_text(hill_text(BOTS, tables=HOLDER, head="concurrency = 2\n"))
    run = tmp_path / "run"
    output = ruckus("tournament", "run", source, "--run-dir", run, "--no-live")
    assert "played 4 matches" in output
    return run


def stored(run: Path) -> list[tuple[str, tuple[str, ...], int]]:
    """Return the key, seats and seed of every stored match, by key."""
    store = ResultStore.open(run)
    try:
        return sorted((row.key, row.seats, row.seed) for row in store.results())
    finally:
        store.close()


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played(tmp_path_factory.mktemp("hill"))


def test_the_holder_meets_each_challenger_in_turn(run: Path):
    matches = stored(run)
    assert [key.rsplit("/", 1)[0] for key, _, _ in matches][::2] == [
        "hill/c1/bravo~alpha",
        f"hill/c2/{matches[2][1][0]}~charlie",
    ]
    assert all(seats[0] != seats[1] for _, seats, _ in matches)
    assert matches[0][2] == matches[1][2] and matches[0][1] == matches[1][1][::-1]


def test_show_names_the_format_and_every_challenge(run: Path):
    output = ruckus("tournament", "show", run)
    assert "hill: pilfer king-of-the-hill, 4 matches" in output
    assert "challenge 1: bravo " in output and "challenge 2: " in output
    assert "king of the hill: " in output
    document = ruckus("tournament", "show", run, "--json")
    assert '"format": "king-of-the-hill"' in document and '"holder": "bravo"' in document


def test_replay_verify_proves_the_run(run: Path):
    output = ruckus("replay", "verify", run)
    assert output.count("OK") >= 4 and "FAILED" not in output


def test_a_run_stopped_after_its_first_challenge_resumes(tmp_path: Path):
    run = played(tmp_path)
    before = stored(run)
    with sqlite3.connect(run / "results.sqlite") as connection:  # stopped after challenge 1
        keys = [key for (key,) in connection.execute("SELECT key FROM matches")]
        connection.execute("DELETE FROM matches WHERE key LIKE 'hill/c2/%'")
    connection.close()
    for key in keys:
        if key.startswith("hill/c2/"):
            (run / "logs" / f"{key}.jsonl").unlink()
    assert len(stored(run)) == 2

    output = ruckus("tournament", "resume", run, "--no-live")
    assert "played 2 matches" in output
    assert stored(run) == before
    assert "FAILED" not in ruckus("replay", "verify", run)
