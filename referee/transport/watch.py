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
from referee.transport.process import output_tail, wait_until_quiet

POLL_SECONDS = 0.02
TAIL_LINES = 12
"""How many of a bot's last output lines a STARTUP_FAILED or CRASHED fault quotes."""
TAIL_BYTES = 4000
"""How much of the end of a bot's output file is read to find those lines."""
LINE_CHARS = 240
"""Longer output lines are cut to this many characters in a fault."""


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

    @property
    def kept_output(self) -> Path | None:
        """The file that keeps the bot's whole output after the match (None: not kept)."""
        ...


class ProcessWatch:
    """A :class:`BotWatch` of a bot started by another process (the tournament runner)."""

    def __init__(self, pid: int, output_path: Path, status_path: Path) -> None:
        self.pid = pid
        self.output_path = output_path
        self.status_path = status_path

    @property
    def kept_output(self) -> Path:
        """The runner keeps every bot's output file in the run folder."""
        return self.output_path

    def ended(self, timeout: float) -> str | None:
        """Wait until the pid is gone or a zombie (its parent, the runner, reaps it)."""
        deadline = time.monotonic() + timeout
        while read_process(self.pid) is not None:
            if time.monotonic() >= deadline:
                return None
            time.sleep(POLL_SECONDS)
        return "exited"

    def output_tail(self, limit: int = 2000) -> str:
        """Return the end of the bot's captured output file once it is quiet, so its last
        words have landed (the runner copies them from the bot's pipe to the file)."""
        wait_until_quiet(self.output_path)
        return output_tail(self.output_path, limit)

    def limit_exceeded(self) -> str | None:
        """Return what the sandbox's watchdog wrote when it stopped the bot."""
        return read_limit(self.status_path)


def last_lines(text: str, count: int = TAIL_LINES) -> list[str]:
    """Return the last ``count`` non-blank lines of ``text``, each cut to ``LINE_CHARS``."""
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    return [line[:LINE_CHARS] for line in lines[-count:]]


def with_output(detail: str, watch: BotWatch | None) -> str:
    """Return a fault's ``detail`` followed by the last lines the local bot printed.

    Every STARTUP_FAILED and CRASHED fault of a bot the harness started carries them, so a bot
    that dies in ``Describe`` or mid-match shows its own error (a traceback, a panic) where the
    fault is reported, with the file that keeps the whole output when one is kept. A remote
    bot (``watch`` None) has no output to quote.
    """
    if watch is None:
        return detail
    kept = "" if watch.kept_output is None else f" ({watch.kept_output})"
    lines = last_lines(watch.output_tail(TAIL_BYTES))
    if not lines:
        return f"{detail}; the bot printed nothing{kept}"
    return f"{detail}; its last output{kept}:\n" + "\n".join(f"  | {line}" for line in lines)
