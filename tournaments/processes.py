"""What a child process of the harness does first so that nothing outlives the harness."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal

_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Ask Linux to SIGKILL this process when ``parent`` dies, even by ``kill -9``; exit at
    once when it has died already."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)
