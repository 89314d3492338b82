"""End-to-end tournaments with real bot processes on 127.0.0.1: results, logs, cleanup."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.matchlog import verify
from referee.transport.process import free_port
from tournaments.definition import parse_definition
from tournaments.runner import RunFolder, RunnerError, resume_run, run_tournament, start_run
from tournaments.schedule import planned_matches
from tournaments.standings import standings_from_store
from tournaments.store import ResultStore

from .conftest import Recorder, crashy_command, live_children, tournament_toml


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tournament.toml"
    path.write_text(text)
    return path


def _stored(run_dir: Path) -> list:
    store = ResultStore.open(run_dir)
    try:
        return store.results()
    finally:
        store.close()


@pytest.mark.parametrize("game", ["pilfer", "wabbit"])
def test_round_robin_of_real_bots_records_every_match_with_a_sound_log(tmp_path, game):
    children_before = set(live_children(os.getpid()))
    text = tournament_toml(
        ["a=random", "b=random", "c=cmd:python -m sample_bots." + game + "_random"],
        game=game,
        games=2,
    )
    recorder = Recorder()
    summary = start_run(_write(tmp_path, text), tmp_path / "run", 2, recorder)

    planned = planned_matches(parse_definition(text))
    assert planned == 6
    assert summary.played == summary.recorded == planned
    results = _stored(tmp_path / "run")
    assert [result.key for result in results] == [result.key for result in recorder.results]
    assert len({result.key for result in results}) == planned
    for result in results:
        assert result.status == "completed"
        assert sorted(result.ranks)[0] == 1
        assert all(times.count > 0 for times in result.decision_times)
        assert verify(tmp_path / "run" / result.log_path).ok
    assert RunFolder(tmp_path / "run").logged_keys() == sorted(r.key for r in results)
    assert set(live_children(os.getpid())) <= children_before


def test_standings_come_from_the_store_of_a_real_run(tmp_path):
    text = tournament_toml(["a=random", "b=random"], games=2)
    start_run(_write(tmp_path, text), tmp_path / "run", 1, Recorder())
    store = ResultStore.open(tmp_path / "run")
    standings = standings_from_store(store, ["a", "b"])
    store.close()
    assert sum(row.games for row in standings) == 4
    assert sum(row.points for row in standings) == pytest.approx(2.0)


def test_a_bot_that_never_starts_is_quarantined_and_forfeits_with_keep_going(tmp_path):
    broken = "broken=cmd:python -c 'raise SystemExit(3)'"
    text = tournament_toml(["a=random", "b=random", broken])
    recorder = Recorder()
    start_run(_write(tmp_path, text), tmp_path / "run", 2, recorder, keep_going=True)

    assert any("quarantined" in notice for notice in recorder.notices)
    results = _stored(tmp_path / "run")
    assert len(results) == 3
    for result in results:
        if "broken" in result.seats:
            seat = result.seats.index("broken")
            assert result.status == "forfeit"
            assert result.ranks[seat] == 2
            assert result.faults[seat] == {"STARTUP_FAILED": 1}  # it never listened
        else:
            assert result.status == "completed"


def test_a_bot_that_crashes_mid_match_is_restarted_then_quarantined(tmp_path):
    text = tournament_toml(["a=random", "crashy=" + crashy_command(after=4)], games=8)
    recorder = Recorder()
    start_run(_write(tmp_path, text), tmp_path / "run", 1, recorder)

    assert any("restarting" in notice for notice in recorder.notices)
    results = _stored(tmp_path / "run")
    assert len(results) == 8
    for result in results:
        seat = result.seats.index("crashy")
        assert result.status == "forfeit"
        assert result.ranks[seat] == 2
        assert sum(result.faults[seat].values()) == 1
    assert any("quarantined" in notice for notice in recorder.notices)
    assert (tmp_path / "run" / "bots" / "crashy.2.log").is_file()


def test_resume_of_a_finished_run_plays_nothing(tmp_path):
    text = tournament_toml(["a=random", "b=random"])
    source = _write(tmp_path, text)
    start_run(source, tmp_path / "run", 1, Recorder())
    summary = resume_run(tmp_path / "run", None, 1, Recorder())
    assert (summary.played, summary.recorded) == (0, 1)


def test_a_match_that_keeps_failing_for_a_harness_reason_stops_the_run(tmp_path):
    children_before = set(live_children(os.getpid()))
    text = tournament_toml(["a=random", "b=random"])
    store = ResultStore.create(tmp_path / "run", text)
    folder = RunFolder(tmp_path / "run")
    folder.create()
    (tmp_path / "run" / "logs").write_text("a file where the log folder should be")
    recorder = Recorder()
    try:
        with pytest.raises(RunnerError, match="rr/a~b/g0 failed 3 times"):
            run_tournament(folder, store, 1, recorder)
        assert store.results() == []
    finally:
        store.close()
    assert sum("playing it again" in notice for notice in recorder.notices) == 2
    assert set(live_children(os.getpid())) <= children_before


def test_a_remote_bot_that_does_not_answer_forfeits_its_matches_with_keep_going(tmp_path):
    text = tournament_toml(["a=random"]).replace(
        "]\n", f', {{ name = "remote", address = "grpc://127.0.0.1:{free_port()}" }}]\n'
    )
    recorder = Recorder()
    start_run(_write(tmp_path, text), tmp_path / "run", 1, recorder, keep_going=True)
    assert any(
        notice.startswith("preflight: bot remote: does not answer Describe")
        for notice in recorder.notices
    )
    [result] = _stored(tmp_path / "run")
    seat = result.seats.index("remote")
    assert result.status == "forfeit"
    assert result.faults[seat] == {"STARTUP_FAILED": 1}


def test_strikes_policy_forfeits_at_the_configured_fault_count(tmp_path):
    text = tournament_toml(
        ["a=random", "crashy=" + crashy_command(after=4)],
        extra='[faults]\npolicy = "strikes"\nstrikes = 3\n',
    )
    start_run(_write(tmp_path, text), tmp_path / "run", 1, Recorder())
    [result] = _stored(tmp_path / "run")
    seat = result.seats.index("crashy")
    assert result.status == "forfeit"
    assert sum(result.faults[seat].values()) == 3
