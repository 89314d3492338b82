"""The referee service as callers meet it: a `ruckus referee serve` process and stand-in bots,
all on 127.0.0.1, called over real gRPC."""

from __future__ import annotations

import contextlib
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import grpc
import pytest

RUCKUS = [sys.executable, "-c", "from tournaments.cli import app; app()"]
STANDIN = Path(__file__).with_name("standin_bot.py")
LISTENING = re.compile(r"listening on \S+:(\d+)")
START_SECONDS = 60.0


def _first_line(process: subprocess.Popen[str], seconds: float) -> str:
    """Return the first line ``process`` prints, waiting at most ``seconds``."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], seconds)
    assert ready, "the process printed nothing"
    return process.stdout.readline()


def _stop(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


GRPC_POOL_THREAD = "event_engine"
"""The name of gRPC core's own pool threads, which its lifeguard thread adds while the pool is
backed up (a loaded host) and ends once they idle: they come and go by themselves."""


def threads_of(pid: int) -> int:
    """Return how many threads process ``pid`` has, gRPC core's pool threads aside (the
    Python threads: the server's, each match's, each bot channel's)."""
    names = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            names.append((task / "comm").read_text().strip())
        except OSError:
            continue  # it ended while we looked
    return sum(1 for name in names if name != GRPC_POOL_THREAD)


def descendants_of(pid: int) -> set[int]:
    """Return every live process below ``pid`` (children, their children, ...)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue  # it ended while we looked
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    """Poll ``condition`` every 50 ms for at most ``seconds``; return whether it came true."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


class Referee:
    """A running `ruckus referee serve` process and a channel to it."""

    def __init__(self, process: subprocess.Popen[str], port: int, workdir: Path) -> None:
        self.process = process
        self.port = port
        self.workdir = workdir
        self.channel = grpc.insecure_channel(f"127.0.0.1:{port}")
        grpc.channel_ready_future(self.channel).result(timeout=START_SECONDS)

    @property
    def pid(self) -> int:
        return self.process.pid

    def threads(self) -> int:
        return threads_of(self.pid)

    def steady_threads(self, seconds: float = 10.0) -> int:
        """Return the thread count once it has held for half a second (threads of calls that
        just ended may still be on their way out)."""
        deadline = time.monotonic() + seconds
        counts = [self.threads()]
        while len(set(counts[-5:])) > 1 or len(counts) < 5:
            assert time.monotonic() < deadline, f"thread count never settled: {counts}"
            time.sleep(0.1)
            counts.append(self.threads())
        return counts[-1]

    def children(self) -> set[int]:
        return descendants_of(self.pid)

    def stderr(self) -> str:
        return (self.workdir / "referee.err").read_text(errors="replace")

    def unary(self, method: str) -> grpc.UnaryUnaryMultiCallable:
        """A raw (bytes in, bytes out) unary method, ``/service/Method``."""
        return self.channel.unary_unary(method)

    def run_match(self) -> grpc.UnaryStreamMultiCallable:
        """RunMatch, raw: bytes in, bytes out."""
        return self.channel.unary_stream("/ruckus.v1.Referee/RunMatch")


@contextlib.contextmanager
def running_referee(workdir: Path, *options: str) -> Iterator[Referee]:
    """Start `ruckus referee serve` on a free loopback port with ``options``; stop it after."""
    workdir.mkdir(parents=True, exist_ok=True)
    command = [*RUCKUS, "referee", "serve", "--port", "0", "--logs", str(workdir / "logs")]
    with (workdir / "referee.err").open("w") as errors:
        process = subprocess.Popen(
            [*command, *options], stdout=subprocess.PIPE, stderr=errors, text=True
        )
    try:
        line = _first_line(process, START_SECONDS)
        found = LISTENING.search(line)
        assert found, f"no port in {line!r}: {(workdir / 'referee.err').read_text()}"
        referee = Referee(process, int(found.group(1)), workdir)
        yield referee
        referee.channel.close()
    finally:
        _stop(process)


@contextlib.contextmanager
def standin_bot(mode: str) -> Iterator[str]:
    """Start a stand-in bot (``hang`` or ``refuse``); yield its ``grpc://`` address."""
    process = subprocess.Popen(
        [sys.executable, str(STANDIN), mode], stdout=subprocess.PIPE, text=True
    )
    try:
        port = int(_first_line(process, START_SECONDS))
        yield f"grpc://127.0.0.1:{port}"
    finally:
        _stop(process)


@pytest.fixture(scope="session")
def refusing_bot() -> Iterator[str]:
    """The address of a bot that plays no installed game: a match with it ends at once."""
    with standin_bot("refuse") as address:
        yield address


@pytest.fixture(scope="session")
def hung_bot() -> Iterator[str]:
    """The address of a bot that accepts every Play stream and never answers."""
    with standin_bot("hang") as address:
        yield address


@pytest.fixture(scope="module")
def referee(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Referee]:
    """A referee service with the default options (per test module)."""
    with running_referee(tmp_path_factory.mktemp("referee")) as running:
        yield running
