"""Ray for tests: one instance at a time on this machine, on loopback only.

Ray's ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` is its own switch for a cluster of one machine
(what it does on macOS and Windows): the node's address is then 127.0.0.1, so the GCS, the
raylets, the workers and the dashboard listen on loopback alone. Ray reads the switch when it is
imported, so the constant is set as well as the environment its processes inherit.

Two Ray instances side by side (two test workers) share the dashboard's port, and taking one
down has taken the other's GCS with it; so each test module holds a lock, shared by the
workers, for as long as its instance runs.

On a busy machine Ray's node can outlast its start-up wait (30 s, fixed in Ray), so
:func:`start_ray` gives it a second try after a clean shutdown, and fails the module in one
line, not three setup tracebacks, when it still does not start.
"""

from __future__ import annotations

import contextlib
import fcntl
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

LOOPBACK = "127.0.0.1"
SWITCH = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
LOCK_WAIT_SECONDS = 300.0
"""How long a module waits for another one's Ray instance to stop."""
START_TRIES = 2
SETTLE_SECONDS = 2.0
"""How long a failed start's processes are given to go before the next try."""


def start_ray(start: Callable[[], None], shutdown: Callable[[], None]) -> None:
    """Start Ray with ``start``; after a failure shut it down cleanly and try once more; fail
    the test in one line saying Ray could not start if the second try fails too."""
    began = time.monotonic()
    for attempt in range(1, START_TRIES + 1):
        try:
            start()
            return
        except Exception as error:
            shutdown()
            reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
            if attempt == START_TRIES:
                seconds = time.monotonic() - began
                pytest.fail(
                    f"Ray could not start on this machine ({START_TRIES} tries in {seconds:.0f} s, "
                    f"the machine may be too busy): {reason}",
                    pytrace=False,
                )
            time.sleep(SETTLE_SECONDS)


@contextlib.contextmanager
def _only_ray(lock_file: Path) -> Iterator[None]:
    """Hold the lock on ``lock_file``: no other holder runs Ray meanwhile."""
    with lock_file.open("a") as handle:
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"another test's Ray did not stop ({lock_file})") from None
                time.sleep(0.5)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextlib.contextmanager
def loopback_ray(factory: pytest.TempPathFactory) -> Iterator[None]:
    """Within this block this module alone runs Ray, and every Ray process it starts listens
    on loopback alone."""
    from ray._private import ray_constants

    shared = factory.getbasetemp().parent  # the same folder for every test worker
    with _only_ray(shared / "ray.lock"), pytest.MonkeyPatch.context() as patch:
        patch.setenv(SWITCH, "0")
        patch.setattr(ray_constants, "ENABLE_RAY_CLUSTER", False)
        yield
