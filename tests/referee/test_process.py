"""Local bot processes: own process group, stdin closed, capped output, whole group stopped."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from referee.sandbox import Level, Sandbox
from referee.transport import process as process_module
from referee.transport.process import BotProcess, free_port, missing_command_file, stop_all


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_for(predicate, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


UNCONFINED = Sandbox(Level.NONE)
"""The process mechanics below are the same at every level; pids are only real outside a
PID namespace (the confined levels are tested in tests/sandbox)."""


def test_bot_gets_a_port_a_closed_stdin_and_its_own_process_group(tmp_path: Path):
    code = (
        "import os, sys; data = sys.stdin.read(); "
        "print(os.environ['RUCKUS_PORT'], repr(data), os.getpgid(0) == os.getpid(), flush=True)"
    )
    bot = BotProcess(python(code), tmp_path / "out.log", UNCONFINED)
    assert bot.wait_exit(10) == 0
    bot.stop()
    assert bot.output_path.read_text().split() == [str(bot.port), "''", "True"]
    assert bot.address == f"127.0.0.1:{bot.port}"


def test_stop_ends_the_whole_process_group(tmp_path: Path):
    code = (
        "import subprocess, sys, time; "
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); "
        "print(child.pid, flush=True); time.sleep(60)"
    )
    bot = BotProcess(python(code), tmp_path / "out.log", UNCONFINED)
    assert wait_for(lambda: bot.output_path.read_text().strip() != "")
    grandchild = int(bot.output_path.read_text().split()[0])
    assert alive(grandchild)
    bot.stop()
    assert bot.exit_code() is not None
    assert wait_for(lambda: not alive(grandchild))


def test_output_is_capped_but_the_bot_is_never_blocked(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(process_module, "OUTPUT_CAP_BYTES", 10_000)
    code = "import sys; sys.stdout.write('x' * 500_000); sys.stdout.flush(); print('done')"
    bot = BotProcess(python(code), tmp_path / "out.log")
    assert bot.wait_exit(10) == 0
    bot.stop()
    text = bot.output_path.read_text()
    assert len(text) < 10_100
    assert text.endswith("[output truncated]\n")


def test_stop_all_stops_every_live_bot(tmp_path: Path):
    bots = [
        BotProcess(python("import time; time.sleep(60)"), tmp_path / f"{i}.log") for i in (1, 2)
    ]
    stop_all()
    assert all(bot.exit_code() is not None for bot in bots)


def test_a_bot_ignoring_sigterm_is_killed(tmp_path: Path):
    code = (
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        "print('ready', flush=True); time.sleep(60)"
    )
    bot = BotProcess(python(code), tmp_path / "out.log")
    assert wait_for(lambda: "ready" in bot.output_path.read_text())
    began = time.monotonic()
    bot.stop()
    assert bot.exit_code() is not None
    assert time.monotonic() - began < 4


def test_free_port_is_on_loopback_and_bindable():
    import socket

    port = free_port()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", port))


def test_only_a_missing_program_file_is_named(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "bot.py").write_text("")
    assert missing_command_file(["python", "mine/bot.py"]) is None
    assert missing_command_file(["python", "bot.py"], bot_dir=tmp_path / "mine") is None
    for fine in (
        ["python", "-m", "pkg.bot", "x/y"],
        ["bash", "-c", "cd a && b/c.py"],
        ["node"],
        ["java", "-cp", "c/d:e/f.jar", "Bot"],
    ):
        assert missing_command_file(fine) is None
    missing = missing_command_file(["python", "-u", "mybott/bot.py", "--log", "out/x.txt"])
    assert missing == (
        f"its command names a file that does not exist: mybott/bot.py ({tmp_path}/mybott/bot.py)"
    )
    assert missing_command_file(["./build/bot"]) is not None
    assert missing_command_file([sys.executable, str(tmp_path / "gone.py")]) == (
        f"its command names a file that does not exist: {tmp_path / 'gone.py'}"
    )
