"""Resource limits of a sandboxed bot, and the ``prlimit`` prefix that sets the kernel's share.

Two kinds of enforcement, by what the kernel can do:

- ``open_files`` and ``file_mb`` are rlimits (``RLIMIT_NOFILE``, ``RLIMIT_FSIZE``) set before
  the bot starts; ``processes`` is ``RLIMIT_NPROC`` too when the bot runs under a uid of its
  own (threads count as processes there). A bot over one of these gets an error from the
  system call (``EMFILE``, ``EFBIG``, ``EAGAIN``), never more of the resource.
- ``memory_mb`` (resident memory of all the bot's processes together, plus the shared memory
  they hold that no process maps), ``file_mb`` (all the bot's files together: see
  :mod:`referee.sandbox.holdings`), ``cpu_s`` (CPU seconds per match the bot plays, over its
  whole life) and ``processes`` (otherwise) are watched by :mod:`referee.sandbox.watchdog`,
  which stops a bot over them and says which limit it passed.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

MB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """What one bot may use; the defaults are far above what a normal bot needs."""

    memory_mb: int = 2048
    cpu_s: int = 300
    processes: int = 256
    open_files: int = 1024
    file_mb: int = 256

    BOUNDS: ClassVar[dict[str, tuple[int, int]]] = {
        "memory_mb": (16, 1_048_576),
        "cpu_s": (1, 86_400),
        "processes": (4, 65_536),
        "open_files": (16, 1_048_576),
        "file_mb": (1, 1_048_576),
    }
    """Allowed range of each field, inclusive."""

    def __post_init__(self) -> None:
        for field in fields(self):
            low, high = self.BOUNDS[field.name]
            value = getattr(self, field.name)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise ValueError(f"{field.name} must be an integer in {low}..{high}, got {value!r}")

    def describe(self, name: str) -> str:
        """Return ``name = value`` for one limit, as it is written in a tournament's TOML."""
        return f"{name} = {getattr(self, name)}"


def prlimit_prefix(prlimit: str, limits: Limits, own_uid: bool) -> list[str]:
    """Return the argv prefix that starts a command under ``limits``' rlimits.

    ``RLIMIT_NPROC`` counts every process of the real uid, so it is set only when the bot has
    a uid of its own (``own_uid``); otherwise the watchdog counts the bot's processes. No POSIX
    message queue (``RLIMIT_MSGQUEUE`` 0): they would outlive the bot where nothing lists them.
    """
    prefix = [
        prlimit,
        f"--nofile={limits.open_files}",
        f"--fsize={limits.file_mb * MB}",
        "--core=0",
        "--msgqueue=0",
    ]
    if own_uid:
        prefix.append(f"--nproc={limits.processes}")
    return [*prefix, "--"]
