"""One bot's confinement: its folders, its uid, the command line and environment it starts with.

Layout on the harness's side (the bot sees none of it but what is bound into its sandbox)::

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

from referee.sandbox import procs
from referee.sandbox.levels import Level
from referee.sandbox.limits import MB, Limits, prlimit_prefix
from referee.sandbox.runtime import (
    MERGED_USR,
    NODE_SDK_VARIABLE,
    SYSTEM_FOLDERS,
    node_sdk_folder,
    runtime_folders,
)

SOCKET_INSIDE = "/run/ruckus"
"""Where a strict bot finds the folder of its socket."""
SOCKET_NAME = "bot.sock"
BOT_UIDS = range(2_100_000_000, 2_100_000_000 + 1_000_000)
"""The uids given to bots when the harness is root: far above any real account."""
ENVIRONMENT_KEPT = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ")
"""The harness's variables a sandboxed bot still sees (plus HOME, TMPDIR, RUCKUS_PORT,
RUCKUS_ADDRESS under ``strict``, and RUCKUS_NODE_SDK where the Node.js SDK is)."""
DOOR_VARIABLES = frozenset(
    {"RUCKUS_TOKEN", "RUCKUS_TLS_CERT", "RUCKUS_TLS_KEY", "RUCKUS_TLS_CLIENT_CA"}
)
"""The TLS and token settings of a referee service: never handed to a bot it starts, even at
``none`` (the token is the service's secret, and the referee calls its own bots in plaintext)."""
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


def _parents(folders: list[Path]) -> list[Path]:
    """Return the ancestors of ``folders`` (outermost first, ``/`` excluded), each once.

    bubblewrap would create them as mount points with mode 0700; the bot needs to pass.
    """
    seen: list[Path] = []
    for folder in folders:
        for parent in reversed(folder.parents[:-1]):
            if parent not in seen:
                seen.append(parent)
    return seen


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
        self.level = sandbox.level
        self.argv = tuple(_absolute_arguments(argv))
        self.bot_dir = bot_dir.resolve() if bot_dir is not None else default_bot_dir(argv)
        self.folder = Path(tempfile.mkdtemp(dir=_jails_root()))
        self.folder.chmod(0o711)
        confined = self.level is not Level.NONE
        self.uid = _take_uid() if confined and os.geteuid() == 0 else None
        self.status_path = self.folder / "status"
        self.matches = 0
        """Matches this bot has been given (the watchdog's CPU budget is per match)."""
        self.socket_path = self.folder / "sock" / SOCKET_NAME
        if self.level is Level.STRICT:
            self._private_folder("sock")
        if self.level is Level.BASIC:
            self._private_folder("scratch")

    def _private_folder(self, name: str) -> Path:
        path = self.folder / name
        path.mkdir(mode=0o700)
        if self.uid is not None:
            os.chown(path, self.uid, self.uid)
        return path

    @property
    def own_uid(self) -> bool:
        """Whether the bot runs under a uid of its own."""
        return self.uid is not None

    def address(self, port: int) -> str:
        """Return where the referee reaches the bot (a Unix socket under ``strict``)."""
        if self.level is Level.STRICT:
            return f"unix:{self.socket_path}"
        return f"127.0.0.1:{port}"

    def environment(self, port: int, inherited: dict[str, str]) -> dict[str, str]:
        """Return the bot's environment: the harness's own at ``none`` (less its
        :data:`DOOR_VARIABLES`), else an allowlist."""
        listen = {"RUCKUS_PORT": str(port)}
        node_sdk = node_sdk_folder()
        if node_sdk is not None:
            listen[NODE_SDK_VARIABLE] = str(node_sdk)  # the copy every level lets the bot read
        if self.level is Level.NONE:
            own = {name: value for name, value in inherited.items() if name not in DOOR_VARIABLES}
            return {**own, **listen}
        kept = {name: inherited[name] for name in ENVIRONMENT_KEPT if name in inherited}
        home = "/tmp" if self.level is Level.STRICT else str(self.folder / "scratch")
        if self.level is Level.STRICT:
            listen["RUCKUS_ADDRESS"] = f"unix:{SOCKET_INSIDE}/{SOCKET_NAME}"
        return {**kept, "HOME": home, "TMPDIR": home, "PYTHONUNBUFFERED": "1", **listen}

    def cwd(self) -> Path | None:
        """Return the folder the bot starts in (its own folder when confined)."""
        if self.level is Level.NONE:
            return None
        if self.level is Level.BASIC:
            return self.bot_dir or self.folder / "scratch"
        return None  # strict: bwrap's --chdir

    def command(self) -> list[str]:
        """Return the full command line: limits, namespaces, uid, then the bot's own argv.

        As root, bubblewrap runs privileged (no user namespace, so it can bind any folder) and
        the bot drops to its own uid inside; otherwise bubblewrap runs as the harness's user
        in a user namespace. ``--no-new-privs`` keeps set-uid programs from raising it again.
        """
        setpriv = shutil.which("setpriv")
        if self.level is Level.NONE:
            return [setpriv, "--pdeathsig", "KILL", "--", *self.argv] if setpriv else [*self.argv]
        assert setpriv is not None, "checked by the level's probe"
        limits = prlimit_prefix(
            shutil.which("prlimit") or "prlimit", self.sandbox.limits, self.own_uid
        )
        if self.uid is not None:
            ids = [f"--reuid={self.uid}", f"--regid={self.uid}", "--clear-groups"]
            drop = [setpriv, *ids, "--no-new-privs", "--pdeathsig", "KILL", "--"]
            if self.level is Level.STRICT:
                return [*limits, *self._bwrap(privileged=True), *drop, *self.argv]
            return [*limits, *drop, *self.argv]
        keep = [setpriv, "--no-new-privs", "--pdeathsig", "KILL", "--"]
        if self.level is Level.STRICT:
            return [*limits, *keep, *self._bwrap(privileged=False), *self.argv]
        return [*limits, *keep, *self.argv]

    def _bwrap(self, privileged: bool) -> list[str]:
        """Return the bubblewrap part of the command line (strict)."""
        args = [shutil.which("bwrap") or "bwrap"]
        if privileged:
            args += ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"]
            args += ["--unshare-cgroup-try"]
        else:
            args += ["--unshare-all", "--cap-drop", "ALL"]
        args += ["--die-with-parent", "--new-session", "--hostname", "ruckus"]
        for folder in SYSTEM_FOLDERS:
            args += ["--ro-bind", folder, folder]
        for link in MERGED_USR:
            if os.path.islink(link):
                args += ["--symlink", os.readlink(link), link]
            elif os.path.isdir(link):
                args += ["--ro-bind", link, link]
        args += ["--proc", "/proc", "--dev", "/dev"]
        args += [
            "--size",
            str(self.sandbox.limits.file_mb * MB),
            "--perms",
            "1777",
            "--tmpfs",
            "/tmp",
        ]
        readable = runtime_folders(self.argv[0], self.readable)
        if self.bot_dir is not None:
            readable.append(self.bot_dir)
        for parent in _parents([*readable, Path(SOCKET_INSIDE)]):
            args += ["--perms", "0755", "--dir", str(parent)]
        for path in readable:
            args += ["--ro-bind", str(path), str(path)]
        args += ["--bind", str(self.socket_path.parent), SOCKET_INSIDE]
        args += ["--chdir", str(self.bot_dir or "/tmp")]
        return [*args, "--"]

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
        """Remove the jail's folders (the processes are gone already) and free its uid."""
        shutil.rmtree(self.folder, ignore_errors=True)
        if self.uid is not None:
            with _uids_lock:
                _uids_taken.discard(self.uid)
