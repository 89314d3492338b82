"""A local process pool that runs one match per worker at a time, every wait bounded.

Workers are started with the ``spawn`` method (gRPC and ``fork`` do not mix), each talking to
the runner over its own pipe. The pool notices a worker that dies (its task comes back as
failed and a fresh worker takes its place) and kills one that overruns its task's deadline.
"""

from __future__ import annotations

import multiprocessing
import os
import time
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


class _Worker:
    """One worker process, its pipe, and the task it is running (if any)."""

    def __init__(self, parent: int, game: str | None) -> None:
        context = multiprocessing.get_context("spawn")
        self.connection, child = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=worker_main,
            args=(child, parent, game),
            name="ruckus-match-worker",
            daemon=True,
        )
        self.process.start()
        child.close()
        self.task: MatchTask | None = None
        self.deadline = 0.0

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
        self.task = task
        self.deadline = time.monotonic() + seconds
        self.connection.send(task)

    def stop(self) -> None:
        """Close the pipe and end the process: politely, then with SIGKILL."""
        self.connection.close()
        self.process.join(timeout=JOIN_SECONDS if self.task is None else 0.0)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout=JOIN_SECONDS)


class WorkerPool:
    """``size`` worker processes that play :class:`MatchTask` objects.

    With ``game``, each worker loads that game's engine and codec before it says it is ready,
    so its first match does not pay for the imports.
    """

    def __init__(self, size: int, game: str | None = None) -> None:
        self._parent = os.getpid()
        self._game = game
        self._workers = [_Worker(self._parent, game) for _ in range(size)]
        try:
            for worker in self._workers:
                worker.await_ready()
        except BaseException:
            self.close()
            raise

    def idle(self) -> int:
        """Return how many workers have no task."""
        return sum(worker.task is None for worker in self._workers)

    def pids(self) -> list[int | None]:
        """Return the process ids of the workers."""
        return [worker.process.pid for worker in self._workers]

    def submit(self, task: MatchTask, seconds: float) -> None:
        """Give ``task`` to an idle worker (there must be one); it has ``seconds`` to finish."""
        worker = next(worker for worker in self._workers if worker.task is None)
        if not worker.process.is_alive():
            worker = self._renew(worker)
        try:
            worker.assign(task, seconds)
        except OSError:  # the worker died just now
            self._renew(worker).assign(task, seconds)

    def wait(self, timeout: float) -> list[Completion]:
        """Wait up to ``timeout`` seconds for tasks to come back; return those that did."""
        busy = [worker for worker in self._workers if worker.task is not None]
        if not busy:
            return []
        handles: list[Connection[object, object] | int] = [worker.connection for worker in busy]
        handles += [worker.process.sentinel for worker in busy]
        ready = set(wait(handles, timeout=timeout))
        completions = []
        for worker in busy:
            if worker.connection in ready or worker.process.sentinel in ready:
                completions.append(self._collect(worker))
            elif time.monotonic() > worker.deadline:
                completions.append(self._replace(worker, "the match overran its deadline"))
        return completions

    def _collect(self, worker: _Worker) -> Completion:
        """Take the answer of a worker whose pipe or process signalled."""
        task = worker.task
        assert task is not None
        try:
            answer: object = worker.connection.recv()
        except (EOFError, OSError):
            return self._replace(worker, f"worker died (exit code {worker.process.exitcode})")
        worker.task = None
        if isinstance(answer, TaskDone):
            return Completion(task, answer)
        return Completion(task, None, str(answer))

    def _replace(self, worker: _Worker, reason: str) -> Completion:
        """Kill ``worker``, start a fresh one in its place and fail its task with ``reason``."""
        task = worker.task
        assert task is not None
        self._renew(worker)
        return Completion(task, None, reason)

    def _renew(self, worker: _Worker) -> _Worker:
        """Stop ``worker`` and put a fresh, ready one in its place."""
        worker.stop()
        fresh = _Worker(self._parent, self._game)
        self._workers[self._workers.index(worker)] = fresh
        fresh.await_ready()
        return fresh

    def close(self) -> None:
        """Stop every worker (running matches are abandoned)."""
        for worker in self._workers:
            worker.stop()
        self._workers = []
