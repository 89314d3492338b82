"""Sandbox levels, and which of them work on this machine.

- ``strict``: bubblewrap (``bwrap``) namespaces: own PID, mount, IPC, UTS and network
  namespace with no network at all; the system and runtimes read-only, the bot's own folder
  read-only, a private ``/tmp``; the referee reaches the bot over a Unix socket.
- ``basic``: no namespaces; a uid of the bot's own when the harness runs as root, a scrubbed
  environment, rlimits, loopback TCP.
- ``none``: the bot runs as the harness's user with its whole environment (debugging only).
"""

from __future__ import annotations

import enum
import functools
import os
import shutil
import subprocess
import sys

PROBE_SECONDS = 10.0
PROBE_UID = 2_099_999_999
"""The uid the probes run as when the harness is root (no process of a bot uses it)."""


class SandboxError(Exception):
    """A sandbox level that was asked for and cannot start here, with the reason."""


class Level(enum.Enum):
    """How strongly a local bot is confined, strongest last."""

    NONE = "none"
    BASIC = "basic"
    STRICT = "strict"

    @classmethod
    def parse(cls, text: str) -> Level:
        """Return the level named ``text``; raise ValueError naming the known ones."""
        try:
            return cls(text)
        except ValueError:
            known = ", ".join(level.value for level in cls)
            raise ValueError(f"unknown sandbox level {text!r}; known: {known}") from None


AUTO = "auto"
"""Asks for the strongest level that works here."""


def _run(argv: list[str]) -> str | None:
    """Run a probe; return None when it succeeds, else what went wrong."""
    try:
        done = subprocess.run(
            argv, capture_output=True, timeout=PROBE_SECONDS, stdin=subprocess.DEVNULL, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).decode(errors="replace").strip().splitlines()
        return lines[-1][-300:] if lines else f"exit code {done.returncode}"
    return None


def as_bot_user(argv: list[str]) -> list[str]:
    """Return ``argv`` run as the probe uid when the harness is root, else unchanged."""
    if os.geteuid() != 0:
        return argv
    setpriv = shutil.which("setpriv") or "setpriv"
    ids = [f"--reuid={PROBE_UID}", f"--regid={PROBE_UID}", "--clear-groups"]
    return [setpriv, *ids, "--", *argv]


@functools.cache
def unavailable(level: Level) -> str | None:
    """Return why ``level`` cannot run here, or None when it works (probed once)."""
    if level is Level.NONE:
        return None
    if not sys.platform.startswith("linux"):
        return "sandboxing needs Linux"
    for tool in ("prlimit", "setpriv"):
        if shutil.which(tool) is None:
            return f"{tool} (util-linux) is not installed"
    python = [sys.executable, "-c", "import grpc"]
    if level is Level.BASIC:
        problem = _run(as_bot_user(python))
        if problem is not None and os.geteuid() == 0:
            return f"a bot's own uid cannot run this Python ({sys.executable}): {problem}"
        return problem
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap is not installed (Debian: apt-get install bubblewrap)"
    if os.geteuid() == 0:
        namespaces = ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"]
        probe = [bwrap, *namespaces, "--ro-bind", "/", "/", "--", *as_bot_user(["true"])]
    else:
        probe = [bwrap, "--unshare-all", "--ro-bind", "/", "/", "--", "true"]
    problem = _run(probe)
    if problem is not None:
        return f"bubblewrap cannot create namespaces here: {problem}"
    return None


def strongest() -> Level:
    """Return the strongest level that works here."""
    for level in (Level.STRICT, Level.BASIC):
        if unavailable(level) is None:
            return level
    return Level.NONE


def resolve(requested: str) -> Level:
    """Return the level for ``requested`` (a level name or ``auto``).

    A level asked for by name that cannot run raises SandboxError with the reason: there is
    no silent downgrade.
    """
    if requested == AUTO:
        return strongest()
    level = Level.parse(requested)
    problem = unavailable(level)
    if problem is not None:
        raise SandboxError(f"sandbox level {level.value!r} cannot start here: {problem}")
    return level


_PROTECTS = {
    Level.STRICT: "namespaces via bubblewrap, no network, only its own folder visible",
    Level.BASIC: "own uid, scrubbed environment, limits; no namespaces",
    Level.NONE: "NOT sandboxed: bots run as you, with your environment and files",
}


def sandbox_line(level: Level) -> str:
    """Return the one line that says which sandbox the bots run in."""
    return f"sandbox: {level.value} ({_PROTECTS[level]})"
