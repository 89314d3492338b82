"""What a sandbox level does to a bot: the steps a :class:`~referee.sandbox.jail.Jail` asks of it.

Each level is one object implementing :class:`Confinement`: ``strict``
(:mod:`referee.sandbox.level_strict`), ``basic`` (:mod:`referee.sandbox.level_basic`) and
``none`` (:mod:`referee.sandbox.level_none`); :mod:`referee.sandbox.levels` links each
:class:`~referee.sandbox.levels.Level` to its object. A level reads the jail it works for
through :class:`JailView`. The steps the confining levels share (an allowlisted environment, the
rlimits, the filters of :mod:`referee.sandbox.lockdown` and ``setpriv`` in front of the bot) are
here.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Protocol

from referee.sandbox.limits import Limits, prlimit_prefix

LOCKDOWN = Path(__file__).resolve().with_name("lockdown.py")
"""The script that sets a confined bot's kernel filters, then starts the rest of its command."""
ENVIRONMENT_KEPT = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ")
"""The harness's variables a confined bot still sees (plus HOME, TMPDIR, RUCKUS_PORT,
RUCKUS_ADDRESS under ``strict``, and RUCKUS_NODE_SDK where the Node.js SDK is)."""


class JailView(Protocol):
    """What a level reads of the jail of one bot process."""

    @property
    def argv(self) -> tuple[str, ...]:
        """The bot's command line, its paths absolute."""
        ...

    @property
    def bot_dir(self) -> Path | None:
        """The bot's own folder, readable to it (None: it has none)."""
        ...

    @property
    def folder(self) -> Path:
        """The jail's folder on the harness's side (the bot sees only what a level binds)."""
        ...

    @property
    def uid(self) -> int | None:
        """The bot's own uid (given only when the harness runs as root), else None."""
        ...

    @property
    def limits(self) -> Limits:
        """What the bot may use."""
        ...

    @property
    def readable(self) -> tuple[Path, ...]:
        """Folders the bot may read besides the runtimes' and its own (the game packages)."""
        ...


class Confinement(Protocol):
    """One sandbox level: how it confines a bot, step by step."""

    @property
    def confined(self) -> bool:
        """Whether the bot is confined at all: a uid of its own as root, the watchdog's limits,
        every process of it killed at the end."""
        ...

    @property
    def network(self) -> bool:
        """Whether the bot may listen on loopback TCP (else only on its Unix socket)."""
        ...

    @property
    def protects(self) -> str:
        """What the level protects, in the words of the line that names it."""
        ...

    @property
    def private_folders(self) -> tuple[str, ...]:
        """The folders (0700, the bot's uid's) the jail makes for the bot in its own folder."""
        ...

    def unavailable(self) -> str | None:
        """Return why this level cannot start here beyond what every confining level needs
        (Linux, ``prlimit``, ``setpriv``), or None."""
        ...

    def address(self, jail: JailView, port: int) -> str:
        """Return where the referee reaches the bot (``port``: a free loopback port)."""
        ...

    def environment(
        self, jail: JailView, listen: dict[str, str], inherited: dict[str, str]
    ) -> dict[str, str]:
        """Return the bot's environment from the harness's ``inherited`` one; ``listen`` holds
        the variables every bot gets (its port, where the Node.js SDK is)."""
        ...

    def cwd(self, jail: JailView) -> Path | None:
        """Return the folder the bot starts in (None: the starter's choice)."""
        ...

    def command(self, jail: JailView) -> list[str]:
        """Return the full command line that starts the bot's ``argv`` at this level."""
        ...


def allowlisted(inherited: dict[str, str], home: str, listen: dict[str, str]) -> dict[str, str]:
    """Return the environment of a confined bot: :data:`ENVIRONMENT_KEPT` of ``inherited``,
    ``HOME`` and ``TMPDIR`` at ``home``, unbuffered Python, then ``listen``."""
    kept = {name: inherited[name] for name in ENVIRONMENT_KEPT if name in inherited}
    return {**kept, "HOME": home, "TMPDIR": home, "PYTHONUNBUFFERED": "1", **listen}


def limits_prefix(jail: JailView) -> list[str]:
    """Return the ``prlimit`` part of a confined bot's command line."""
    prlimit = shutil.which("prlimit") or "prlimit"
    return prlimit_prefix(prlimit, jail.limits, jail.uid is not None)


def lockdown_prefix(tcp_own_port: bool) -> list[str]:
    """Return the :mod:`referee.sandbox.lockdown` part of a confined bot's command line (run by
    the harness's Python, isolated from the bot's environment); ``tcp_own_port``: the bot binds
    only its own TCP port and connects to none."""
    return [sys.executable, "-I", str(LOCKDOWN), *(["--tcp-own-port"] * tcp_own_port), "--"]


def setpriv_prefix(jail: JailView) -> list[str]:
    """Return the ``setpriv`` part of a confined bot's command line: its own uid when it has one,
    no new privileges, killed with its parent.

    ``--no-new-privs`` keeps set-uid programs from raising the bot's privileges again.
    """
    setpriv = shutil.which("setpriv")
    assert setpriv is not None, "checked by the level's probe"
    ids = []
    if jail.uid is not None:
        ids = [f"--reuid={jail.uid}", f"--regid={jail.uid}", "--clear-groups"]
    return [setpriv, *ids, "--no-new-privs", "--pdeathsig", "KILL", "--"]
