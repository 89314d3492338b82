"""The Node.js SDK: its random bot plays full matches of both games against a Python bot."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from ruckus.check import run_checks

from referee.matchlog import read_log
from referee.transport.bots import parse_bot
from referee.transport.process import BotProcess
from sample_bots.registry import sample_command

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")


@pytest.fixture(autouse=True)
def node_modules_installed():
    if not (ROOT / "sdk" / "node" / "node_modules" / "@grpc" / "grpc-js").is_dir():
        pytest.fail("the Node SDK's packages are missing: run `npm ci --prefix sdk/node`")


@pytest.mark.parametrize("game", ["pilfer", "wabbit"])
def test_node_bot_plays_a_full_match_against_a_python_bot(game: str, workdir: Path, kit):
    result, log = kit.play_match(game, ["node-random", "random"], workdir, seed=2)
    assert result.faults == ()
    assert result.forfeited_seat is None
    kit.assert_log_verifies(log)
    seats = [seat.to_json() for seat in read_log(log).header.seats]
    assert [(seat["name"], seat["language"]) for seat in seats] == [
        ("node-random", "javascript"),
        (f"{game}-random", "python"),
    ]


def test_node_bot_passes_the_compliance_kit(workdir: Path):
    bot = BotProcess(parse_bot("node-random", "pilfer", sample_command).argv, workdir / "node.log")
    try:
        for _ in range(100):
            if "listening" in bot.output_tail():
                break
            bot.wait_exit(0.05)
        results = run_checks(bot.address)
    finally:
        bot.stop()
    assert len(results) == 5
    assert all(result.passed for result in results), [r.problems for r in results]


def test_node_random_bot_replays_its_choices(workdir: Path, kit):
    digests = []
    for run in ("first", "second"):
        (workdir / run).mkdir()
        result, log = kit.play_match("pilfer", ["node-random", "random"], workdir / run, seed=4)
        assert result.faults == ()
        digests.append([decision["digest"] for decision in read_log(log).decisions])
    assert digests[0] == digests[1]
    assert len(digests[0]) > 20
