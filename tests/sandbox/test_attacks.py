"""Bots are adversaries: each attacker bot tries one door, in a real sandbox, and fails.

Every test starts real bot processes (the attacker of ``attacker.py`` and a random bot) over
real gRPC inside real bubblewrap (``strict``) or under a uid of their own (``basic``).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from referee.match import FaultCode
from referee.sandbox import Level, Limits

from .conftest import CONFINED, attacker, output, play

SEED = 8_123_456_789_012


def private_run_folder(root: Path) -> Path:
    """Make a run folder as the runner does (0700) with a log and a definition naming SEED."""
    run = root / "run"
    (run / "logs").mkdir(parents=True)
    run.chmod(0o700)
    (run / "logs" / "m.jsonl").write_text(json.dumps({"type": "header", "seed": SEED}) + "\n")
    (run / "results.sqlite").write_bytes(f"seed {SEED}".encode())
    (run / "league.toml").write_text(f"seed = {SEED}\n")
    return run


@pytest.mark.parametrize("level", CONFINED, ids=lambda level: level.value)
def test_a_cheat_learns_neither_the_seed_nor_the_harness_secrets(tmp_path, monkeypatch, level):
    monkeypatch.setenv("RUCKUS_TOKEN", "token-of-the-harness")
    monkeypatch.setenv("CLOUD_SECRET", "secret-of-the-harness")
    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    (home / ".netrc").write_text("password secret-of-the-harness\n")
    monkeypatch.setenv("HOME", str(home))
    run = private_run_folder(tmp_path)
    targets = [run, run / "logs" / "m.jsonl", run / "league.toml", home, home / ".netrc"]
    out = tmp_path / "out"
    result = play([attacker("cheat", *targets), "random"], out, level, log=run / "live.jsonl")
    seen = output(out)
    assert "ATTACK DONE cheat" in seen
    assert result.faults == ()
    for secret in (str(SEED), "token-of-the-harness", "secret-of-the-harness", '"seed"'):
        assert secret not in seen
    found = [line for line in seen.splitlines() if line.startswith("FOUND")]
    assert not [line for line in found if line.split()[1] in ("read", "list")], found
    assert not [line for line in found if "environ" in line or "environment" in line], found
    if level is Level.STRICT:
        assert str(os.getpid()) + "/" not in seen  # the harness is not even visible
        assert not [line for line in found if "/cwd" in line], found


@pytest.mark.parametrize("level", CONFINED, ids=lambda level: level.value)
def test_a_forger_can_neither_write_the_run_folder_nor_kill_the_runner(tmp_path, level):
    run = private_run_folder(tmp_path)
    forged = run / "logs" / "rr" / "a~b" / "g0.jsonl"
    out = tmp_path / "out"
    result = play([attacker("forge", forged), "random"], out, level)
    seen = output(out)
    assert not forged.exists()  # under strict it wrote into its own private /tmp at most
    if level is Level.BASIC:
        assert "BLOCKED write run folder" in seen
    assert "FOUND kill parent" not in seen
    assert result.faults == () and result.decisions > 0


@pytest.mark.parametrize("level", CONFINED, ids=lambda level: level.value)
def test_a_memory_hog_is_stopped_as_resource_limit(tmp_path, level):
    out = tmp_path / "out"
    result = play([attacker("hog"), "random"], out, level, Limits(memory_mb=200))
    (fault,) = result.faults
    assert fault.seat == 0 and fault.code is FaultCode.RESOURCE_LIMIT
    assert "memory_mb = 200" in fault.detail
    held = [int(line.split()[1]) for line in output(out).splitlines() if line.startswith("holding")]
    assert max(held) < 1024  # stopped long before it could take the machine


@pytest.mark.parametrize("level", CONFINED, ids=lambda level: level.value)
def test_a_cpu_burner_is_stopped_as_resource_limit(tmp_path, level):
    out = tmp_path / "out"
    result = play([attacker("burn"), "random"], out, level, Limits(cpu_s=1))
    (fault,) = result.faults
    assert fault.code is FaultCode.RESOURCE_LIMIT and "cpu_s = 1" in fault.detail


def marked_processes(marker: str) -> list[int]:
    """Return the pids whose command line holds ``marker``."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


@pytest.mark.parametrize("level", CONFINED, ids=lambda level: level.value)
def test_an_orphan_in_its_own_session_is_gone_when_the_match_ends(tmp_path, level):
    marker = f"{random.randrange(10**6, 10**7)}.5"
    out = tmp_path / "out"
    play([attacker("orphan", marker), "random"], out, level)
    assert "FOUND orphan started" in output(out)
    deadline = time.monotonic() + 3.0
    while marked_processes(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert marked_processes(marker) == []


@pytest.mark.parametrize("level", CONFINED, ids=lambda level: level.value)
def test_a_huge_file_is_refused_at_file_mb(tmp_path, level):
    out = tmp_path / "out"
    result = play([attacker("bigfile"), "random"], out, level, Limits(file_mb=8))
    line = next(line for line in output(out).splitlines() if "big file" in line)
    assert line.startswith("BLOCKED big file")
    written = int(line.split("refused after ")[1].split(" MB")[0])
    assert written <= 8
    assert result.faults == ()


@pytest.mark.parametrize("level", CONFINED, ids=lambda level: level.value)
def test_a_fork_bomb_is_capped_at_processes(tmp_path, level):
    if os.geteuid() != 0:
        pytest.skip("RLIMIT_NPROC caps a bot only under a uid of its own (the harness is root)")
    out = tmp_path / "out"
    result = play([attacker("forkbomb"), "random"], out, level, Limits(processes=64))
    line = next(line for line in output(out).splitlines() if " fork:" in line)
    assert line.startswith("BLOCKED fork")
    assert int(line.split("refused after ")[1].split(":")[0]) < 64
    # Its own threads may now fail to start too: whatever happens next is a classified fault.
    assert all(fault.seat == 0 for fault in result.faults)


@pytest.mark.parametrize("level", CONFINED, ids=lambda level: level.value)
def test_a_live_log_in_an_open_folder_is_the_harness_users_only(tmp_path, level):
    # As `ruckus play --log match.jsonl` in a folder others may enter.
    shared = Path(tempfile.mkdtemp(prefix="ruckus-test-"))
    shared.chmod(0o755)
    log = shared / "match.jsonl"
    out = tmp_path / "out"
    try:
        result = play([attacker("cheat", log), "random"], out, level, log=log)
        assert log.stat().st_mode & 0o777 == 0o600
    finally:
        shutil.rmtree(shared)
    seen = output(out)
    assert result.faults == ()
    assert "BLOCKED read" in seen and '"seed"' not in seen
