"""One bot's confinement: its folders, its uid, the command line and environment it starts with.

The jail holds what is the bot's own (its command line, folder, uid and limits) and asks its
level's :class:`~referee.sandbox.confinement.Confinement` for every step that depends on the
level. Layout on the harness's side (the bot sees none of it but what its level binds in)::

    /tmp/ruckus-jails-XXXX/         0711, one per harness process, removed at exit
        <jail>/                     0711, one per bot process
            status                  written by the watchdog when it stops the bot (0600)
            sock/                   strict: the bot's Unix socket, bound at /run/ruckus
            scratch/                basic: the bot's HOME and TMPDIR, emptied at the end
"""

from __future__ import annotations

import atexit
import os
import random
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from referee.sandbox import holdings, procs
from referee.sandbox.confinement import Confinement
from referee.sandbox.levels import Level
from referee.sandbox.limits import Limits
from referee.sandbox.runtime import NODE_SDK_VARIABLE, SYSTEM_FOLDERS, node_sdk_folder

BOT_UIDS = range(2_100_000_000, 2_100_000_000 + 1_000_000)
"""The uids given to bots when the harness is root: far above any real account."""
KILL_ROUNDS = 50

_uids_lock = threading.Lock()
_uids_taken: set[int] = set()
_root_lock = threading.Lock()
_root: Path | None = None


@dataclass(frozen=True)
class Sandbox:
    """How the harness starts every local bot: a level and the limits."""

    level: Level
    limits: Limits = field(default_factory=Limits)


def _jails_root() -> Path:
    """Return this process's folder of jails, creating it on first use."""
    global _root
    with _root_lock:
        if _root is None:
            _root = Path(tempfile.mkdtemp(prefix="ruckus-jails-"))
            _root.chmod(0o711)
            atexit.register(shutil.rmtree, _root, True)
        return _root


def _take_uid() -> int:
    """Return a bot uid that no process uses and no other jail of this process holds."""
    in_use = {info.uid for info in procs.snapshot()}
    with _uids_lock:
        while True:
            uid = random.choice(BOT_UIDS)
            if uid not in in_use and uid not in _uids_taken:
                _uids_taken.add(uid)
                return uid


def _absolute_arguments(argv: tuple[str, ...]) -> list[str]:
    """Return ``argv`` with every argument that names an existing path made absolute.

    The executable keeps its symlinks (a virtual environment's ``python`` finds its packages
    through its own path) but loses ``..`` parts, which could cross folders the bot cannot see.
    """
    executable = shutil.which(argv[0]) or argv[0]
    resolved = [
        os.path.normpath(os.path.abspath(executable)) if os.sep in executable else executable
    ]
    for argument in argv[1:]:
        path = Path(argument)
        resolved.append(
            str(path.resolve()) if not path.is_absolute() and path.exists() else argument
        )
    return resolved


def default_bot_dir(argv: tuple[str, ...]) -> Path | None:
    """Return the folder of the bot's script (its first argument naming a file), else of its
    executable when that lives outside the system folders."""
    for argument in argv[1:]:
        if not argument.startswith("-") and Path(argument).is_file():
            return Path(argument).resolve().parent
    executable = shutil.which(argv[0])
    if executable is not None and not executable.startswith(SYSTEM_FOLDERS):
        return Path(executable).resolve().parent
    return None


def read_limit(status_path: Path) -> str | None:
    """Return what the watchdog wrote in a jail's status file, or None if it wrote nothing."""
    try:
        return status_path.read_text(encoding="utf-8") or None
    except OSError:
        return None


class Jail:
    """The confinement of one bot process; :meth:`close` removes every trace of it."""

    def __init__(
        self,
        sandbox: Sandbox,
        argv: tuple[str, ...],
        bot_dir: Path | None,
        readable: tuple[Path, ...] = (),
    ) -> None:
        self.sandbox = sandbox
        self.readable = readable
        """Folders the bot may read besides the runtimes' and its own (the game packages)."""
        self.confinement: Confinement = sandbox.level.confinement
        self.argv = tuple(_absolute_arguments(argv))
        self.bot_dir = bot_dir.resolve() if bot_dir is not None else default_bot_dir(argv)
        self.folder = Path(tempfile.mkdtemp(dir=_jails_root()))
        self.folder.chmod(0o711)
        own_uid = self.confinement.confined and os.geteuid() == 0
        self.uid = _take_uid() if own_uid else None
        self.status_path = self.folder / "status"
        self.matches = 0
        """Matches this bot has been given (the watchdog's CPU budget is per match)."""
        for name in self.confinement.private_folders:
            self._private_folder(name)

    def _private_folder(self, name: str) -> None:
        path = self.folder / name
        path.mkdir(mode=0o700)
        if self.uid is not None:
            os.chown(path, self.uid, self.uid)

    @property
    def private_paths(self) -> list[Path]:
        """The folders the jail made for the bot alone (their files count against ``file_mb``)."""
        return [self.folder / name for name in self.confinement.private_folders]

    @property
    def limits(self) -> Limits:
        """What the bot may use."""
        return self.sandbox.limits

    @property
    def confined(self) -> bool:
        """Whether the bot is confined at all (see :class:`Confinement`)."""
        return self.confinement.confined

    @property
    def own_uid(self) -> bool:
        """Whether the bot runs under a uid of its own."""
        return self.uid is not None

    def address(self, port: int) -> str:
        """Return where the referee reaches the bot (a Unix socket under ``strict``)."""
        return self.confinement.address(self, port)

    def environment(self, port: int, inherited: dict[str, str]) -> dict[str, str]:
        """Return the bot's environment: what its level keeps of ``inherited``, with its port
        and where the Node.js SDK is."""
        listen = {"RUCKUS_PORT": str(port)}
        node_sdk = node_sdk_folder()
        if node_sdk is not None:
            listen[NODE_SDK_VARIABLE] = str(node_sdk)  # the copy every level lets the bot read
        return self.confinement.environment(self, listen, inherited)

    def cwd(self) -> Path | None:
        """Return the folder the bot starts in (its own folder when confined)."""
        return self.confinement.cwd(self)

    def command(self) -> list[str]:
        """Return the full command line: limits, namespaces, uid, then the bot's own argv."""
        return self.confinement.command(self)

    def members(self, snapshot: list[procs.ProcessInfo], root_pid: int) -> list[procs.ProcessInfo]:
        """Return the bot's processes: all of its uid's, else the tree below ``root_pid``."""
        if self.uid is not None:
            return procs.owned_by(self.uid, snapshot)
        return procs.descendants(root_pid, snapshot)

    def kill_all(self, root_pid: int) -> None:
        """SIGKILL every process of the bot, in any session or group, until none is left."""
        for _ in range(KILL_ROUNDS):
            members = self.members(procs.snapshot(), root_pid)
            if not members:
                return
            procs.kill_pids([info.pid for info in members])
            time.sleep(0.01)

    def limit_exceeded(self) -> str | None:
        """Return the limit the watchdog stopped this bot for, if it did."""
        return read_limit(self.status_path)

    def close(self) -> None:
        """Remove the jail's folders and what the bot's uid left in the shared folders and in
        System V IPC (the processes are gone already), and free its uid."""
        shutil.rmtree(self.folder, ignore_errors=True)
        if self.uid is not None:
            holdings.remove_owned(self.uid)
            with _uids_lock:
                _uids_taken.discard(self.uid)
