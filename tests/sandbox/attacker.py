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
"""

from __future__ import annotations

import os
import signal
import sys
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


ATTACKS = {"cheat": cheat, "forge": forge, "hog": hog, "orphan": orphan, "burn": burn}
ATTACKS.update(bigfile=bigfile, forkbomb=forkbomb, seek=seek)


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
