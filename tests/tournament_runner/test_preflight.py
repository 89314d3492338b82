"""Preflight: real bots over real gRPC are asked once, before the first match, whether they are
ready; a run with a bot that is not stops before any match, unless it is told to keep going."""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.transport.process import free_port
from tournaments.runner import resume_run, start_run
from tournaments.runner.preflight import PreflightError, PreflightProblem
from tournaments.store import ResultStore

from .conftest import HERE, Recorder, recorded_count, tournament_toml

ONE_GAME_BOT = HERE / "one_game_bot.py"


@pytest.fixture
def readable_dir() -> Iterator[Path]:
    """A folder every uid may read: a sandboxed bot runs under a uid of its own."""
    folder = Path(tempfile.mkdtemp(prefix="ruckus-preflight-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


def _one_game(game: str, *options: str) -> str:
    return f"cmd:{sys.executable} {ONE_GAME_BOT} {game} {' '.join(options)}".rstrip()


def _with_remote(text: str, name: str, port: int) -> str:
    return text.replace("]\n", f', {{ name = "{name}", address = "grpc://127.0.0.1:{port}" }}]\n')


def _stopped(tmp_path: Path, text: str) -> tuple[Path, list[PreflightProblem], Recorder]:
    """Start a run of ``text`` that preflight stops; return its folder, problems and observer."""
    source = tmp_path / "tournament.toml"
    source.write_text(text)
    run = tmp_path / "run"
    recorder = Recorder()
    with pytest.raises(PreflightError) as stopped:
        start_run(source, run, 1, recorder)
    assert recorder.contexts == [] and recorder.results == []
    assert recorded_count(run / "results.sqlite") == 0
    assert not (run / "logs").exists() or not any((run / "logs").rglob("*.jsonl"))
    return run, list(stopped.value.problems), recorder


def _statuses(run: Path) -> list[tuple[str, tuple[dict[str, int], ...]]]:
    store = ResultStore.open(run)
    try:
        return [(result.status, result.faults) for result in store.results()]
    finally:
        store.close()


def test_a_command_that_does_not_exist_stops_the_run_and_keep_going_forfeits(tmp_path):
    text = tournament_toml(["ghost=cmd:no-such-bot-program --fast", "a=random"])
    run, problems, _ = _stopped(tmp_path, text)
    [problem] = problems
    assert problem.bot == "ghost"
    assert problem.reason.startswith("did not start (4 tries): exited with code 127")
    assert f"({run / 'bots' / 'ghost.4.log'})" in problem.reason
    assert "no-such-bot-program" in problem.reason.split("|", 1)[1]
    assert "\n" not in problem.line()

    recorder = Recorder()
    summary = resume_run(run, None, 1, recorder, keep_going=True)
    assert summary.played == 1
    [notice] = [notice for notice in recorder.notices if notice.startswith("preflight:")]
    assert notice.startswith("preflight: bot ghost: did not start (4 tries)")
    assert notice.endswith("; its matches will be forfeits")
    [(status, faults)] = _statuses(run)
    assert status == "forfeit" and {"STARTUP_FAILED": 1} in faults


def test_a_python_bot_with_a_syntax_error_is_named_with_its_error(tmp_path, readable_dir):
    broken = readable_dir / "broken_bot.py"
    broken.write_text("import ruckus\n\ndef choose(self, observation:\n    return 0\n")
    text = tournament_toml([f"broken=cmd:python {broken}", "a=random"])
    run, [problem], _ = _stopped(tmp_path, text)
    assert problem.bot == "broken"
    assert "exited with code 1 before listening" in problem.reason
    assert f"({run / 'bots' / 'broken.4.log'})" in problem.reason
    assert problem.reason.endswith("| SyntaxError: '(' was never closed")


def test_a_bot_that_plays_only_another_game_is_named(tmp_path):
    text = tournament_toml(["wabbity=" + _one_game("wabbit"), "pilfery=" + _one_game("pilfer")])
    _, problems, _ = _stopped(tmp_path, text)
    assert problems == [
        PreflightProblem("wabbity", "its Describe says it plays wabbit, not pilfer (BotInfo.games)")
    ]


def test_a_remote_address_where_nothing_listens_fails_at_once(tmp_path):
    port = free_port()
    text = _with_remote(tournament_toml(["a=random"]), "far", port)
    began = time.monotonic()
    _, [problem], _ = _stopped(tmp_path, text)
    assert time.monotonic() - began < 10.0  # not the 15 s of startup_ms
    assert problem.bot == "far"
    assert problem.reason.startswith(f"does not answer Describe at 127.0.0.1:{port}: UNAVAILABLE")
    assert "connection refused" in problem.reason.lower()


def test_a_healthy_run_says_its_bots_are_ready_and_plays_as_before(tmp_path):
    source = tmp_path / "tournament.toml"
    source.write_text(tournament_toml(["a=random", "b=random", "c=greedy"]))
    recorder = Recorder()
    summary = start_run(source, tmp_path / "run", 2, recorder)
    assert summary.played == 3
    assert [n for n in recorder.notices if "preflight" in n] == ["preflight: 3 bots ready"]
    assert [status for status, _ in _statuses(tmp_path / "run")] == ["completed"] * 3


def test_a_bot_slow_to_listen_and_to_describe_is_ready_within_startup_ms(tmp_path):
    slow = _one_game("pilfer", "--listen-after", "0.5", "--describe-after", "1.2")
    source = tmp_path / "tournament.toml"
    source.write_text(tournament_toml(["slow=" + slow, "a=random"]))
    recorder = Recorder()
    summary = start_run(source, tmp_path / "run", 1, recorder)
    assert "preflight: 2 bots ready" in recorder.notices
    assert summary.played == 1


def test_a_bot_that_does_not_describe_itself_within_startup_ms_fails(tmp_path):
    mute = _one_game("pilfer", "--describe-after", "10")
    text = tournament_toml(["mute=" + mute, "a=random"], extra="[clocks]\nstartup_ms = 3000\n")
    _, [problem], _ = _stopped(tmp_path, text)
    assert problem.bot == "mute"
    assert problem.reason.startswith("no answer to Describe at ")
    assert "within 3 s: DEADLINE_EXCEEDED" in problem.reason


def test_a_bot_that_lists_no_games_plays_a_plugin_game(tmp_path):
    source = tmp_path / "tournament.toml"
    source.write_text(tournament_toml(["any=" + _one_game("any"), "a=random"], game="liars-dice"))
    recorder = Recorder()
    start_run(source, tmp_path / "run", 1, recorder)
    [result] = recorder.results
    assert result.status == "completed" and result.faults == ({}, {})
    assert result.reason == "last_seat_standing"
