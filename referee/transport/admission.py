"""What the referee service lets in: at most so many matches and long streams, never a queue.

A gRPC server answers from a pool of threads, and a streaming call holds one for as long as it
lasts. So the pool is sized for every long call the service admits at once, its matches
(``max_matches``) and its other streams (``STREAMS``: health watches and reflection), plus
``UNARY_RESERVE`` threads that nothing long ever takes: health checks, ListGames, GetMatchLog
and refusals always find one. A call past a limit is refused with RESOURCE_EXHAUSTED at once.
"""

from __future__ import annotations

import os
import threading
from concurrent import futures
from typing import Any

import grpc

from referee.transport.validation import RequestError

STREAMS = 8
"""How many health watches and reflection streams may be open at once, together."""
UNARY_RESERVE = 4
"""Threads kept for short calls: no match or other stream can take them."""
POOL_START_SECONDS = 10.0


def default_max_matches() -> int:
    """Return how many matches a referee runs at once unless told: one per core."""
    return os.cpu_count() or 1


def pool_size(max_matches: int) -> int:
    """Return how many threads a server admitting ``max_matches`` matches needs."""
    return max_matches + STREAMS + UNARY_RESERVE


def started_pool(workers: int) -> futures.ThreadPoolExecutor:
    """Return a pool of ``workers`` threads, every one already running.

    A pool starts threads only as calls come and never ends them, so a server whose pool
    grew under load would keep more threads than it started with. Started up front, the
    server's thread count stays what it was whatever the load.
    """
    pool = futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="referee")
    barrier = threading.Barrier(workers)
    for _ in range(workers):
        pool.submit(barrier.wait, POOL_START_SECONDS)  # each waits for all: a thread each
    return pool


class Slots:
    """A count of places, each taken and given back; taking one when none is left fails."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a limit must be at least 1, got {limit}")
        self.limit = limit
        self._taken = 0
        self._lock = threading.Lock()

    def take(self) -> bool:
        """Take a place; return False (taking nothing) when all are taken."""
        with self._lock:
            if self._taken >= self.limit:
                return False
            self._taken += 1
            return True

    def give(self) -> None:
        """Give a place back."""
        with self._lock:
            self._taken -= 1


def hold_stream(slots: Slots, context: Any, what: str) -> None:
    """Take a place in ``slots`` for the call of ``context`` until the call ends.

    Raise RESOURCE_EXHAUSTED (a RequestError) when every place is taken.
    """
    if not slots.take():
        detail = f"{slots.limit} {what} streams are open, the most this referee allows"
        raise RequestError(grpc.StatusCode.RESOURCE_EXHAUSTED, detail)
    if not context.add_callback(slots.give):
        slots.give()  # the call had already ended


class MatchBoard:
    """The matches a referee runs: at most ``limit`` at once, and which are still running.

    A match takes a slot when it is admitted and gives it back once both its thread and its
    call are over (a call can outlast its match while its last messages go out, and a match
    its call while its bots are stopped). It counts as running, its log not yet served, from
    admission until its thread ends.
    """

    def __init__(self, limit: int) -> None:
        self.slots = Slots(limit)
        self._running: set[str] = set()
        self._lock = threading.Lock()

    def admit(self, match_id: str) -> bool:
        """Take a slot for ``match_id`` and mark it running; False when every slot is taken."""
        if not self.slots.take():
            return False
        with self._lock:
            self._running.add(match_id)
        return True

    def ended(self, match_id: str) -> None:
        """Mark ``match_id`` no longer running (its log is complete); its slot stays taken."""
        with self._lock:
            self._running.discard(match_id)

    def release(self) -> None:
        """Give a match's slot back."""
        self.slots.give()

    def running(self, match_id: str) -> bool:
        """Whether ``match_id`` was admitted and its thread has not ended."""
        with self._lock:
            return match_id in self._running
