"""Local bot processes: free loopback port, own process group, capped output, reliable cleanup."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

OUTPUT_CAP_BYTES = 1024 * 1024
STOP_GRACE_SECONDS = 1.0

_live: set[BotProcess] = set()
_live_lock = threading.Lock()


def free_port(host: str = "127.0.0.1") -> int:
    """Return a TCP port on ``host`` that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


def _with_parent_death_signal(argv: Sequence[str]) -> list[str]:
    """Prefix ``argv`` so Linux SIGKILLs the bot if the thread that spawned it dies.

    That covers a harness killed with SIGKILL, where no cleanup code runs. It uses
    util-linux ``setpriv`` when present. Spawn bots from a thread that lives as long as
    the bot should (the main thread, or a pool worker).
    """
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return list(argv)
    return [setpriv, "--pdeathsig", "KILL", "--", *argv]


def _pump(source: IO[bytes], sink: IO[bytes], cap: int) -> None:
    """Copy ``source`` to ``sink`` up to ``cap`` bytes; drain (and drop) the rest."""
    written = 0
    with source, sink:
        while chunk := source.read1(65536):  # type: ignore[attr-defined]
            if written < cap:
                kept = chunk[: cap - written]
                sink.write(kept)
                sink.flush()
                written += len(kept)
                if written >= cap:
                    sink.write(b"\n[output truncated]\n")
                    sink.flush()


class BotProcess:
    """A bot started from a command line, listening on ``address`` (set via ``RUCKUS_PORT``)."""

    def __init__(
        self,
        argv: Sequence[str],
        output_path: Path,
        env: Mapping[str, str] | None = None,
        cwd: Path | None = None,
    ) -> None:
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.output_path = output_path
        output_path.parent.mkdir(parents=True, exist_ok=True)
        child_env = {**os.environ, **(env or {}), "RUCKUS_PORT": str(self.port)}
        self._popen = subprocess.Popen(
            _with_parent_death_signal(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=child_env,
            cwd=cwd,
            start_new_session=True,
        )
        assert self._popen.stdout is not None
        self._pump = threading.Thread(
            target=_pump,
            args=(self._popen.stdout, output_path.open("wb"), OUTPUT_CAP_BYTES),
            name=f"bot-output-{self.port}",
            daemon=True,
        )
        self._pump.start()
        with _live_lock:
            _live.add(self)

    @property
    def pid(self) -> int:
        """The process id (also its process group id)."""
        return self._popen.pid

    def exit_code(self) -> int | None:
        """Return the exit code if the process has ended, else None."""
        return self._popen.poll()

    def wait_exit(self, timeout: float) -> int | None:
        """Wait up to ``timeout`` seconds for the process to end; return its code or None."""
        try:
            return self._popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def output_tail(self, limit: int = 2000) -> str:
        """Return the last ``limit`` characters the bot wrote to stdout/stderr."""
        try:
            text = self.output_path.read_bytes()[-limit:]
        except OSError:
            return ""
        return text.decode("utf-8", errors="replace")

    def _signal_group(self, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._popen.pid, signum)

    def stop(self) -> None:
        """End the bot and its whole process group: SIGTERM, then SIGKILL after a grace."""
        if self._popen.poll() is None:
            self._signal_group(signal.SIGTERM)
            if self.wait_exit(STOP_GRACE_SECONDS) is None:
                self._signal_group(signal.SIGKILL)
                self.wait_exit(STOP_GRACE_SECONDS)
        self._signal_group(signal.SIGKILL)
        self._pump.join(timeout=STOP_GRACE_SECONDS)
        with _live_lock:
            _live.discard(self)


def stop_all() -> None:
    """Stop every bot process this harness started that is still registered."""
    with _live_lock:
        processes = list(_live)
    for process in processes:
        process.stop()


atexit.register(stop_all)
