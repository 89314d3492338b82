"""The Ray backend on a real local Ray instance (2 CPUs, on loopback, one for the module): the same
standings as the local pool, a Ray worker killed mid-match loses and doubles nothing, the
nodes' preflight stops a run with a bot that cannot start, and an arena plays on Ray the
matches it plays on the local pool.

Skipped when Ray is not installed (``pip install 'ruckus-arena[ray]'``; ``make test`` installs
it).
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.matchlog import verify
from tournaments.arena.run import run_arena
from tournaments.arena.store import ArenaStore
from tournaments.cli import app
from tournaments.runner import start_run
from tournaments.runner.preflight import PreflightError
from tournaments.runner.report import current_standings
from tournaments.runner.session import Placement
from tournaments.standings import BotStanding
from tournaments.store import MatchResult, ResultStore

from .conftest import Recorder, recorded_count, tournament_toml, wait_for
from .ray_kit import loopback_ray, start_ray

ray = pytest.importorskip("ray", reason="Ray is not installed: pip install 'ruckus-arena[ray]'")
state = pytest.importorskip("ray.util.state", reason="Ray's state API needs ray[default]")

BOTS = ["alpha=random", "bravo=random", "charlie=random"]


def _start_ray() -> None:
    ray.init(
        num_cpus=2,
        include_dashboard=True,
        log_to_driver=False,
        _system_config={"task_events_report_interval_ms": 100},
    )


@pytest.fixture(scope="module")
def local_ray(tmp_path_factory: pytest.TempPathFactory):
    with loopback_ray(tmp_path_factory):
        start_ray(_start_ray, ray.shutdown)
        yield
        ray.shutdown()


def _play(tmp_path: Path, name: str, text: str, backend: str, observer=None) -> Path:
    source = tmp_path / f"{name}.toml"
    source.write_text(text)
    run = tmp_path / name
    start_run(source, run, 2, observer or Recorder(), Placement(backend))
    return run


def _outcomes(run: Path) -> list[tuple[object, ...]]:
    """The standings without the decision times (those are timings, not outcomes)."""
    store = ResultStore.open(run)
    try:
        rows: list[BotStanding] = current_standings(store, store.definition())
    finally:
        store.close()
    return [
        (row.name, row.games, row.points, row.wins, row.draws, row.losses, row.elo, row.skill)
        for row in rows
    ]


def test_a_round_robin_on_ray_gives_the_standings_of_the_local_pool(local_ray, tmp_path):
    text = tournament_toml(BOTS, games=2)
    local = _play(tmp_path, "local", text, "local")
    on_ray = _play(tmp_path, "ray", text, "ray")
    assert _outcomes(on_ray) == _outcomes(local)
    assert len(_outcomes(on_ray)) == 3
    node_logs = list((on_ray / "bots").glob("*/*.log"))
    assert {path.name for path in node_logs} == {"alpha.1.log", "bravo.1.log", "charlie.1.log"}


def _retried() -> bool:
    """Whether Ray has run some match a second time (its task events arrive a little late)."""
    tasks = state.list_tasks(filters=[("name", "=", "play_on_node")], limit=10_000)
    return any(task.attempt_number >= 1 for task in tasks)


class WorkerKiller(Recorder):
    """After a result comes in, kills the Ray worker of a match still running, found through
    Ray's state API; again after later results (three kills at most) until Ray reports a match
    run a second time (the report of a running match may come when its worker has moved on)."""

    def __init__(self) -> None:
        super().__init__()
        self.killed: list[int] = []

    def match_recorded(self, result) -> None:
        super().match_recorded(result)
        if len(self.killed) >= 3 or (self.killed and _retried()):
            return
        running = state.list_tasks(
            filters=[("name", "=", "play_on_node"), ("state", "=", "RUNNING")]
        )
        for task in running:
            if task.worker_pid and task.worker_pid not in self.killed:
                with contextlib.suppress(ProcessLookupError):  # gone already
                    os.kill(task.worker_pid, signal.SIGKILL)
                    self.killed.append(task.worker_pid)
                    return


def test_a_ray_worker_killed_mid_run_loses_and_doubles_no_match(local_ray, tmp_path):
    text = tournament_toml(BOTS, games=6)
    killer = WorkerKiller()
    run = _play(tmp_path, "killed", text, "ray", killer)
    assert killer.killed, "no running match was found to kill"
    assert wait_for(_retried, 10.0)  # a match its killed worker played ran again
    keys = [result.key for result in killer.results]
    assert len(keys) == len(set(keys)) == 18
    store = ResultStore.open(run)
    assert sorted(result.key for result in store.results()) == sorted(keys)
    store.close()


def test_preflight_on_ray_stops_a_run_whose_command_bot_does_not_exist(local_ray, tmp_path):
    text = tournament_toml(["ghost=cmd:no-such-bot-program", "a=random"])
    with pytest.raises(PreflightError) as stopped:
        _play(tmp_path, "ghost", text, "ray")
    [problem] = stopped.value.problems
    assert problem.bot == "ghost"
    found = re.match(
        r"on node ([0-9a-f]{8}): did not start \(4 tries\): exited with code 127", problem.reason
    )
    assert found, problem.reason
    log = tmp_path / "ghost" / "bots" / found.group(1) / "ghost.4.log"
    assert f"({log})" in problem.reason and log.exists()  # named where it lands when the run ends
    assert recorded_count(tmp_path / "ghost" / "results.sqlite") == 0


def _arena(tmp_path: Path, name: str) -> Path:
    """An arena of three random Pilfer bots, made as ``ruckus arena init`` and ``bot add`` do."""
    folder = tmp_path / name
    commands = [["arena", "init", str(folder), "--game", "pilfer", "--seed", "11"]]
    for bot in ("alpha", "bravo", "charlie"):
        commands.append(
            ["arena", "bot", "add", bot, "--sample", "pilfer-random", "-a", str(folder)]
        )
    for command in commands:
        done = CliRunner().invoke(app, command)
        assert done.exit_code == 0, done.output
    return folder


def _arena_results(folder: Path) -> list[MatchResult]:
    store = ArenaStore.open(folder)
    try:
        return store.results.results()
    finally:
        store.close()


def test_an_arena_on_ray_plays_the_matches_of_the_local_pool(local_ray, tmp_path):
    local, on_ray = _arena(tmp_path, "local"), _arena(tmp_path, "ray")
    run_arena(local, Recorder(), Placement("local"), max_results=6)
    run_arena(on_ray, Recorder(), Placement("ray"), max_results=6)
    played = _arena_results(on_ray)
    assert len(played) >= 6
    outcomes = sorted((r.key, r.seats, r.ranks, r.scores) for r in played)
    assert outcomes == sorted((r.key, r.seats, r.ranks, r.scores) for r in _arena_results(local))
    for result in played:
        assert verify(on_ray / result.log_path).ok, result.key
