"""Remote play with locked doors: certificates, bots started as a user starts a remote bot
(with ``RUCKUS_TLS_*`` and ``RUCKUS_TOKEN``), and the ``ruckus`` command, all on loopback."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from referee.transport.process import free_port

from .certs import Certs, make_certs

ROOT = Path(__file__).resolve().parents[2]
RUCKUS = [sys.executable, "-c", "from tournaments.cli import app; app()"]
NODE_BOT = ROOT / "sample_bots" / "node" / "random_bot.js"
START_SECONDS = 30.0
COMMAND_SECONDS = 180


def clean_environment(**extra: str) -> dict[str, str]:
    """Return this process's environment without any ``RUCKUS_*`` variable, plus ``extra``."""
    kept = {name: value for name, value in os.environ.items() if not name.startswith("RUCKUS_")}
    return {**kept, **extra}


def wait_for_line(process: subprocess.Popen[str], log: Path, pattern: str) -> re.Match[str]:
    """Wait until ``log`` has a line matching ``pattern``; fail if the process ends first."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        found = re.search(pattern, log.read_text(errors="replace"), re.MULTILINE)
        if found:
            return found
        if process.poll() is not None:
            pytest.fail(f"exited with {process.returncode} before {pattern!r}:\n{log.read_text()}")
        time.sleep(0.05)
    pytest.fail(f"no line matching {pattern!r} within {START_SECONDS} s:\n{log.read_text()}")


@dataclass
class Launcher:
    """Starts long-running processes for one test and stops them all at its end."""

    folder: Path
    processes: list[subprocess.Popen[str]]

    def start(
        self, name: str, argv: list[str], env: dict[str, str], ready: str
    ) -> tuple[subprocess.Popen[str], re.Match[str], Path]:
        """Start ``argv``, its output to ``NAME.log``; return once a line matches ``ready``."""
        log = self.folder / f"{name}.log"
        with log.open("w") as sink:
            process = subprocess.Popen(
                argv,
                stdout=sink,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
                text=True,
                cwd=ROOT,
            )
        self.processes.append(process)
        return process, wait_for_line(process, log, ready), log

    def bot(self, language: str = "python", **variables: str) -> str:
        """Start a random Pilfer bot on a free loopback port with ``RUCKUS_*`` ``variables``
        (``RUCKUS_TLS_CERT=...`` as ``TLS_CERT=...``); return its ``host:port``."""
        port = free_port()
        if language == "node":
            node = shutil.which("node")
            if node is None:
                pytest.skip("Node.js is not installed")
            argv = [node, str(NODE_BOT), "--port", str(port)]
        else:
            argv = [sys.executable, "-m", "sample_bots.pilfer_random", "--port", str(port)]
        env = clean_environment(**{f"RUCKUS_{name}": value for name, value in variables.items()})
        self.start(f"{language}-bot-{port}", argv, env, r"listening on ")
        return f"127.0.0.1:{port}"

    def referee(self, *options: str, env: dict[str, str] | None = None) -> tuple[int, Path]:
        """Start ``ruckus referee serve --port 0 OPTIONS``; return its port and its log."""
        argv = [*RUCKUS, "referee", "serve", "--port", "0", "--logs", str(self.folder / "logs")]
        argv += ["--sandbox", "none", *options]
        _, found, log = self.start(
            "referee", argv, env or clean_environment(), r"referee listening on \S+:(\d+)"
        )
        return int(found[1]), log

    def stop(self) -> None:
        """Stop every process this launcher started."""
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


@pytest.fixture(scope="session")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Certs:
    """A CA, a server and a client certificate signed by it, and an unrelated CA."""
    return make_certs(tmp_path_factory.mktemp("certs"))


@pytest.fixture
def token() -> str:
    """A fresh random token."""
    return secrets.token_urlsafe(24)


@pytest.fixture
def launch(tmp_path: Path) -> Iterator[Launcher]:
    """Start bots and referees for one test; all are stopped at its end."""
    launcher = Launcher(tmp_path, [])
    yield launcher
    launcher.stop()


def ruckus(
    *args: str, env: dict[str, str] | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """Run one ``ruckus`` command to its end (bounded in time) and return what it did."""
    return subprocess.run(
        [*RUCKUS, *args],
        capture_output=True,
        text=True,
        timeout=COMMAND_SECONDS,
        check=False,
        env={**(env or clean_environment()), "COLUMNS": "200"},
        cwd=cwd,
        stdin=subprocess.DEVNULL,
    )
