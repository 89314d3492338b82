"""Sandbox level ``strict``: bubblewrap (``bwrap``) namespaces around the bot.

Own PID, mount, IPC, UTS and network namespaces with no network at all; the system and the
runtimes read-only, the bot's own folder read-only, a private ``/tmp``; the referee reaches
the bot over a Unix socket. As root, bubblewrap runs privileged (no user namespace, so it can
bind any folder) and the bot drops to its own uid inside; otherwise bubblewrap runs as the
harness's user in a user namespace. Inside, the lockdown filters
(:mod:`referee.sandbox.lockdown`) keep the bot from making namespaces (a user namespace of its
own would let it mount a tmpfs that no limit counts) or mounts of its own.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from referee.sandbox.confinement import (
    JailView,
    allowlisted,
    limits_prefix,
    lockdown_prefix,
    setpriv_prefix,
)
from referee.sandbox.limits import MB
from referee.sandbox.probes import as_bot_user, probe
from referee.sandbox.runtime import MERGED_USR, SYSTEM_FOLDERS, runtime_folders

SOCKET_FOLDER = "sock"
"""The folder of the bot's Unix socket inside its jail's folder."""
SOCKET_INSIDE = "/run/ruckus"
"""Where a strict bot finds the folder of its socket."""
SOCKET_NAME = "bot.sock"
HOME_INSIDE = "/tmp"
"""The bot's HOME and TMPDIR: a private tmpfs of ``file_mb``."""
ROOT_NAMESPACES = ("--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts")
"""The namespaces privileged bubblewrap (as root) gives the bot."""
USER_NAMESPACES = ("--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL")
"""The namespaces bubblewrap gives the bot as the harness's user: all of them, and a user
namespace in which the kernel refuses the bot one more (besides the lockdown's filter). As root
bubblewrap makes no user namespace: the bot's uid inside would be root's outside."""


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


def _system_binds() -> list[str]:
    """Return the bubblewrap arguments that show the system's folders read-only."""
    args = []
    for folder in SYSTEM_FOLDERS:
        args += ["--ro-bind", folder, folder]
    for link in MERGED_USR:
        if os.path.islink(link):
            args += ["--symlink", os.readlink(link), link]
        elif os.path.isdir(link):
            args += ["--ro-bind", link, link]
    return args


def _bwrap(jail: JailView) -> list[str]:
    """Return the bubblewrap part of the command line (privileged when the bot has a uid)."""
    args = [shutil.which("bwrap") or "bwrap"]
    if jail.uid is not None:
        args += [*ROOT_NAMESPACES, "--unshare-cgroup-try"]
    else:
        args += USER_NAMESPACES
    args += ["--die-with-parent", "--new-session", "--hostname", "ruckus"]
    args += _system_binds()
    args += ["--proc", "/proc", "--dev", "/dev"]
    tmp_size = str(jail.limits.file_mb * MB)
    args += ["--size", tmp_size, "--perms", "1777", "--tmpfs", HOME_INSIDE]
    readable = runtime_folders(jail.argv[0], jail.readable)
    if jail.bot_dir is not None:
        readable.append(jail.bot_dir)
    for parent in _parents([*readable, Path(SOCKET_INSIDE)]):
        args += ["--perms", "0755", "--dir", str(parent)]
    for path in readable:
        args += ["--ro-bind", str(path), str(path)]
    args += ["--bind", str(jail.folder / SOCKET_FOLDER), SOCKET_INSIDE]
    args += ["--chdir", str(jail.bot_dir or HOME_INSIDE)]
    return [*args, "--"]


class StrictConfinement:
    """Level ``strict``: the bot in bubblewrap's namespaces, reached over a Unix socket."""

    confined = True
    network = False
    protects = "namespaces via bubblewrap, no network, only its own folder visible"
    private_folders = (SOCKET_FOLDER,)

    def unavailable(self) -> str | None:
        """Return why bubblewrap cannot create the bot's namespaces (or the lockdown filters
        cannot be set inside them) here, or None. The probe has a ``/dev``: looking up libseccomp
        opens ``/dev/null``."""
        bwrap = shutil.which("bwrap")
        if bwrap is None:
            return "bubblewrap is not installed (Debian: apt-get install bubblewrap)"
        if os.geteuid() == 0:
            inside = [*lockdown_prefix(tcp_own_port=False), *as_bot_user(["true"])]
            argv = [bwrap, *ROOT_NAMESPACES, "--ro-bind", "/", "/", "--dev", "/dev", "--", *inside]
        else:
            inside = [*lockdown_prefix(tcp_own_port=False), "true"]
            argv = [bwrap, *USER_NAMESPACES, "--ro-bind", "/", "/", "--dev", "/dev", "--", *inside]
        problem = probe(argv)
        if problem is not None:
            return f"bubblewrap cannot create namespaces here: {problem}"
        return None

    def address(self, jail: JailView, port: int) -> str:
        """Return the bot's Unix socket, as the harness reaches it."""
        return f"unix:{jail.folder / SOCKET_FOLDER / SOCKET_NAME}"

    def environment(
        self, jail: JailView, listen: dict[str, str], inherited: dict[str, str]
    ) -> dict[str, str]:
        """Return the allowlist, HOME and TMPDIR in the private ``/tmp``, then ``listen`` and
        the socket the bot listens on (``RUCKUS_ADDRESS``)."""
        socket = {"RUCKUS_ADDRESS": f"unix:{SOCKET_INSIDE}/{SOCKET_NAME}"}
        return allowlisted(inherited, HOME_INSIDE, {**listen, **socket})

    def cwd(self, jail: JailView) -> Path | None:
        """Return None: bubblewrap's ``--chdir`` sets the bot's folder."""
        return None

    def command(self, jail: JailView) -> list[str]:
        """Return the rlimits, ``setpriv``, bubblewrap and the lockdown filters, then ``argv``:
        as root bubblewrap comes first and ``setpriv`` drops to the bot's uid inside, after the
        filters (which forbid the namespaces bubblewrap makes, so they come inside it)."""
        limits, setpriv, bwrap = limits_prefix(jail), setpriv_prefix(jail), _bwrap(jail)
        lockdown = lockdown_prefix(tcp_own_port=False)
        if jail.uid is not None:
            return [*limits, *bwrap, *lockdown, *setpriv, *jail.argv]
        return [*limits, *setpriv, *bwrap, *lockdown, *jail.argv]
