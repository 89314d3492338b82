"""Bots that try to escape their limits through the kernel's side doors, each in a real sandbox.

A namespace of their own with a tmpfs no limit counts, memory in files they never map, files in
the folders every uid shares (left behind after the match), and connections to the other bots
listening on loopback TCP under ``basic``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.match import FaultCode
from referee.sandbox import Level, Limits

from .conftest import CONFINED, attacker, output, play

TIGHT = Limits(memory_mb=256, file_mb=64)


@pytest.mark.parametrize("level", CONFINED, ids=lambda level: level.value)
def test_no_tmpfs_of_its_own_and_memory_in_memfd_files_is_stopped_at_memory_mb(tmp_path, level):
    out = tmp_path / "out"
    result = play([attacker("ownmount"), "random"], out, level, TIGHT)
    seen = output(out)
    assert "BLOCKED own tmpfs" in seen and "FOUND own tmpfs" not in seen, seen[-3000:]
    assert "holding 32 MB in memfd files" in seen  # the second attack ran
    (fault,) = result.faults
    assert fault.seat == 0 and fault.code is FaultCode.RESOURCE_LIMIT
    assert "memory_mb = 256" in fault.detail and "shared memory" in fault.detail


def _sysv_segments_of(uid: int) -> list[str]:
    header, *rows = Path("/proc/sysvipc/shm").read_text().splitlines()
    column = header.split().index("uid")
    return [row for row in rows if int(row.split()[column]) == uid]


@pytest.mark.parametrize("where", ["scratch", "shared"])
def test_files_spilled_anywhere_are_capped_at_file_mb_and_gone_after_the_match(tmp_path, where):
    out = tmp_path / "out"
    result = play([attacker("spill", where), "random"], out, Level.BASIC, TIGHT)
    seen = output(out)
    lines = seen.splitlines()
    spilled = [Path(line.split()[1]) for line in lines if line.startswith("SPILL ")]
    assert len(spilled) == 4, seen[-3000:]  # /tmp, /var/tmp, /dev/shm and its scratch folder
    assert "FOUND System V segment" in seen
    (fault,) = result.faults
    assert fault.seat == 0 and fault.code is FaultCode.RESOURCE_LIMIT
    # files in /dev/shm are shared memory too: whichever of the two caps the watchdog sees
    # crossed first stops the bot
    caps = ("file_mb = 64", "memory_mb = 256") if where == "shared" else ("file_mb = 64",)
    assert any(cap in fault.detail for cap in caps), fault.detail
    assert [folder for folder in spilled if folder.exists()] == []
    uid = int(next(line.split()[1] for line in lines if line.startswith("UID ")))
    assert _sysv_segments_of(uid) == []


def test_a_basic_bot_can_neither_reach_nor_flood_the_other_bots(tmp_path):
    out = tmp_path / "out"
    flooder = attacker("flood")
    result = play([flooder, "random"], out, Level.BASIC, Limits(open_files=2500))
    seen = output(out)
    assert "FOUND listening ports" in seen, seen[-3000:]  # its opponent's port, at least
    assert "BLOCKED connect" in seen and "FOUND connect" not in seen, seen[-3000:]
    assert result.faults == () and result.decisions > 0
