"""Interrupting the runner (``kill -9``, Ctrl-C) then ``resume``: every match once, none left."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import uuid

from interruptible import with_default_sigint

from referee.matchlog import verify
from tournaments.definition import parse_definition
from tournaments.runner import RunFolder, resume_run, start_run
from tournaments.schedule import next_matches
from tournaments.store import ResultStore

from .conftest import (
    Recorder,
    marked_bots,
    processes_with_marker,
    recorded_count,
    tournament_toml,
    wait_for,
)

CLI = "from tournaments.cli import app; app()"


def test_kill_9_mid_run_then_resume_completes_without_duplicates(tmp_path):
    marker = uuid.uuid4().hex
    text = tournament_toml(marked_bots(["a", "b", "c"], marker), games=4)
    source = tmp_path / "tournament.toml"
    source.write_text(text)
    run_dir = tmp_path / "run"
    env = {**os.environ, "RUCKUS_TEST_MARKER": marker}
    command = [sys.executable, "-c", CLI, "tournament", "run", str(source)]
    command += ["--run-dir", str(run_dir), "--concurrency", "2", "--no-live"]
    runner = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        assert wait_for(lambda: recorded_count(run_dir / "results.sqlite") >= 3, 60.0)
        assert len(processes_with_marker(marker)) >= 5  # runner, 3 bots, workers
    finally:
        runner.send_signal(signal.SIGKILL)
        runner.wait(timeout=10)
    assert wait_for(lambda: not processes_with_marker(marker), 10.0), "processes left behind"
    killed_at = recorded_count(run_dir / "results.sqlite")
    total = len(next_matches(parse_definition(text), {}))
    assert 3 <= killed_at < total

    recorder = Recorder()
    summary = resume_run(run_dir, None, 2, recorder)

    # A match whose log was complete when the runner died is recorded from it first.
    adopted = sum("recorded from its complete log" in notice for notice in recorder.notices)
    assert recorder.contexts[0].recorded == killed_at + adopted
    assert summary.played + adopted == total - killed_at
    store = ResultStore.open(run_dir)
    results = store.results()
    store.close()
    keys = [result.key for result in results]
    assert len(keys) == len(set(keys)) == total
    assert set(keys) == {match.key for match in next_matches(parse_definition(text), {})}
    assert RunFolder(run_dir).logged_keys() == sorted(keys)
    for result in results:
        assert verify(run_dir / result.log_path).ok, result.key


def test_ctrl_c_stops_every_process_and_the_run_resumes(tmp_path):
    marker = uuid.uuid4().hex
    text = tournament_toml(marked_bots(["a", "b", "c"], marker), games=4)
    source = tmp_path / "tournament.toml"
    source.write_text(text)
    run_dir = tmp_path / "run"
    env = {**os.environ, "RUCKUS_TEST_MARKER": marker}
    command = [sys.executable, "-c", CLI, "tournament", "run", str(source)]
    command += ["--run-dir", str(run_dir), "--concurrency", "2", "--no-live"]
    runner = subprocess.Popen(
        with_default_sigint(command),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        assert wait_for(lambda: recorded_count(run_dir / "results.sqlite") >= 2, 60.0)
        os.killpg(runner.pid, signal.SIGINT)  # what a terminal sends its foreground group
        _, stderr = runner.communicate(timeout=30)
    finally:
        if runner.poll() is None:
            runner.kill()
    assert runner.returncode == 130
    assert b"ruckus tournament resume" in stderr
    assert wait_for(lambda: not processes_with_marker(marker), 5.0), "processes left behind"

    summary = resume_run(run_dir, None, 2, Recorder())
    assert summary.recorded == len(next_matches(parse_definition(text), {}))


def test_resume_records_a_complete_log_that_never_reached_the_store(tmp_path):
    text = tournament_toml(["a=random", "b=random"], games=2)
    source = tmp_path / "tournament.toml"
    source.write_text(text)
    run_dir = tmp_path / "run"
    start_run(source, run_dir, 1, Recorder())
    with sqlite3.connect(run_dir / "results.sqlite") as connection:  # died before the commit
        [key] = connection.execute("SELECT key FROM matches ORDER BY seq DESC LIMIT 1").fetchone()
        connection.execute("DELETE FROM matches WHERE key = ?", (key,))
    connection.close()

    recorder = Recorder()
    summary = resume_run(run_dir, None, 1, recorder)

    assert (summary.played, summary.recorded) == (0, 2)
    assert recorder.notices[0] == f"match {key} recorded from its complete log"
    assert recorder.notices[1].startswith("sandbox: ")  # then the bots start
    assert RunFolder(run_dir).logged_keys() == sorted(["rr/a~b/g0", "rr/a~b/g1"])
