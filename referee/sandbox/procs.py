"""What ``/proc`` says about processes: owner, parent, memory, CPU time, listening sockets.

Everything here reads ``/proc`` once per call and never raises for a process that ends while
it is read (processes come and go between two reads).
"""

from __future__ import annotations

import contextlib
import os
import signal
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
_PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")
_TICKS = os.sysconf("SC_CLK_TCK")
_TCP_LISTEN = "0A"


@dataclass(frozen=True)
class ProcessInfo:
    """One process as ``/proc/<pid>`` shows it."""

    pid: int
    ppid: int
    uid: int
    rss_bytes: int
    cpu_seconds: float
    """User and system time of the process (all its threads)."""


def read_process(pid: int, uid: int = -1) -> ProcessInfo | None:
    """Return the process ``pid`` from its ``stat`` file, or None if it is gone.

    ``uid`` is recorded as given (pass -1 when the owner does not matter: it costs a call).
    """
    try:
        raw = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # The command name (field 2) may hold spaces and parentheses: split after its last ")".
    fields = raw[raw.rindex(")") + 2 :].split()
    if fields[0] == "Z":
        return None  # a zombie holds no memory and runs nothing
    ticks = sum(int(value) for value in fields[11:13])  # utime stime
    return ProcessInfo(
        pid=pid,
        ppid=int(fields[1]),
        uid=uid,
        rss_bytes=int(fields[21]) * _PAGE_BYTES,
        cpu_seconds=ticks / _TICKS,
    )


def _read_owned(pid: int) -> ProcessInfo | None:
    try:
        uid = os.stat(PROC / str(pid)).st_uid
    except OSError:
        return None
    return read_process(pid, uid)


def snapshot() -> list[ProcessInfo]:
    """Return every process visible now."""
    found = []
    for entry in os.scandir(PROC):
        if entry.name.isdigit():
            info = _read_owned(int(entry.name))
            if info is not None:
                found.append(info)
    return found


def descendants(root: int, processes: list[ProcessInfo]) -> list[ProcessInfo]:
    """Return ``root`` and every process below it in ``processes`` (a snapshot)."""
    children: dict[int, list[ProcessInfo]] = {}
    by_pid = {info.pid: info for info in processes}
    for info in processes:
        children.setdefault(info.ppid, []).append(info)
    tree = [by_pid[root]] if root in by_pid else []
    for info in tree:
        tree.extend(children.get(info.pid, []))
    return tree


def owned_by(uid: int, processes: list[ProcessInfo]) -> list[ProcessInfo]:
    """Return the processes of ``processes`` whose owner is ``uid``."""
    return [info for info in processes if info.uid == uid]


def kill_pids(pids: list[int]) -> None:
    """SIGKILL every pid of ``pids`` that still exists."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def tcp_listen_ports(pid: int) -> list[int]:
    """Return the TCP ports that sockets in ``pid``'s network namespace listen on."""
    ports: set[int] = set()
    for table in ("tcp", "tcp6"):
        try:
            lines = (PROC / str(pid) / "net" / table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) > 3 and fields[3] == _TCP_LISTEN:
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return sorted(ports)
