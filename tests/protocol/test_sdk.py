"""The Python SDK: serving a Bot, the compliance kit, and packaging on its own."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import grpc
import pytest
from ruckus.check import load_script, run_checks
from ruckus.limits import CHANNEL_OPTIONS
from ruckus.v1 import bot_pb2, bot_pb2_grpc

from referee.sandbox import Level, Sandbox
from referee.transport.process import BotProcess

ROOT = Path(__file__).resolve().parents[2]
SDK = ROOT / "sdk" / "python"
FAULT_BOTS = ROOT / "tests" / "e2e" / "fault_bots.py"


def start_bot(argv: list[str], tmp_path: Path) -> BotProcess:
    bot = BotProcess(argv, tmp_path / "bot.log")
    with grpc.insecure_channel(bot.address, options=list(CHANNEL_OPTIONS)) as channel:
        grpc.channel_ready_future(channel).result(timeout=15)
    return bot


@pytest.mark.parametrize("game", ["pilfer", "wabbit"])
def test_the_kit_passes_a_sample_bot(game: str, tmp_path: Path):
    bot = start_bot([sys.executable, "-m", f"sample_bots.{game}_random"], tmp_path)
    try:
        results = run_checks(bot.address)
    finally:
        bot.stop()
    assert [r.name for r in results] == [
        "describe",
        f"{game}: scripted match",
        f"{game}: two matches at once",
    ]
    assert all(r.passed for r in results), [r.problems for r in results]


def test_the_kit_reports_an_out_of_range_answer(tmp_path: Path):
    bot = start_bot([sys.executable, str(FAULT_BOTS), "out_of_range", "2"], tmp_path)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ruckus.check", bot.address, "--game", "pilfer"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        bot.stop()
    assert done.returncode == 1
    assert "FAIL  pilfer: scripted match" in done.stdout
    assert re.search(r"decision \d+: action_index \d+ not in 0\.\.\d+", done.stdout)


def test_the_kit_reports_a_wrong_decision_id(tmp_path: Path):
    bot = start_bot([sys.executable, str(FAULT_BOTS), "wrong_id", "0"], tmp_path)
    try:
        results = run_checks(bot.address, ["pilfer"])
    finally:
        bot.stop()
    assert "answered decision_id" in results[1].problems[0]


def test_the_kit_reports_a_bot_that_is_not_there():
    results = run_checks("127.0.0.1:9", ["pilfer"])
    assert len(results) == 1 and not results[0].passed


def test_scripts_parse_strictly_with_the_current_schema():
    for game in ("pilfer", "wabbit"):
        script = load_script(game)
        kinds = [message.WhichOneof("kind") for message in script]
        assert kinds[0] == "start" and kinds[-1] == "end" and kinds.count("decision") >= 10
        assert script[0].start.game == game
        assert script[1].decision.observation.WhichOneof("game") == game


def test_run_serves_on_the_port_option_over_the_environment(tmp_path: Path):
    argv = [sys.executable, "-m", "sample_bots.pilfer_random", "--port", "0"]
    bot = BotProcess(argv, tmp_path / "b.log", Sandbox(Level.NONE))
    try:
        assert bot.wait_exit(0.5) is None
        text = ""
        for _ in range(100):
            text = bot.output_tail()
            if "listening" in text:
                break
            bot.wait_exit(0.05)
        port = int(text.split(":")[-1])
        assert port != bot.port
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            info = bot_pb2_grpc.BotStub(channel).Describe(bot_pb2.DescribeRequest(), timeout=5)
        assert info.name == "pilfer-random" and list(info.games) == ["pilfer"]
    finally:
        bot.stop()


def test_run_serves_on_the_unix_socket_named_by_ruckus_address(tmp_path: Path):
    socket_path = tmp_path / "bot.sock"
    env = {"PATH": "/usr/bin:/bin", "RUCKUS_ADDRESS": f"unix:{socket_path}", "RUCKUS_PORT": "1"}
    bot = subprocess.Popen(
        [sys.executable, "-m", "sample_bots.pilfer_random"], env=env, cwd=ROOT, text=True
    )
    try:
        with grpc.insecure_channel(f"unix:{socket_path}") as channel:
            grpc.channel_ready_future(channel).result(timeout=15)
            info = bot_pb2_grpc.BotStub(channel).Describe(bot_pb2.DescribeRequest(), timeout=5)
        assert info.name == "pilfer-random"
    finally:
        bot.terminate()
        bot.wait(timeout=10)


def test_run_without_a_port_explains_itself():
    done = subprocess.run(
        [sys.executable, "-m", "sample_bots.wabbit_random"],
        capture_output=True,
        text=True,
        timeout=30,
        env={"PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode != 0
    assert "RUCKUS_PORT" in done.stderr


def test_the_sdk_imports_nothing_from_the_harness():
    for path in (SDK / "ruckus").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.split(".")[0] not in ("referee", "tournaments", "sample_bots")
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] not in ("referee", "tournaments")


def test_the_sdk_builds_a_wheel_on_its_own(tmp_path: Path):
    source = tmp_path / "sdk"
    shutil.copytree(
        SDK, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__")
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(source),
        ],
        check=True,
        timeout=120,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("ruckus-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for expected in (
        "ruckus/__init__.py",
        "ruckus/check.py",
        "ruckus/py.typed",
        "ruckus/v1/bot_pb2.py",
        "ruckus/v1/bot_pb2_grpc.py",
        "ruckus/scripts/pilfer.json",
        "ruckus/scripts/wabbit.json",
    ):
        assert expected in names


def test_a_bot_that_names_no_games_lists_none_and_so_plays_any():
    import ruckus

    assert ruckus.Bot().games == () and ruckus.Bot().info().games == []
    node = "const { Bot } = require('./sdk/node'); console.log(JSON.stringify(new Bot().games));"
    shown = subprocess.run(
        ["node", "-e", node], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert shown.stdout.strip() == "[]"
