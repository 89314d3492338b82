"""What a bot holds beyond its processes' resident memory: files and shared memory.

The watchdog adds these to what it counts against the bot's limits, and a jail removes what
the bot's uid left behind when it closes. A bot holds

- files (against ``file_mb``): those in its jail's private folders (``basic``'s scratch,
  ``strict``'s socket folder); under a uid of its own, the files that uid owns in the shared
  folders anyone may write (:data:`SHARED_FOLDERS`); and deleted files its processes keep open;
- shared memory (against ``memory_mb``, beside its processes' resident memory): under a uid of
  its own, the files that uid owns in :data:`SHM_FOLDER`, and the System V shared memory
  segments of that uid that no process has attached (an attached segment's pages are in the
  resident memory of the processes using it); and the memfd files its processes keep open.

A file counts by its size, or by the blocks it takes when it has holes, and once however many
names it has. Folders are walked without recursion, to :data:`MAX_DEPTH`. Folders
are scanned where the bot can write: folders its uid owns and folders anyone may write.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from referee.sandbox.procs import PROC

SHARED_FOLDERS = ("/tmp", "/var/tmp", "/run/lock")
"""Disk-backed (or at least not the bot's memory) folders every uid may write."""
SHM_FOLDER = "/dev/shm"
"""Where POSIX shared memory lives (a tmpfs: its files are memory)."""
MAX_DEPTH = 32
"""How deep below a folder its files are counted; a bot's folder deeper than that makes what
it holds :data:`UNCOUNTABLE` (no bot needs such a tree, and counting it has no end)."""
UNCOUNTABLE = 1 << 62
"""The bytes of what cannot be counted: more than any limit allows."""
SYSV = PROC / "sysvipc"
_IPCRM_OPTIONS = {"shm": ("-m", "shmid"), "sem": ("-s", "semid"), "msg": ("-q", "msqid")}
"""Each System V table, with ``ipcrm``'s option for its objects and the column of their ids."""


@dataclass
class Holdings:
    """Bytes a bot holds in files and in shared memory that no process maps."""

    files: int = 0
    shared_memory: int = 0

    def add(self, other: Holdings) -> None:
        """Add ``other``'s bytes to these."""
        self.files += other.files
        self.shared_memory += other.shared_memory


@dataclass
class _Tally:
    """Inodes seen (each counted once) and their bytes, by owner."""

    seen: set[tuple[int, int]] = field(default_factory=set)
    bytes: int = 0
    too_deep: bool = False

    def count(self, info: os.stat_result) -> None:
        key = (info.st_dev, info.st_ino)
        if key not in self.seen:
            self.seen.add(key)
            self.bytes += min(info.st_size, info.st_blocks * 512)


def _scan(folder: str, uids: set[int] | None, tallies: dict[int, _Tally]) -> None:
    """Count the regular files below ``folder`` by owner: of ``uids`` only (None: every file,
    under the key -1), entering folders those uids own or anyone may write, down to
    :data:`MAX_DEPTH` (a folder of an owner counted deeper than that makes its tally
    uncountable)."""
    pending = [(folder, 0)]
    while pending:
        path, depth = pending.pop()
        try:
            entries = list(os.scandir(path))
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            owner = -1 if uids is None else info.st_uid
            counted = uids is None or info.st_uid in uids
            if stat.S_ISDIR(info.st_mode) and (counted or info.st_mode & stat.S_IWOTH):
                if depth < MAX_DEPTH:
                    pending.append((entry.path, depth + 1))
                elif counted:
                    tallies.setdefault(owner, _Tally()).too_deep = True
            elif stat.S_ISREG(info.st_mode) and counted:
                tallies.setdefault(owner, _Tally()).count(info)


def _tally(folders: Iterable[str], uids: set[int] | None) -> dict[int, int]:
    tallies: dict[int, _Tally] = {}
    for folder in folders:
        _scan(folder, uids, tallies)
    return {uid: UNCOUNTABLE if tally.too_deep else tally.bytes for uid, tally in tallies.items()}


def shared_by_owner(uids: set[int]) -> dict[int, Holdings]:
    """Return what each of ``uids`` holds in the shared folders and System V segments (one scan
    of the folders for all of them)."""
    if not uids:
        return {}
    files, shm = _tally(SHARED_FOLDERS, uids), _tally((SHM_FOLDER,), uids)
    segments = _unattached_segments(uids)
    return {
        uid: Holdings(files.get(uid, 0), shm.get(uid, 0) + segments.get(uid, 0)) for uid in uids
    }


def private_bytes(folders: Iterable[Path]) -> int:
    """Return the bytes of the files below ``folders`` (the bot's own: everything counts)."""
    return _tally((str(folder) for folder in folders), None).get(-1, 0)


def held_open(pids: Iterable[int]) -> Holdings:
    """Return the memfd files and deleted files that the processes ``pids`` keep open."""
    files, memory = _Tally(), _Tally()
    for pid in pids:
        fds = PROC / str(pid) / "fd"
        try:
            names = os.listdir(fds)
        except OSError:
            continue
        for name in names:
            try:
                target = os.readlink(fds / name)
                if not (target.startswith("/memfd:") or target.endswith(" (deleted)")):
                    continue
                info = os.stat(fds / name)
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                shm = target.startswith(("/memfd:", SHM_FOLDER + "/"))
                (memory if shm else files).count(info)
    return Holdings(files.bytes, memory.bytes)


def _sysv_table(kind: str) -> list[dict[str, str]]:
    """Return the rows of ``/proc/sysvipc/<kind>`` as column name to value."""
    try:
        header, *rows = (SYSV / kind).read_text().splitlines()
    except (OSError, ValueError):
        return []
    names = header.split()
    return [dict(zip(names, row.split(), strict=False)) for row in rows]


def _owner(row: dict[str, str], uids: set[int]) -> int | None:
    for column in ("uid", "cuid"):
        if column in row and int(row[column]) in uids:
            return int(row[column])
    return None


def _unattached_segments(uids: set[int]) -> dict[int, int]:
    """Return the resident bytes of the System V shared memory segments of ``uids`` that no
    process has attached."""
    held: dict[int, int] = {}
    for row in _sysv_table("shm"):
        uid = _owner(row, uids)
        if uid is not None and row.get("nattch") == "0":
            held[uid] = held.get(uid, 0) + int(row.get("rss", row.get("size", "0")))
    return held


def remove_owned(uid: int) -> None:
    """Remove what ``uid`` left in the shared folders and :data:`SHM_FOLDER` (its folders whole)
    and its System V shared memory segments, semaphore sets and message queues."""
    for folder in (*SHARED_FOLDERS, SHM_FOLDER):
        _remove_below(folder, uid)
    arguments = []
    for kind, (option, id_column) in _IPCRM_OPTIONS.items():
        for row in _sysv_table(kind):
            if _owner(row, {uid}) is not None and id_column in row:
                arguments += [option, row[id_column]]
    ipcrm = shutil.which("ipcrm")
    if arguments and ipcrm is not None:
        subprocess.run([ipcrm, *arguments], capture_output=True, check=False)


def _remove_tree(path: str) -> None:
    """Remove the folder ``path`` however deep it goes (``rm`` walks it without recursion)."""
    rm = shutil.which("rm")
    if rm is not None:
        subprocess.run(
            [rm, "-rf", "--one-file-system", "--", path], capture_output=True, check=False
        )
    else:
        shutil.rmtree(path, ignore_errors=True)


def _remove_below(folder: str, uid: int, depth: int = 0) -> None:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        with contextlib.suppress(OSError):
            if info.st_uid == uid and stat.S_ISDIR(info.st_mode):
                _remove_tree(entry.path)
            elif info.st_uid == uid:
                os.unlink(entry.path)
            elif stat.S_ISDIR(info.st_mode) and info.st_mode & stat.S_IWOTH and depth < MAX_DEPTH:
                _remove_below(entry.path, uid, depth + 1)
