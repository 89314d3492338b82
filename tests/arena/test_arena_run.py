"""The arena end to end, with real bot processes: bots join, update and retire while it plays;
a bad bot is rejected; kill -9 and SIGTERM lose nothing and leave nothing running."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from referee.matchlog import read_log, verify
from tournaments.arena.run import run_arena
from tournaments.arena.standing import standings
from tournaments.arena.store import ArenaStore
from tournaments.cli import app
from tournaments.ratings import openskill_ratings
from tournaments.runner import RunFolder, SilentObserver
from tournaments.store import MatchResult

CLI = "from tournaments.cli import app; app()"
GAME = "pilfer"


class Recorder(SilentObserver):
    """Keeps every result and notice of a run."""

    def __init__(self) -> None:
        self.results: list[MatchResult] = []
        self.notices: list[str] = []

    def match_recorded(self, result: MatchResult) -> None:
        self.results.append(result)

    def notice(self, text: str) -> None:
        self.notices.append(text)


def ruckus(*args: str) -> str:
    """Run ``ruckus ARGS`` in this process; return its output (it must succeed)."""
    done = CliRunner().invoke(app, list(args))
    assert done.exit_code == 0, done.output
    return done.output


def marked(marker: str) -> str:
    """A random bot's command line carrying ``--marker`` (to find its processes)."""
    return f"python -m sample_bots.{GAME}_random --marker={marker}"


def new_arena(tmp_path: Path, *bots: tuple[str, str]) -> Path:
    """Create an arena with the bots ``(name, command)``."""
    arena = tmp_path / "arena"
    ruckus("arena", "init", str(arena), "--game", GAME, "--seed", "11")
    for name, command in bots:
        ruckus("arena", "bot", "add", name, "--command", command, "-a", str(arena))
    return arena


def spawn(*args: str, marker: str = "") -> subprocess.Popen[bytes]:
    """Start ``ruckus ARGS`` as a process of its own."""
    env = {**os.environ, "RUCKUS_TEST_MARKER": marker}
    return subprocess.Popen(
        [sys.executable, "-c", CLI, *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


def recorded(arena: Path) -> int:
    """Return how many results the arena's store holds."""
    with sqlite3.connect(arena / "results.sqlite") as db:
        return int(db.execute("SELECT COUNT(*) FROM matches").fetchone()[0])


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    """Poll ``condition`` until it holds or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def marked_processes(marker: str) -> list[str]:
    """Return the pids of live processes whose command line or environment carry ``marker``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            text = Path(f"/proc/{entry}/cmdline").read_bytes()
            text += Path(f"/proc/{entry}/environ").read_bytes()
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker.encode() in text and state != "Z":
            found.append(entry)
    return found


def results_of(arena: Path) -> list[MatchResult]:
    store = ArenaStore.open(arena)
    try:
        return store.results.results()
    finally:
        store.close()


def statuses(arena: Path) -> dict[str, tuple[str, str, str]]:
    store = ArenaStore.open(arena)
    try:
        return {bot.name: (bot.status, bot.reason, bot.output) for bot in store.bots()}
    finally:
        store.close()


def test_a_bot_added_from_another_process_while_the_arena_runs_gets_played(tmp_path):
    arena = new_arena(tmp_path)
    ruckus("arena", "bot", "add", "random", "--sample", f"{GAME}-random", "-a", str(arena))
    ruckus("arena", "bot", "add", "greedy", "--sample", f"{GAME}-greedy", "-a", str(arena))
    runner = spawn("arena", "run", str(arena), "--max-results", "40")
    try:
        assert wait_for(lambda: recorded(arena) >= 2, 90.0)
        adder = spawn(
            "arena", "bot", "add", "third", "--sample", f"{GAME}-random", "-a", str(arena)
        )
        assert adder.wait(timeout=30) == 0
        output, _ = runner.communicate(timeout=180)
    finally:
        runner.kill()
    assert runner.returncode == 0, output.decode()
    assert "third joined" in output.decode()
    results = results_of(arena)
    assert len(results) >= 10
    assert sum("third" in result.seats for result in results) >= 2
    assert statuses(arena)["third"][0] == "active"
    status = ruckus("arena", "status", str(arena))
    assert "third" in status and "candidate" in status and "playing: nothing" in status


def test_an_update_replaces_the_version_and_a_retired_bot_is_no_longer_scheduled(tmp_path):
    arena = new_arena(tmp_path)
    for name in ("a", "b", "c"):
        ruckus("arena", "bot", "add", name, "--sample", f"{GAME}-random", "-a", str(arena))
    run_arena(arena, Recorder(), max_results=2)
    ruckus("arena", "bot", "update", "b", "--sample", f"{GAME}-greedy", "-a", str(arena))
    ruckus("arena", "bot", "retire", "c", "-a", str(arena))
    first = results_of(arena)
    recorder = Recorder()
    run_arena(arena, recorder, max_results=4)
    assert results_of(arena)[: len(first)] == first
    later = results_of(arena)[len(first) :]
    assert later and all(set(result.seats) == {"a", "b@v2"} for result in later)
    bots = statuses(arena)
    assert bots["b"][:2] == ("retired", "replaced by b@v2")
    assert bots["c"][0] == "retired" and bots["b@v2"][0] == "active"
    table = standings(list(bots), results_of(arena))
    for name in ("b", "c"):  # the retired entries keep their games and ratings
        assert table[name].games == sum(name in result.seats for result in first)
    status = ruckus("arena", "status", str(arena))
    assert "b@v2" in status and "retired" in status


def test_a_bot_whose_command_is_missing_is_rejected_with_its_reason(tmp_path):
    arena = new_arena(tmp_path, ("bad", str(tmp_path / "no-such-bot")))
    ruckus("arena", "bot", "add", "a", "--sample", f"{GAME}-random", "-a", str(arena))
    ruckus("arena", "bot", "add", "b", "--sample", f"{GAME}-random", "-a", str(arena))
    recorder = Recorder()
    run_arena(arena, recorder, max_results=2)
    status, reason, output = statuses(arena)["bad"]
    assert status == "rejected"
    assert reason and "no-such-bot" in reason + output
    assert all("bad" not in result.seats for result in recorder.results)
    assert "rejected bad" in ruckus("arena", "status", str(arena))


def test_kill_9_mid_match_then_a_restart_loses_and_doubles_nothing(tmp_path):
    marker = uuid.uuid4().hex
    arena = new_arena(tmp_path, ("a", marked(marker)), ("b", marked(marker)), ("c", marked(marker)))
    runner = spawn("arena", "run", str(arena), marker=marker)
    try:
        assert wait_for(lambda: recorded(arena) >= 3, 90.0)
    finally:
        runner.send_signal(signal.SIGKILL)
        runner.wait(timeout=10)
    assert wait_for(lambda: not marked_processes(marker), 15.0), "processes left behind"
    killed_at = recorded(arena)
    recorder = Recorder()
    run_arena(arena, recorder, max_results=4)
    results = results_of(arena)
    keys = [result.key for result in results]
    assert len(keys) == len(set(keys)) >= killed_at + 4
    store = ArenaStore.open(arena)
    try:
        assert store.open_step() is None
        steps = store.last_step()
        table = standings([bot.name for bot in store.bots()], results)
    finally:
        store.close()
    played = {key.split("/", 1)[0] for key in keys}
    assert played == {f"step{number}" for number in range(1, steps + 1)}
    assert all(sum(key.startswith(f"{step}/") for key in keys) == 2 for step in played)
    folder = RunFolder(arena)
    assert folder.logged_keys() == sorted(keys)
    replayed_ranks = []
    for result in results:
        assert verify(arena / result.log_path).ok, result.key
        log = read_log(arena / result.log_path, folder.log_key())
        assert log.result is not None
        replayed_ranks.append((result.seats, tuple(log.result["outcome"]["ranks"])))
    replayed = openskill_ratings(list(table), replayed_ranks)
    assert {name: standing.rating for name, standing in table.items()} == replayed


def test_sigterm_stops_the_arena_and_every_bot_cleanly(tmp_path):
    marker = uuid.uuid4().hex
    arena = new_arena(tmp_path, ("a", marked(marker)), ("b", marked(marker)))
    runner = spawn("arena", "run", str(arena), marker=marker)
    try:
        assert wait_for(lambda: recorded(arena) >= 1, 90.0)
        runner.send_signal(signal.SIGTERM)
        runner.wait(timeout=30)
    finally:
        runner.kill()
    assert runner.returncode == 128 + signal.SIGTERM
    assert wait_for(lambda: not marked_processes(marker), 15.0), "processes left behind"
    for result in results_of(arena):
        assert verify(arena / result.log_path).ok, result.key
    assert "not running" in ruckus("arena", "status", str(arena))
