"""What the referee can see of a local bot's process, wherever the referee runs.

A match played by ``ruckus play`` holds the :class:`referee.transport.process.BotProcess`
itself; a tournament's pool worker only knows the pid, the output file and the sandbox's
status file of a bot the runner started. Both answer the same three questions, so a fault is
classified the same way in every path: did the process end, what did it print last, and did
the sandbox stop it for passing a limit.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Protocol

from referee.sandbox.jail import read_limit
from referee.sandbox.procs import read_process
from referee.transport.process import output_tail

POLL_SECONDS = 0.02


class BotWatch(Protocol):
    """A view of a local bot's process."""

    def ended(self, timeout: float) -> str | None:
        """Wait up to ``timeout`` seconds for the process to end; say how it ended, or None."""
        ...

    def output_tail(self, limit: int = 2000) -> str:
        """Return the last ``limit`` characters the bot printed."""
        ...

    def limit_exceeded(self) -> str | None:
        """Return the limit the sandbox stopped the bot for, if it did."""
        ...


class ProcessWatch:
    """A :class:`BotWatch` of a bot started by another process (the tournament runner)."""

    def __init__(self, pid: int, output_path: Path, status_path: Path) -> None:
        self.pid = pid
        self.output_path = output_path
        self.status_path = status_path

    def ended(self, timeout: float) -> str | None:
        """Wait until the pid is gone or a zombie (its parent, the runner, reaps it)."""
        deadline = time.monotonic() + timeout
        while read_process(self.pid) is not None:
            if time.monotonic() >= deadline:
                return None
            time.sleep(POLL_SECONDS)
        return "exited"

    def output_tail(self, limit: int = 2000) -> str:
        """Return the end of the bot's captured output file."""
        return output_tail(self.output_path, limit)

    def limit_exceeded(self) -> str | None:
        """Return what the sandbox's watchdog wrote when it stopped the bot."""
        return read_limit(self.status_path)
