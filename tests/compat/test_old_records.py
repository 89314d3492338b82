"""Logs and run folders written before the typed match header still verify, replay and show."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.match.header import LINE_FIELDS
from referee.matchlog import read_log, verify
from referee.matchlog.reader import log_text
from tournaments.cli import app
from tournaments.definition import definition_hash
from tournaments.replay.timeline import load_timeline
from tournaments.store import ResultStore

DATA = Path(__file__).parent / "data"
LOGS = sorted((DATA / "logs").iterdir())
WABBIT_KEY = b"k" * 32


@pytest.mark.parametrize("path", LOGS, ids=[path.name for path in LOGS])
def test_an_old_log_verifies_and_replays_to_its_end(path: Path):
    key = WABBIT_KEY if path.name.startswith("wabbit") else None
    report = verify(path, key)
    assert report.ok, report.problems
    timeline = load_timeline(path)
    assert timeline.complete and len(timeline.frames) == report.decisions + 1


def test_an_old_header_reads_back_as_it_was_written():
    for path in LOGS:
        header = read_log(path).header
        first = json.loads(log_text(path).splitlines()[0])
        assert header is not None
        assert header.to_json() == {k: v for k, v in first.items() if k not in LINE_FIELDS}
    fork = read_log(DATA / "logs" / "pilfer-margin-at20.jsonl").header
    assert fork is not None and fork.fork is not None and fork.fork.at == 20
    clocked = read_log(DATA / "logs" / "wabbit-seat-clocks.jsonl.gz").header
    assert clocked is not None
    assert [own.bank_ms for own in clocked.each_seat_clocks()] == [600_000, 500_000, 600_000]


def _copy_run(tmp_path: Path, name: str) -> Path:
    shutil.copy(DATA / "runs" / f"{name}.toml", tmp_path / f"{name}.toml")
    run = tmp_path / "runs" / name
    shutil.copytree(DATA / "runs" / name, run)
    run.chmod(0o700)
    (run / "log.key").chmod(0o600)
    return run


@pytest.mark.parametrize("name", ["rr", "ko"])
def test_an_old_run_folder_verifies_and_shows(tmp_path: Path, name: str):
    run = _copy_run(tmp_path, name)
    runner = CliRunner()
    verified = runner.invoke(app, ["replay", "verify", str(run)])
    assert verified.exit_code == 0, verified.output
    assert verified.output.count("OK ") >= 4 and "FAILED" not in verified.output
    shown = runner.invoke(app, ["tournament", "show", str(run)])
    assert shown.exit_code == 0, shown.output
    assert "greedy" in shown.output


@pytest.mark.parametrize("name", ["rr", "ko"])
def test_an_old_run_keeps_its_definition_hash(tmp_path: Path, name: str):
    store = ResultStore.open(_copy_run(tmp_path, name))
    try:
        assert definition_hash(store.definition()) == store.definition_hash()
    finally:
        store.close()
