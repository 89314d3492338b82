"""The watchdog: one thread that enforces the limits the kernel cannot set for a bot.

Every ``INTERVAL`` seconds it reads the ``stat`` file of each process it knows a watched bot
has, and adds up their resident memory and the CPU time they have used (a process that has
ended keeps counting with its last reading). Once every ``DISCOVERY_TICKS`` ticks it reads all
of ``/proc`` to find the bot's new processes (by the bot's uid, else below its first process):
the frequent reading costs one file per bot process, the full one about one per process of the
machine. At the same full reading it measures what the bots hold beyond their processes
(:mod:`referee.sandbox.holdings`: files, and shared memory no process maps), scanning the shared
folders once for all of them. A bot over ``memory_mb`` (resident memory plus that shared
memory), ``file_mb`` (all its files together), ``processes`` or ``cpu_s`` times the matches it
was given is stopped: the watchdog writes the limit into the jail's status file first (so the
referee classifies the fault as ``RESOURCE_LIMIT`` with the limit in the detail), then kills
every process of the bot.
"""

from __future__ import annotations

import contextlib
import threading
import time
from dataclasses import dataclass, field

from referee.sandbox import holdings, procs
from referee.sandbox.holdings import Holdings
from referee.sandbox.jail import Jail
from referee.sandbox.limits import MB

INTERVAL = 0.05
DISCOVERY_TICKS = 10


@dataclass
class _Watched:
    jail: Jail
    root_pid: int
    known: set[int] = field(default_factory=set)
    cpu_by_pid: dict[int, float] = field(default_factory=dict)
    held: Holdings = field(default_factory=Holdings)

    def discover(self, snapshot: list[procs.ProcessInfo], shared: Holdings) -> None:
        """Add the bot's processes found in a full ``snapshot``; measure what they hold, given
        what the bot's uid holds in the ``shared`` folders."""
        self.known.update(info.pid for info in self.jail.members(snapshot, self.root_pid))
        held = Holdings(holdings.private_bytes(self.jail.private_paths), 0)
        held.add(shared)
        held.add(holdings.held_open(self.known))
        self.held = held

    def check(self) -> str | None:
        """Read the known processes; return the limit this bot is over now, or None."""
        members = [info for pid in self.known if (info := procs.read_process(pid)) is not None]
        self.known = {info.pid for info in members}
        limits = self.jail.sandbox.limits
        for info in members:
            self.cpu_by_pid[info.pid] = info.cpu_seconds
        resident = sum(info.rss_bytes for info in members)
        memory = resident + self.held.shared_memory
        if memory > limits.memory_mb * MB:
            shared = self.held.shared_memory // MB
            held = f"it held {memory // MB} MB, {shared} MB of them shared memory no process maps"
            return f"{limits.describe('memory_mb')} ({held})"
        if self.held.files >= holdings.UNCOUNTABLE:
            deep = f"its folders go more than {holdings.MAX_DEPTH} deep, too deep to count"
            return f"{limits.describe('file_mb')} ({deep})"
        if self.held.files > limits.file_mb * MB:
            return f"{limits.describe('file_mb')} (its files held {self.held.files // MB} MB)"
        if not self.jail.own_uid and len(members) > limits.processes:
            return f"{limits.describe('processes')} (it ran {len(members)})"
        cpu = sum(self.cpu_by_pid.values())
        matches = max(1, self.jail.matches)
        if cpu > limits.cpu_s * matches:
            used = f"it used {cpu:.1f} CPU seconds over {matches} matches"
            return f"{limits.describe('cpu_s')} per match ({used})"
        return None


class Watchdog:
    """Watches every registered bot until it is unregistered."""

    def __init__(self, interval: float = INTERVAL) -> None:
        self.interval = interval
        self._watched: dict[int, _Watched] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def watch(self, jail: Jail, root_pid: int) -> None:
        """Start enforcing ``jail``'s limits on the bot started as ``root_pid``."""
        with self._lock:
            self._watched[id(jail)] = _Watched(jail, root_pid, known={root_pid})
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._loop, name="sandbox-watchdog", daemon=True
                )
                self._thread.start()

    def forget(self, jail: Jail) -> None:
        """Stop watching ``jail``."""
        with self._lock:
            self._watched.pop(id(jail), None)

    def _loop(self) -> None:
        tick = 0
        while True:
            with self._lock:
                watched = list(self._watched.values())
                if not watched:
                    self._thread = None
                    return
            if tick % DISCOVERY_TICKS == 0:
                snapshot = procs.snapshot()
                uids = {entry.jail.uid for entry in watched if entry.jail.uid is not None}
                shared = holdings.shared_by_owner(uids)
                for entry in watched:
                    uid = entry.jail.uid
                    mine = shared.get(uid, Holdings()) if uid is not None else Holdings()
                    entry.discover(snapshot, mine)
            for entry in watched:
                problem = entry.check()
                if problem is not None:
                    self._stop(entry, problem)
            tick += 1
            time.sleep(self.interval)

    def _stop(self, entry: _Watched, problem: str) -> None:
        """Record why the bot is stopped, then kill it; it is no longer watched.

        The jail may be closing at the same moment (its folder gone): the bot is killed anyway.
        """
        with contextlib.suppress(OSError):
            entry.jail.status_path.write_text(problem, encoding="utf-8")
            entry.jail.status_path.chmod(0o600)
        entry.jail.kill_all(entry.root_pid)
        self.forget(entry.jail)


WATCHDOG = Watchdog()
"""The process's watchdog (bots are started and watched from one process)."""
