"""Local bot processes: inside a sandbox, own process group, capped output, reliable cleanup.

A bot is started through its :class:`referee.sandbox.Jail` (limits, uid, namespaces) and
listens where the jail says: a Unix socket under ``strict`` (``RUCKUS_ADDRESS``), a free
loopback port otherwise (``RUCKUS_PORT``). Stopping a bot kills every process it started, in
any session or process group.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from referee.games.registry import plugin_folders
from referee.sandbox import WATCHDOG, Jail, Sandbox, strongest
from referee.sandbox.level_strict import SOCKET_INSIDE
from referee.sandbox.procs import kill_pids, snapshot, tcp_listen_ports

OUTPUT_CAP_BYTES = 1024 * 1024
STOP_GRACE_SECONDS = 1.0
DOOR_CHECK_SECONDS = 0.25
"""How often a starting strict bot is checked for listening on TCP instead (reads /proc)."""

_live: set[BotProcess] = set()
_live_lock = threading.Lock()


def free_port(host: str = "127.0.0.1") -> int:
    """Return a TCP port on ``host`` that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


def default_sandbox() -> Sandbox:
    """Return the strongest sandbox that works here, with the default limits."""
    return Sandbox(strongest())


def output_tail(path: Path, limit: int = 2000) -> str:
    """Return the last ``limit`` bytes of a bot's captured output file, as text."""
    try:
        return path.read_bytes()[-limit:].decode("utf-8", errors="replace")
    except OSError:
        return ""


SETTLE_SECONDS = 0.1
"""How long a bot's output file must stay the same size to count as caught up."""
SETTLE_LIMIT_SECONDS = 1.0


def wait_until_quiet(path: Path) -> None:
    """Wait (at most ``SETTLE_LIMIT_SECONDS``) until a bot's output file stops growing, so
    that what the bot printed just before a fault (a traceback) has landed in it."""
    deadline = time.monotonic() + SETTLE_LIMIT_SECONDS
    size = -1
    while time.monotonic() < deadline:
        try:
            now = path.stat().st_size
        except OSError:
            return
        if now == size:
            return
        size = now
        time.sleep(SETTLE_SECONDS)


SCRIPT_SUFFIXES = (".py", ".js", ".mjs", ".cjs", ".ts", ".jar", ".rb", ".pl", ".sh")
"""The endings that mark a command's argument as the bot's own program file."""
CODE_OPTIONS = frozenset({"-m", "-c", "-e", "--eval"})
"""Interpreter options after which the command names a module or code, not a file."""


class BotFileMissing(FileNotFoundError):
    """A bot's command names a program file that does not exist: starting it again is no use."""


def missing_command_file(argv: Sequence[str], bot_dir: Path | None = None) -> str | None:
    """Say which file a bot's command names that does not exist, or return None.

    The file is the executable when written as a path (``./mybot``), else the first argument
    written as a path or with a script's ending (``mybot/bot.py``, ``bot.jar``; not a list of
    paths such as a class path, nor code or a shell line). It is looked
    for as the bot itself would be started: from the current folder, and from ``bot_dir``
    when one is given. The path is reported as written and as resolved from the current folder.
    """
    candidates = [argv[0]] if os.sep in argv[0] else []
    for argument in argv[1:]:
        if argument in CODE_OPTIONS:
            break
        looks_like_a_file = os.sep in argument or argument.endswith(SCRIPT_SUFFIXES)
        if (
            not argument.startswith("-")
            and looks_like_a_file
            and not any(other in argument for other in f" \t\n{os.pathsep}")
        ):
            candidates.append(argument)
            break
    folders = [Path.cwd()] if bot_dir is None else [Path.cwd(), bot_dir]
    for candidate in candidates:
        if not any((folder / candidate).exists() for folder in folders):
            where = Path(candidate).absolute()
            shown = candidate if str(where) == candidate else f"{candidate} ({where})"
            return f"its command names a file that does not exist: {shown}"
    return None


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
    """A bot started from a command line inside ``sandbox``, listening on ``address``.

    ``bot_dir`` is the folder the bot may read (default: its script's or executable's folder);
    ``cwd`` is where an unconfined (``none``) bot starts. ``keep_output`` says whether the
    output file outlives the match (faults then name it). A command that names a program file
    that does not exist raises :class:`BotFileMissing` before anything starts.
    """

    def __init__(
        self,
        argv: Sequence[str],
        output_path: Path,
        sandbox: Sandbox | None = None,
        bot_dir: Path | None = None,
        cwd: Path | None = None,
        keep_output: bool = True,
    ) -> None:
        missing = missing_command_file(argv, bot_dir or cwd)
        if missing is not None:
            raise BotFileMissing(missing)
        self.sandbox = sandbox or default_sandbox()
        self.kept_output = output_path if keep_output else None
        self.jail = Jail(self.sandbox, tuple(argv), bot_dir or cwd, readable=plugin_folders())
        self.port = free_port()
        self.address = self.jail.address(self.port)
        self.output_path = output_path
        output_path.parent.mkdir(parents=True, exist_ok=True)
        confined = self.jail.confined
        try:
            self._popen = subprocess.Popen(
                self.jail.command(),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                env=self.jail.environment(self.port, dict(os.environ)),
                cwd=self.jail.cwd() if confined else cwd,
                start_new_session=True,
            )
        except OSError:
            self.jail.close()
            raise
        if confined:
            WATCHDOG.watch(self.jail, self._popen.pid)
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

    def limit_exceeded(self) -> str | None:
        """Return the limit the sandbox stopped this bot for, if it did."""
        return self.jail.limit_exceeded()

    def wait_listening(self, seconds: float) -> str | None:
        """Wait until the bot accepts connections; return what went wrong, or None.

        The problem does not quote the bot's output: :func:`referee.transport.watch.with_output`
        adds its last lines where a fault is recorded.
        """
        deadline = time.monotonic() + seconds
        next_door_check = time.monotonic() + DOOR_CHECK_SECONDS
        while time.monotonic() < deadline:
            code = self.exit_code()
            if code is not None:
                hint = self._permission_hint(self.output_tail())
                return f"exited with code {code} before listening{hint}"
            if self._accepts():
                return None
            if time.monotonic() >= next_door_check:
                next_door_check += DOOR_CHECK_SECONDS
                wrong_door = self._listens_on_tcp_only()
                if wrong_door is not None:
                    return wrong_door
            time.sleep(0.02)
        return f"not listening after {seconds:.0f} s"

    def _permission_hint(self, output: str) -> str:
        """Explain a "Permission denied" of a bot that runs under a uid of its own."""
        if self.jail.uid is None or "Permission denied" not in output:
            return ""
        return (
            f" (under sandbox '{self.sandbox.level.value}' the bot runs as uid {self.jail.uid}: "
            "its program, its folder and every folder above them must be readable by others)"
        )

    def _accepts(self) -> bool:
        """Return whether a connection to the bot's address opens now."""
        family = socket.AF_UNIX if self.address.startswith("unix:") else socket.AF_INET
        target: str | tuple[str, int] = (
            self.address.removeprefix("unix:")
            if family == socket.AF_UNIX
            else ("127.0.0.1", self.port)
        )
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.settimeout(0.2)
            try:
                probe.connect(target)
            except OSError:
                return False
            return True

    def _listens_on_tcp_only(self) -> str | None:
        """Name the TCP port a bot listens on when its level gives it no network (``strict``)."""
        if self.jail.confinement.network:
            return None
        for info in self.jail.members(snapshot(), self.pid):
            ports = tcp_listen_ports(info.pid) if info.pid != self.pid else []
            if ports:
                return (
                    f"listens on TCP port {ports[0]} inside its sandbox, but under sandbox "
                    f"'strict' a bot has no network: listen on the Unix socket named by "
                    f"RUCKUS_ADDRESS (unix:{SOCKET_INSIDE}/...; the Python and Node SDKs do "
                    f"this), or run the bot with sandbox level 'basic' (`--sandbox basic`, "
                    f'or [sandbox] level = "basic" in a tournament)'
                )
        return None

    def ended(self, timeout: float) -> str | None:
        """Wait up to ``timeout`` seconds for the bot to end; say how it ended, or None."""
        code = self.wait_exit(timeout)
        return None if code is None else f"exited with code {code}"

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
        """Return the last ``limit`` characters the bot wrote to stdout/stderr: once the
        process has ended, all of it; while it runs, once the copy of its output is quiet."""
        if self._popen.poll() is not None:
            self._pump.join(timeout=STOP_GRACE_SECONDS)
        else:
            wait_until_quiet(self.output_path)
        return output_tail(self.output_path, limit)

    def _signal_group(self, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._popen.pid, signum)

    def stop(self) -> None:
        """End the bot and every process it started: SIGTERM, then SIGKILL after a grace."""
        confined = self.jail.confined
        tree = [] if not confined or self.jail.own_uid else self.jail.members(snapshot(), self.pid)
        if self._popen.poll() is None:
            self._signal_group(signal.SIGTERM)
            if self.wait_exit(STOP_GRACE_SECONDS) is None:
                self._signal_group(signal.SIGKILL)
                self.wait_exit(STOP_GRACE_SECONDS)
        self._signal_group(signal.SIGKILL)
        WATCHDOG.forget(self.jail)
        if confined:
            kill_pids([info.pid for info in tree])
            self.jail.kill_all(self._popen.pid)
        self._pump.join(timeout=STOP_GRACE_SECONDS)
        self.jail.close()
        with _live_lock:
            _live.discard(self)


def stop_all() -> None:
    """Stop every bot process this harness started that is still registered."""
    with _live_lock:
        processes = list(_live)
    for process in processes:
        process.stop()


atexit.register(stop_all)
