"""Workers up to the cores, each carrying several matches at once."""

from __future__ import annotations

import os
import signal
import time

import pytest

from tournaments.runner.pool import Completion, WorkerPool, worker_slots
from tournaments.runner.worker import SeatEndpoint

from .test_pool import _nowhere, _quarantined, _task


def _gather(pool: WorkerPool, count: int, seconds: float = 30.0) -> list[Completion]:
    completions: list[Completion] = []
    deadline = time.monotonic() + seconds
    while len(completions) < count and time.monotonic() < deadline:
        completions += pool.wait(0.1)
    assert len(completions) == count, completions
    return completions


@pytest.mark.parametrize(
    ("concurrency", "cores", "slots"),
    [
        (1, 2, [1]),
        (2, 2, [1, 1]),
        (8, 2, [4, 4]),
        (32, 2, [16, 16]),
        (5, 2, [3, 2]),
        (3, 8, [1] * 3),
    ],
)
def test_processes_stop_at_the_cores_and_share_the_matches(concurrency, cores, slots):
    assert worker_slots(concurrency, cores) == slots


def test_one_process_plays_four_matches_at_once(tmp_path):
    pool = WorkerPool(4, cores=1)
    try:
        assert len(pool.pids()) == 1 and pool.idle() == 4
        seats = (SeatEndpoint("x", None, "quarantined"), SeatEndpoint("y", None, "quarantined"))
        for number in range(4):
            pool.submit(_task(tmp_path / f"{number}.jsonl", *seats, key=f"k{number}"), 30)
        assert pool.idle() == 0
        completions = _gather(pool, 4)
        assert sorted(completion.task.key for completion in completions) == [
            f"k{n}" for n in range(4)
        ]
        assert all(completion.done is not None for completion in completions)
        assert pool.idle() == 4
    finally:
        pool.close()


def test_a_dying_worker_fails_every_match_it_carried(tmp_path):
    pool = WorkerPool(3, cores=1)
    try:
        for number in range(3):
            task = _task(tmp_path / f"{number}.jsonl", _nowhere(), _nowhere(), key=f"k{number}")
            pool.submit(task, 60)
        [pid] = pool.pids()
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        completions = _gather(pool, 3)
        assert all(c.done is None and "worker died" in c.error for c in completions)
        assert pool.idle() == 3 and pool.pids() != [pid]
        pool.submit(_task(tmp_path / "after.jsonl", _quarantined("a"), _quarantined("b")), 30)
        assert _gather(pool, 1)[0].done is not None
    finally:
        pool.close()
