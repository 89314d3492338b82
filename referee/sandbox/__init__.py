"""Sandboxes for untrusted bot processes: levels, limits, jails and the limits watchdog.

This package knows processes and the operating system, nothing of gRPC, games or
tournaments: :mod:`referee.transport.process` starts a bot inside a :class:`Jail`.
"""

from referee.sandbox.jail import Jail, Sandbox
from referee.sandbox.levels import (
    AUTO,
    Level,
    SandboxError,
    resolve,
    sandbox_line,
    strongest,
    unavailable,
)
from referee.sandbox.limits import Limits
from referee.sandbox.watchdog import WATCHDOG

__all__ = [
    "AUTO",
    "WATCHDOG",
    "Jail",
    "Level",
    "Limits",
    "Sandbox",
    "SandboxError",
    "resolve",
    "sandbox_line",
    "strongest",
    "unavailable",
]
