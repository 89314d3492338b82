"""One fault taxonomy: each row of docs/protocol.md's fault table, in every path.

``ruckus play``'s path is tests/e2e/test_faults.py (and tests/sandbox for RESOURCE_LIMIT); here
the same misbehaving bots play one gauntlet (a tournament's pool workers classify the faults)
and one Referee service (a bot at an address, whose process the referee cannot see). Real
processes, real gRPC on 127.0.0.1.
"""

from __future__ import annotations

import sys
from pathlib import Path

import grpc
import pytest
from ruckus.v1 import common_pb2, referee_pb2, referee_pb2_grpc
from tournament_runner.conftest import Recorder

from referee.sandbox import Level, Sandbox
from referee.transport.process import BotProcess
from referee.transport.server import serve
from sample_bots.registry import sample_command
from tournaments.runner import start_run
from tournaments.store import ResultStore

ROOT = Path(__file__).resolve().parents[2]
FAULT_BOTS = ROOT / "tests" / "e2e" / "fault_bots.py"
ATTACKER = ROOT / "tests" / "sandbox" / "attacker.py"

TOURNAMENT_ROWS = {
    "timeout": ("sleep", "TIMEOUT"),
    "crash": ("exit", "CRASHED"),
    "illegal": ("out_of_range", "ILLEGAL_ACTION"),
    "garbage": ("garbage", "MALFORMED"),
    "oversize": ("oversize", "OVERSIZE"),
    "hangup": ("hangup", "DISCONNECTED"),
    "status": ("status", "DISCONNECTED"),
    "nostart": ("die_at_start", "STARTUP_FAILED"),
}
"""Bot name -> (fault_bots mode, the class its match records)."""


def _gauntlet(tmp_path: Path) -> Path:
    bots = ['{ name = "honest", sample = "random" }']
    for name, (mode, _) in TOURNAMENT_ROWS.items():
        bots.append(f'{{ name = "{name}", command = "python {FAULT_BOTS} {mode} 2" }}')
    bots.append(f'{{ name = "hog", command = "python {ATTACKER} hog" }}')
    text = (
        'name = "faults"\ngame = "pilfer"\nplayers = 2\nformat = "gauntlet"\nseed = 3\n'
        f"bots = [{', '.join(bots)}]\n"
        '[gauntlet]\nchampion = "honest"\n[clocks]\ndecision_ms = 1000\nstartup_ms = 5000\n'
        "[limits]\nmemory_mb = 200\n"
    )
    path = tmp_path / "faults.toml"
    path.write_text(text)
    return path


def test_every_row_of_the_fault_table_in_a_tournament(tmp_path):
    start_run(_gauntlet(tmp_path), tmp_path / "run", 2, Recorder(), keep_going=True)
    store = ResultStore.open(tmp_path / "run")
    try:
        results = store.results()
    finally:
        store.close()
    recorded: dict[str, set[str]] = {}
    for result in results:
        for seat, name in enumerate(result.seats):
            recorded.setdefault(name, set()).update(result.faults[seat])
    expected = {name: {code} for name, (_, code) in TOURNAMENT_ROWS.items()}
    expected["hog"] = {"RESOURCE_LIMIT"}
    expected["honest"] = set()
    assert recorded == expected


SERVICE_ROWS = [
    ("sleep", common_pb2.FAULT_CODE_TIMEOUT),
    ("exit", common_pb2.FAULT_CODE_DISCONNECTED),  # a bot at an address: no process to see
    ("out_of_range", common_pb2.FAULT_CODE_ILLEGAL_ACTION),
    ("garbage", common_pb2.FAULT_CODE_MALFORMED),
    ("wrong_id", common_pb2.FAULT_CODE_MALFORMED),
    ("oversize", common_pb2.FAULT_CODE_OVERSIZE),
    ("hangup", common_pb2.FAULT_CODE_DISCONNECTED),
    ("status", common_pb2.FAULT_CODE_DISCONNECTED),
    ("wrong_game", common_pb2.FAULT_CODE_STARTUP_FAILED),
]


@pytest.fixture(scope="module")
def referee(tmp_path_factory):
    logs = tmp_path_factory.mktemp("service") / "logs"
    server, port = serve("127.0.0.1", 0, logs, samples=sample_command)
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    grpc.channel_ready_future(channel).result(timeout=10)
    yield referee_pb2_grpc.RefereeStub(channel)
    channel.close()
    server.stop(grace=1).wait(timeout=5)


@pytest.mark.parametrize(("mode", "code"), SERVICE_ROWS, ids=[mode for mode, _ in SERVICE_ROWS])
def test_every_row_of_the_fault_table_in_the_referee_service(referee, tmp_path, mode, code):
    argv = [sys.executable, str(FAULT_BOTS), mode, "2"]
    bot = BotProcess(argv, tmp_path / "bot.log", Sandbox(Level.NONE))  # a remote bot
    try:
        assert bot.wait_listening(15) is None
        request = referee_pb2.RunMatchRequest(
            game="pilfer",
            seed=3,
            bots=["random", f"grpc://{bot.address}"],
            clocks=common_pb2.Clocks(decision_ms=1000, bank_ms=30_000),
        )
        result = list(referee.RunMatch(request, timeout=60))[-1].result
    finally:
        bot.stop()
    assert [(fault.seat, fault.code) for fault in result.faults] == [(1, code)]
    assert result.forfeited_seat == 1
