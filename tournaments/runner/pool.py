"""A local pool of worker processes, each playing several matches at once, every wait bounded.

A match mostly waits on its bots, so the pool starts no more processes than there are cores
and gives each a share of the matches to run at once (``--concurrency 32`` on 2 cores: two
processes of 16 matches). Workers are started with the ``spawn`` method (gRPC and ``fork`` do
not mix), each talking to the runner over its own pipe. The pool notices a worker that dies
(its tasks come back as failed and a fresh worker takes its place) and kills one whose task
overruns its deadline (the worker's other tasks come back as failed too, to be played again).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess

from tournaments.runner.worker import READY, MatchTask, TaskDone, worker_main

JOIN_SECONDS = 2.0
"""How long a stopping worker gets before it is killed."""
READY_SECONDS = 60.0
"""How long a new worker has to import the referee and say it is ready."""


class PoolError(Exception):
    """The pool cannot start its workers."""


@dataclass(frozen=True)
class Completion:
    """A task that came back: ``done`` when it ran, else ``error`` says why it did not."""

    task: MatchTask
    done: TaskDone | None
    error: str = ""


def worker_slots(concurrency: int, cores: int) -> list[int]:
    """Return how many matches each worker process carries: one process per core at most,
    ``concurrency`` matches in all, shared out as evenly as they go."""
    processes = max(1, min(concurrency, cores))
    share, extra = divmod(concurrency, processes)
    return [share + (index < extra) for index in range(processes)]


@contextlib.contextmanager
def _main_script_hidden() -> Iterator[None]:
    """Start a ``spawn`` child without it importing the parent's main script again.

    ``spawn`` re-imports the script that started the parent (for targets defined there); the
    workers' target lives in :mod:`tournaments.runner.worker`, and the script (``ruckus``, a
    benchmark) would load the whole CLI and statistics stack into every worker.
    """
    main = sys.modules["__main__"]
    names = ("__file__", "__spec__")
    saved: dict[str, object] = {
        name: main.__dict__[name] for name in names if name in main.__dict__
    }
    main.__dict__.pop("__file__", None)
    main.__spec__ = None
    try:
        yield
    finally:
        main.__dict__.update(saved)


class _Worker:
    """One worker process, its pipe, and the tasks it is running with their deadlines."""

    def __init__(self, parent: int, game: str | None, slots: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.connection, child = context.Pipe()
        self.slots = slots
        self.process: BaseProcess = context.Process(
            target=worker_main,
            args=(child, parent, game, slots),
            name="ruckus-match-worker",
            daemon=True,
        )
        with _main_script_hidden():
            self.process.start()
        child.close()
        self.tasks: dict[str, tuple[MatchTask, float]] = {}

    def free(self) -> int:
        """Return how many more matches the worker can take now."""
        return self.slots - len(self.tasks)

    def await_ready(self) -> None:
        """Wait until the worker has started and imported what it needs."""
        try:
            ready = self.connection.poll(READY_SECONDS) and self.connection.recv() == READY
        except (EOFError, OSError):
            ready = False
        if not ready:
            self.stop()
            raise PoolError(
                f"a match worker did not start within {READY_SECONDS:.0f} s "
                f"(exit code {self.process.exitcode})"
            )

    def assign(self, task: MatchTask, seconds: float) -> None:
        """Send ``task`` to the worker; it must finish within ``seconds``."""
        self.connection.send(task)
        self.tasks[task.key] = (task, time.monotonic() + seconds)

    def overdue(self) -> MatchTask | None:
        """Return a task past its deadline, if any."""
        now = time.monotonic()
        return next((task for task, deadline in self.tasks.values() if now > deadline), None)

    def stop(self) -> None:
        """Close the pipe and end the process: politely, then with SIGKILL."""
        self.connection.close()
        self.process.join(timeout=0.0 if self.tasks else JOIN_SECONDS)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout=JOIN_SECONDS)


class WorkerPool:
    """Worker processes that play :class:`MatchTask` objects, ``concurrency`` at once.

    ``cores`` bounds the processes (default: the machine's). With ``game``, each worker loads
    that game's engine and codec before it says it is ready, so its first match does not pay
    for the imports.
    """

    def __init__(self, concurrency: int, game: str | None = None, cores: int | None = None) -> None:
        self._parent = os.getpid()
        self._game = game
        self._failed: list[Completion] = []
        """Tasks of a worker found dead while it was given another, for the next wait()."""
        slots = worker_slots(concurrency, cores or os.cpu_count() or 1)
        self._workers = [_Worker(self._parent, game, count) for count in slots]
        try:
            for worker in self._workers:
                worker.await_ready()
        except BaseException:
            self.close()
            raise

    def idle(self) -> int:
        """Return how many more matches the pool can take now."""
        return sum(worker.free() for worker in self._workers)

    def pids(self) -> list[int | None]:
        """Return the process ids of the workers."""
        return [worker.process.pid for worker in self._workers]

    def submit(self, task: MatchTask, seconds: float) -> None:
        """Give ``task`` to the worker with the most room (there must be room); it has
        ``seconds`` to finish."""
        worker = max(self._workers, key=_Worker.free)
        if not worker.tasks and not worker.process.is_alive():
            worker = self._renew(worker)
        try:
            worker.assign(task, seconds)
        except OSError:  # the worker died just now: its other tasks come back failed
            self._failed += self._replace(worker, None, "worker died")
            max(self._workers, key=_Worker.free).assign(task, seconds)

    def wait(self, timeout: float) -> list[Completion]:
        """Wait up to ``timeout`` seconds for tasks to come back; return those that did."""
        completions, self._failed = self._failed, []
        busy = [worker for worker in self._workers if worker.tasks]
        if not busy:
            return completions
        handles: list[Connection[object, object] | int] = [worker.connection for worker in busy]
        handles += [worker.process.sentinel for worker in busy]
        ready = set(wait(handles, timeout=0.0 if completions else timeout))
        for worker in busy:
            if worker.connection in ready or worker.process.sentinel in ready:
                completions += self._collect(worker)
            elif (late := worker.overdue()) is not None:
                completions += self._replace(worker, late, "the match overran its deadline")
        return completions

    def _collect(self, worker: _Worker) -> list[Completion]:
        """Take every answer a worker whose pipe or process signalled has sent."""
        completions = []
        try:
            while worker.tasks and worker.connection.poll():
                key, answer = worker.connection.recv()
                task, _ = worker.tasks.pop(key)
                if isinstance(answer, TaskDone):
                    completions.append(Completion(task, answer))
                else:
                    completions.append(Completion(task, None, str(answer)))
        except (EOFError, OSError):
            pass
        if not worker.process.is_alive() and worker.tasks:
            reason = f"worker died (exit code {worker.process.exitcode})"
            completions += self._replace(worker, None, reason)
        return completions

    def _replace(self, worker: _Worker, late: MatchTask | None, reason: str) -> list[Completion]:
        """Kill ``worker``, start a fresh one in its place and fail its tasks: ``late`` (if
        any) with ``reason``, the others as cut short by it."""
        failed = [task for task, _ in worker.tasks.values()]
        self._renew(worker)
        cut_short = f"its worker was replaced ({reason})"
        return [
            Completion(task, None, reason if late is None or task is late else cut_short)
            for task in failed
        ]

    def _renew(self, worker: _Worker) -> _Worker:
        """Stop ``worker`` and put a fresh, ready one in its place."""
        worker.stop()
        fresh = _Worker(self._parent, self._game, worker.slots)
        self._workers[self._workers.index(worker)] = fresh
        fresh.await_ready()
        return fresh

    def close(self) -> None:
        """Stop every worker (running matches are abandoned)."""
        for worker in self._workers:
            worker.stop()
        self._workers = []
