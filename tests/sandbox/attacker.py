"""A Pilfer bot that plays random legal moves and, when its first match starts, attacks.

``python attacker.py MODE [TARGET ...]``. Every attempt prints one line, ``FOUND <what>:
<evidence>`` when it got through or ``BLOCKED <what>: <error>`` when it did not, so a test
reads the bot's captured output and asserts that nothing was found. Modes:

- ``cheat TARGET...``: learn the seed or the hidden state: read each TARGET (the run folder,
  its logs and store, the definition file, the harness's home), the command line, working
  folder and environment of every process it can see, its own environment.
- ``seek REVERSED``: look for a secret (given reversed, so that the bot's own command line
  and its sandbox's do not hold it) in the command line of every other process it can see.
- ``forge LOG``: write a forged log at LOG (inside the run folder) and kill its parent.
- ``hog``: allocate and touch memory without end.
- ``orphan MARKER``: start a grandchild in its own session (``sleep MARKER``) that outlives it.
- ``burn``: spin on every core without end.
- ``bigfile``: write a file in its scratch folder until the system refuses.
- ``forkbomb``: start 400 sleeping children and report how many it got.
- ``ownmount``: in a user and mount namespace of its own (``unshare -r -m``), mount a tmpfs and
  hold 1,200 MB there; then hold 1,200 MB in memfd files it never maps.
- ``spill WHERE``: leave 8 MB in each of ``/tmp``, ``/var/tmp``, ``/dev/shm`` and its scratch
  folder and a System V segment of 16 MB, then write 32 MB files up to 400 MB in each of
  ``WHERE`` (``scratch``, or ``shared``: the three shared folders).
- ``flood``: open up to 2,000 connections to every loopback TCP port that listens (but its own).
"""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import ruckus

from sample_bots.random_bot import RandomBot


def report(found: bool, what: str, detail: object) -> None:
    """Print one attempt's outcome."""
    print(f"{'FOUND' if found else 'BLOCKED'} {what}: {str(detail)[:300]!r}", flush=True)


def try_read(what: str, path: Path) -> None:
    """Try to read ``path`` (a file, or every file below a folder)."""
    try:
        if path.is_dir():
            names = [str(item) for item in path.rglob("*")]
            report(bool(names), f"list {what}", names[:20])
            for item in path.rglob("*"):
                if item.is_file():
                    try_read(what, item)
        else:
            report(True, f"read {what}", f"{path}: {path.read_bytes()[:200]!r}")
    except OSError as error:
        report(False, f"read {what}", error)


def cheat(targets: list[str]) -> None:
    """Look for the seed everywhere a bot might."""
    for target in targets:
        try_read(target, Path(target))
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            for name in ("cmdline", "environ"):
                try:
                    text = (entry / name).read_bytes().replace(b"\0", b" ")
                except OSError as error:
                    report(False, f"/proc/{entry.name}/{name}", error)
                    continue
                found = b"ruckus" in text or b"pytest" in text
                report(found, f"/proc/{entry.name}/{name}", text[:200])
            try:
                report(True, f"/proc/{entry.name}/cwd", os.readlink(entry / "cwd"))
            except OSError as error:
                report(False, f"/proc/{entry.name}/cwd", error)
    leaked = {key: value for key, value in os.environ.items() if not key.startswith("RUCKUS_")}
    leaked = {
        key: value
        for key, value in leaked.items()
        if key
        not in (
            "PATH",
            "HOME",
            "TMPDIR",
            "LANG",
            "PYTHONUNBUFFERED",
            "LC_ALL",
            "LC_CTYPE",
            "TZ",
            "PWD",
        )
    }
    report(bool(leaked), "environment", sorted(leaked))


def seek(reversed_secret: str) -> None:
    """Look for the secret in every other process's command line."""
    secret = reversed_secret[::-1].encode()
    holders = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                text = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            if secret in text:
                holders.append(f"{entry.name}: {text[:300]!r}")
    report(bool(holders), "secret in a command line", holders)


def forge(log: str) -> None:
    """Plant a log in the run folder and kill the runner."""
    try:
        Path(log).parent.mkdir(parents=True, exist_ok=True)
        Path(log).write_text('{"type":"header"}\n')
        report(True, "write run folder", log)
    except OSError as error:
        report(False, "write run folder", error)
    parent = os.getppid()
    try:
        os.kill(parent, signal.SIGKILL) if parent > 1 else None
        report(parent > 1, "kill parent", parent)
    except OSError as error:
        report(False, "kill parent", error)


def hog() -> None:
    """Take memory until stopped."""
    chunks = []
    while True:
        chunks.append(bytearray(b"x" * (32 * 1024 * 1024)))
        print(f"holding {len(chunks) * 32} MB", flush=True)


def orphan(marker: str) -> None:
    """Leave a grandchild in a session of its own."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv("/bin/sleep", ["sleep", marker])
        os._exit(0)
    report(True, "orphan started", marker)


def burn() -> None:
    """Spin on every core."""
    for _ in range((os.cpu_count() or 1) - 1):
        if os.fork() == 0:
            break
    while True:
        pass


def bigfile() -> None:
    """Write one file until the system says no."""
    path = Path(os.environ.get("TMPDIR", "/tmp")) / "big.bin"
    written = 0
    try:
        with path.open("wb") as sink:
            for _ in range(4096):
                sink.write(b"\0" * (1024 * 1024))
                sink.flush()
                written += 1
        report(True, "big file", f"{written} MB")
    except OSError as error:
        report(False, "big file", f"refused after {written} MB: {error}")


def forkbomb() -> None:
    """Start many children; say how many the system allowed."""
    started = 0
    try:
        for _ in range(400):
            os.posix_spawn("/bin/sleep", ["sleep", "30"], {})
            started += 1
    except OSError as error:
        report(False, "fork", f"refused after {started}: {error}")
        return
    report(True, "fork", f"started {started}")


HELD: list[object] = []
"""What an attack keeps open until the bot is stopped."""
MB = 1024 * 1024
CHUNK = b"x" * MB
FILL = """
import sys
for n in range(int(sys.argv[2]) // 32):
    with open(f"{sys.argv[1]}/f{n}", "wb") as sink:
        for _ in range(32):
            sink.write(b"x" * 1048576)
print("FILLED", flush=True)
sys.stdin.read()
"""
"""Writes ``argv[2]`` MB in 32 MB files below ``argv[1]``, then waits for its stdin to close."""


def write_mb(path: Path | int, megabytes: int) -> None:
    """Write ``megabytes`` MB to the file ``path`` (a name, or a descriptor kept open)."""
    with open(path, "wb", closefd=isinstance(path, Path)) as sink:
        for _ in range(megabytes):
            sink.write(CHUNK)


def ownmount() -> None:
    """Hold memory in a tmpfs of its own namespace, then in memfd files it never maps."""
    folder = tempfile.mkdtemp()
    script = f"mount -t tmpfs -o size=1300m ruckus $1 && exec {sys.executable} -c '{FILL}' $1 $2"
    filler = subprocess.Popen(
        ["unshare", "-r", "-m", "sh", "-c", script, "fill", folder, "1200"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert filler.stdout is not None
    said = filler.stdout.readline().decode(errors="replace").strip()
    report(said == "FILLED", "own tmpfs", said or f"exit code {filler.wait()}")
    HELD.append(filler)
    for held in range(32, 1201, 32):
        descriptor = os.memfd_create(f"hold{held}")
        write_mb(descriptor, 32)
        HELD.append(descriptor)
        print(f"holding {held} MB in memfd files", flush=True)
    report(True, "memfd", "held 1200 MB")


SPILL_HOLD_SECONDS = 5.0
"""How long the spill holds what it wrote before it plays on (the watchdog stops it sooner)."""


def spill(where: str) -> None:
    """Leave files in the shared folders, the scratch folder and System V memory; fill some."""
    print(f"UID {os.getuid()}", flush=True)
    scratch = Path(os.environ["TMPDIR"])
    folders = [Path(tempfile.mkdtemp(prefix="ruckus-spill-", dir=f)) for f in SPILLED]
    for folder in (*folders, scratch):
        print(f"SPILL {folder}", flush=True)
        write_mb(folder / "first", 8)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.shmat.restype = ctypes.c_void_p
    segment = libc.shmget(0, 16 * MB, 0o1000 | 0o600)  # IPC_PRIVATE, IPC_CREAT
    address = libc.shmat(segment, None, 0)
    ctypes.memset(address, 1, 16 * MB)
    libc.shmdt(ctypes.c_void_p(address))
    report(segment >= 0, "System V segment", segment)
    targets = [scratch] if where == "scratch" else folders
    for written in range(32, 401, 32):
        for folder in targets:
            write_mb(folder / f"more{written}", 32)
        print(f"spilled {written} MB into each of {where}", flush=True)
    report(True, f"spill {where}", "400 MB each")
    time.sleep(SPILL_HOLD_SECONDS)  # hold it, as a bot would: the watchdog's check is periodic


SPILLED = ("/tmp", "/var/tmp", "/dev/shm")


BOT_UIDS = 2_100_000_000
"""The lowest uid the harness gives a bot (the flood spares the machine's other services)."""


def listening_ports() -> list[int]:
    """Return the TCP ports that other bots' sockets listen on."""
    own = int(os.environ.get("RUCKUS_PORT", "0"))
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and int(fields[7]) >= BOT_UIDS:
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return sorted(ports - {own})


def flood() -> None:
    """Open as many connections as it may to every port that listens."""
    ports = listening_ports()
    report(bool(ports), "listening ports", ports)
    for port in ports:
        opened = 0
        try:
            while opened < 2000:
                HELD.append(socket.create_connection(("127.0.0.1", port), timeout=1))
                opened += 1
        except OSError as error:
            report(opened > 0, f"connect {port}", f"{opened} opened, then {error}")
            continue
        report(True, f"connect {port}", f"{opened} opened")


ATTACKS = {"cheat": cheat, "forge": forge, "hog": hog, "orphan": orphan, "burn": burn}
ATTACKS.update(bigfile=bigfile, forkbomb=forkbomb, seek=seek)
ATTACKS.update(ownmount=ownmount, spill=spill, flood=flood)


class Attacker(RandomBot):
    """Plays random legal moves; attacks once, when its first match starts."""

    def __init__(self, mode: str, targets: list[str]) -> None:
        super().__init__("pilfer")
        self.name = f"attacker-{mode}"
        self.mode = mode
        self.targets = targets
        self.attacked = False

    def start(self, start: object) -> None:
        """Attack at the first MatchStart."""
        if not self.attacked:
            self.attacked = True
            attack = ATTACKS[self.mode]
            attack(*self.targets) if self.mode not in ("cheat",) else attack(self.targets)
            print(f"ATTACK DONE {self.mode}", flush=True)


if __name__ == "__main__":
    ruckus.run(Attacker(sys.argv[1], sys.argv[2:]))
