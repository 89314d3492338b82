"""Full matches between bot processes over gRPC on loopback, and the ``ruckus play`` command."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from interruptible import with_default_sigint

from referee.matchlog import read_log
from referee.sandbox import Level, Sandbox
from referee.transport.process import BotProcess

RUCKUS = [sys.executable, "-c", "from tournaments.cli import app; app()"]


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie awaiting its reaper counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.parametrize("game", ["pilfer", "wabbit"])
def test_full_match_between_two_bot_processes(game: str, workdir: Path, kit):
    result, log = kit.play_match(game, ["random", f"{game}-random"], workdir, seed=3)
    assert result.faults == ()
    assert result.forfeited_seat is None
    assert result.decisions > 20
    kit.assert_log_verifies(log)
    lines = read_log(log)
    assert [seat.name for seat in lines.header.seats] == [f"{game}-random"] * 2
    assert len(lines.decisions) == result.decisions


def test_four_seat_match_against_a_bot_at_a_grpc_address(workdir: Path, kit):
    argv = [sys.executable, "-m", "sample_bots.pilfer_random"]
    bot = BotProcess(argv, workdir / "remote.log", Sandbox(Level.NONE))  # as a user starts it
    try:
        remote = f"grpc://{bot.address}"
        result, log = kit.play_match("pilfer", ["random", remote, "random", remote], workdir)
    finally:
        bot.stop()
    assert result.faults == ()
    assert read_log(log).header.seats[1].source == remote
    kit.assert_log_verifies(log)


def test_ruckus_play_prints_the_result_and_writes_a_log(workdir: Path, kit):
    log = workdir / "cli.jsonl"
    command = [*RUCKUS, "play", "pilfer", "--bot", "random", "--bot", "random", "--seed", "5"]
    done = subprocess.run(
        [*command, "--log", str(log)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "seat 0 pilfer-random" in done.stdout
    assert "rank" in done.stdout and "seed 5" in done.stdout
    assert "sandbox: " in done.stderr  # which level the bots ran in, in one line
    kit.assert_log_verifies(log)


def test_ruckus_play_without_a_seed_draws_a_secret_one_and_says_it_at_the_end(workdir: Path):
    command = [*RUCKUS, "play", "pilfer", "--bot", "random", "--bot", "random"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    seed = int(done.stdout.split("; seed ")[1].split()[0])
    assert seed.bit_length() > 32  # not a small number a bot could guess (odds 2**-31)


def test_ruckus_play_rejects_an_unknown_bot():
    done = subprocess.run(
        [*RUCKUS, "play", "pilfer", "--bot", "nosuchbot", "--bot", "random"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    assert "unknown sample bot" in done.stderr


def _pids_with(marker: str) -> list[int]:
    """Return the pids of the processes whose last argument is ``marker``."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                arguments = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if arguments[-2:-1] == [marker.encode()]:
                pids.append(int(entry.name))
    return pids


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_interrupted_play_leaves_no_bot_behind_and_a_readable_log(workdir: Path, kit, signum):
    marker = f"marker-{uuid.uuid4().hex}"
    log = workdir / "cut.jsonl"
    command = [
        *RUCKUS,
        "play",
        "pilfer",
        "--bot",
        "random",
        "--bot",
        f"{kit.fault_bot('sleep', 5)} {marker}",
        "--decision-ms",
        "60000",
        "--startup-ms",
        "60000",
        "--log",
        str(log),
    ]
    process = subprocess.Popen(
        with_default_sigint(command), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 60
        while (
            time.monotonic() < deadline
            and process.poll() is None
            and not (log.exists() and len(read_log(log).decisions) >= 5)
        ):
            time.sleep(0.1)
        assert process.poll() is None, process.communicate(timeout=10)
        bot_pids = _pids_with(marker)  # the bot (and its sandbox), seen from outside
        assert bot_pids and all(_alive(pid) for pid in bot_pids)
        process.send_signal(signum)
        process.wait(timeout=20)
    finally:
        process.kill()
        process.communicate(timeout=10)
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in bot_pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in bot_pids)
    cut = read_log(log)
    assert cut.header is not None and not cut.complete and cut.problems == []
    assert len(cut.decisions) >= 5
    assert all(line["digest"] for line in cut.decisions)


def test_ruckus_play_watch_prints_the_board_as_it_goes():
    done = subprocess.run(
        [*RUCKUS, "play", "wabbit", "-b", "random", "-b", "random", "--watch", "--seed", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n#") > 20
    assert "seat 1: wabbit-random" in done.stdout
    assert "ended by" in done.stdout


def test_ruckus_referee_serve_answers_health_checks_and_stops_on_sigterm(workdir: Path):
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    from referee.transport.process import free_port

    port = free_port()
    command = [*RUCKUS, "referee", "serve", "--port", str(port), "--logs", str(workdir)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            ready = grpc.channel_ready_future(channel)
            deadline = time.monotonic() + 60
            while not ready.done():
                assert server.poll() is None, server.communicate(timeout=10)
                assert time.monotonic() < deadline, "the referee never listened"
                time.sleep(0.1)
            check = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(), timeout=10
            )
        assert check.status == health_pb2.HealthCheckResponse.SERVING
        time.sleep(1.5)
        assert server.poll() is None, "the referee stopped by itself"
        server.send_signal(signal.SIGTERM)
        out, _ = server.communicate(timeout=20)
    finally:
        server.kill()
    assert f"127.0.0.1:{port}" in out
