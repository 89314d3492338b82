"""Sandbox levels, the object that confines a bot at each, and which of them work here.

- ``strict``: bubblewrap namespaces, no network, the bot's own folder read-only, reached over
  a Unix socket (:mod:`referee.sandbox.level_strict`).
- ``basic``: no namespaces; a uid of the bot's own when the harness runs as root, a scrubbed
  environment, rlimits, loopback TCP on its own port only (:mod:`referee.sandbox.level_basic`).

Both confining levels start the bot behind :mod:`referee.sandbox.lockdown` (no new namespaces or
mounts).
- ``none``: the bot runs as the harness's user with its whole environment (debugging only;
  :mod:`referee.sandbox.level_none`).

Each :class:`Level` names its :class:`~referee.sandbox.confinement.Confinement` object
(``Level.STRICT.confinement``), which the jail asks for every step.
"""

from __future__ import annotations

import enum
import functools
import shutil
import sys

from referee.sandbox.confinement import Confinement
from referee.sandbox.level_basic import BasicConfinement
from referee.sandbox.level_none import NoConfinement
from referee.sandbox.level_strict import StrictConfinement

CONFINING_TOOLS = ("prlimit", "setpriv")
"""What every confining level starts a bot with (util-linux)."""


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

    @property
    def confinement(self) -> Confinement:
        """The object that confines a bot at this level."""
        return _CONFINEMENTS[self]


_CONFINEMENTS: dict[Level, Confinement] = {
    Level.NONE: NoConfinement(),
    Level.BASIC: BasicConfinement(),
    Level.STRICT: StrictConfinement(),
}

AUTO = "auto"
"""Asks for the strongest level that works here."""


@functools.cache
def unavailable(level: Level) -> str | None:
    """Return why ``level`` cannot run here, or None when it works (probed once): a confining
    level needs Linux and :data:`CONFINING_TOOLS`, then passes its own probe."""
    confinement = level.confinement
    if not confinement.confined:
        return None
    if not sys.platform.startswith("linux"):
        return "sandboxing needs Linux"
    for tool in CONFINING_TOOLS:
        if shutil.which(tool) is None:
            return f"{tool} (util-linux) is not installed"
    return confinement.unavailable()


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


def sandbox_line(level: Level) -> str:
    """Return the one line that says which sandbox the bots run in."""
    return f"sandbox: {level.value} ({level.confinement.protects})"
