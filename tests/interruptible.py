"""For tests that stop a child process with SIGINT, as Ctrl-C does.

A child inherits an ignored SIGINT, and Python then leaves it ignored: a suite started in the
background of a shell script (``make test &``) would see every such child shrug Ctrl-C off.
:func:`with_default_sigint` starts a command through a Python that gives SIGINT its default
handling back and then becomes the command (``exec``: the same process). It is not a
``preexec_fn``: one makes ``subprocess`` fork the whole test process, gRPC's fork handlers run
in the child, and gRPC's event engine can abort that child before it runs the command
(``epoll_wait error: Bad file descriptor``; grpc/grpc#43055).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

_RESET_AND_EXEC = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execvp(sys.argv[1], sys.argv[1:])"
)


def with_default_sigint(command: Sequence[str]) -> list[str]:
    """Return ``command`` started with SIGINT at its default handling, in the same process."""
    return [sys.executable, "-c", _RESET_AND_EXEC, *command]
