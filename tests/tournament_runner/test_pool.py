"""The worker pool: deadlines, dying workers and failing tasks never stall the runner."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from referee.match import Clocks, MatchSetup
from referee.matchlog import read_log, verify
from referee.transport.play import LogTarget
from referee.transport.process import free_port
from tournaments.runner import RunFolder
from tournaments.runner.pool import Completion, WorkerPool
from tournaments.runner.worker import MatchTask, SeatEndpoint

KEY = bytes(range(32))


def _task(log_path: Path, *seats: SeatEndpoint, key: str = "rr/a~b/g0") -> MatchTask:
    setup = MatchSetup.for_game(
        "pilfer", 3, "raid", match_id=key, clocks=Clocks(500, 5000, startup_ms=2000)
    )
    return MatchTask(setup=setup, seats=seats, log=LogTarget(log_path, KEY))


def _nowhere() -> SeatEndpoint:
    """A seat whose address has nobody listening: connecting to it takes seconds."""
    return SeatEndpoint("nowhere", f"127.0.0.1:{free_port()}")


def _quarantined(name: str) -> SeatEndpoint:
    return SeatEndpoint(name, None, "quarantined after 4 crashes")


def _completions(pool: WorkerPool, seconds: float = 20.0) -> list[Completion]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if completions := pool.wait(0.1):
            return completions
    raise AssertionError("no task came back")


@pytest.fixture
def pool():
    workers = WorkerPool(1)
    yield workers
    workers.close()


def test_a_quarantined_seat_forfeits_with_a_complete_log(pool, tmp_path):
    log = tmp_path / "logs" / "match.jsonl"
    pool.submit(_task(log, _quarantined("a"), _quarantined("b")), 30.0)
    [completion] = _completions(pool)
    assert completion.done is not None and completion.error == ""
    result = read_log(log).result
    assert result is not None and result["forfeited_seat"] == 0
    assert result["faults"][0]["code"] == "CRASHED"
    assert verify(log, KEY).ok and not verify(log, bytes(32)).ok  # sealed with the task's key
    assert KEY.hex() not in log.read_text() and KEY.hex() not in repr(_task(log))


def test_a_task_over_its_deadline_kills_and_replaces_the_worker(pool, tmp_path):
    before = pool.pids()
    pool.submit(_task(tmp_path / "slow.jsonl", _nowhere(), _nowhere()), 0.2)
    [completion] = _completions(pool)
    assert completion.done is None
    assert "deadline" in completion.error
    assert pool.pids() != before and pool.idle() == 1
    pool.submit(_task(tmp_path / "next.jsonl", _quarantined("a"), _quarantined("b")), 30.0)
    assert _completions(pool)[0].done is not None


def test_a_worker_that_dies_fails_its_task_and_is_replaced(pool, tmp_path):
    pool.submit(_task(tmp_path / "slow.jsonl", _nowhere(), _nowhere()), 60.0)
    [pid] = pool.pids()
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    [completion] = _completions(pool)
    assert completion.done is None
    assert "worker died" in completion.error
    assert pool.pids() != [pid] and pool.idle() == 1


def test_a_task_that_raises_comes_back_as_an_error(pool, tmp_path):
    (tmp_path / "file").write_text("")
    pool.submit(_task(tmp_path / "file" / "x.jsonl", _quarantined("a"), _quarantined("b")), 30.0)
    [completion] = _completions(pool)
    assert completion.done is None
    assert "Error" in completion.error
    assert pool.idle() == 1


def test_logs_set_aside_go_to_rejected_numbered_when_taken(tmp_path):
    folder = RunFolder(tmp_path)
    for text in ("first\n", "second\n"):
        folder.log_path("rr/a~b/g0").parent.mkdir(parents=True, exist_ok=True)
        folder.log_path("rr/a~b/g0").write_text(text)
        folder.log_path("ko/r1/s0/g0").parent.mkdir(parents=True, exist_ok=True)
        folder.log_path("ko/r1/s0/g0").write_text(text)
        moved = [folder.set_aside("rr/a~b/g0"), folder.set_aside("ko/r1/s0/g0")]
    assert moved == ["rejected/rr/a~b/g0.2.jsonl", "rejected/ko/r1/s0/g0.2.jsonl"]
    assert (tmp_path / "rejected/rr/a~b/g0.jsonl").read_text() == "first\n"
    assert (tmp_path / "rejected/rr/a~b/g0.2.jsonl").read_text() == "second\n"
    assert folder.logged_keys() == []


def test_an_idle_worker_that_died_is_replaced_before_it_gets_a_task(pool, tmp_path):
    [pid] = pool.pids()
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)
    pool.submit(_task(tmp_path / "x.jsonl", _quarantined("a"), _quarantined("b")), 30.0)
    assert _completions(pool)[0].done is not None
    assert pool.pids() != [pid]
