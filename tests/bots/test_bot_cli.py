"""``ruckus bot new`` and ``ruckus bot check``: scaffolded bots check clean and play matches."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from bots_kit import play_match, start_bot

from referee.sandbox import Level, Sandbox, unavailable
from tournaments.scaffold import ScaffoldError, create_project, read_project

RUCKUS = [sys.executable, "-c", "from tournaments.cli import app; app()"]
NODE = shutil.which("node")
TCP_ONLY_BOT = Path(__file__).resolve().parent / "tcp_only_bot.py"


def ruckus(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*RUCKUS, *args], capture_output=True, text=True, timeout=120, check=False, cwd=cwd
    )


@pytest.mark.parametrize(
    ("lang", "game"),
    [  # Python bots of every installed game: tournaments/conformance/checks/authoring.py
        pytest.param("node", "pilfer", marks=pytest.mark.skipif(NODE is None, reason="no node")),
        pytest.param("node", "wabbit", marks=pytest.mark.skipif(NODE is None, reason="no node")),
    ],
)
def test_a_new_bot_passes_the_check_out_of_the_box(lang: str, game: str, tmp_path: Path):
    made = ruckus("bot", "new", "starter", "--game", game, "--lang", lang, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    checked = ruckus("bot", "check", "starter", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "3 of 3 checks passed" in checked.stdout


@pytest.mark.parametrize(
    "lang",
    ["python", pytest.param("node", marks=pytest.mark.skipif(NODE is None, reason="no node"))],
)
def test_a_new_bot_plays_a_full_match(lang: str, tmp_path: Path):
    project = create_project("matchbot", "pilfer", lang, tmp_path)
    main = project.folder / project.run[-1]
    command = f"cmd:{sys.executable if lang == 'python' else NODE} {main}"
    result = play_match("pilfer", [command, "random"], tmp_path, seed=3)
    assert result.faults == ()
    assert result.forfeited_seat is None
    assert result.outcome.reason in ("win_points", "round_cap")


def test_a_new_node_bot_names_no_folder_of_this_machine(tmp_path: Path):
    project = create_project("portable", "pilfer", "node", tmp_path)
    checkout = str(Path(__file__).resolve().parents[2])
    for path in sorted(project.folder.iterdir()):
        assert checkout not in path.read_text(), path.name
    assert "process.env.RUCKUS_NODE_SDK" in (project.folder / "bot.js").read_text()


def test_check_fails_with_a_report_on_a_broken_bot(tmp_path: Path):
    project = create_project("broken", "pilfer", "python", tmp_path)
    main = project.folder / "bot.py"
    main.write_text(main.read_text().replace("return random.randrange", "return 99 + 0 *"))
    checked = ruckus("bot", "check", str(project.folder))
    assert checked.returncode == 1
    assert "FAIL  pilfer: scripted match" in checked.stdout
    assert "action_index 99" in checked.stdout


def test_check_reports_a_bot_that_never_starts(tmp_path: Path):
    checked = ruckus("bot", "check", f"cmd:{sys.executable} -c 'raise SystemExit(3)'")
    assert checked.returncode == 1
    assert "FAIL  startup: exited with code 3 before listening" in checked.stdout


def test_check_runs_a_sample_bot_by_name_and_a_bot_at_an_address(tmp_path: Path):
    assert ruckus("bot", "check", "pilfer-greedy").returncode == 0
    argv = [sys.executable, "-m", "sample_bots.pilfer_random"]
    bot = start_bot(argv, tmp_path, sandbox=Sandbox(Level.NONE))  # on a port, as a user would
    try:
        checked = ruckus("bot", "check", f"grpc://{bot.address}", "--game", "pilfer")
    finally:
        bot.stop()
    assert checked.returncode == 0, checked.stdout


@pytest.mark.skipif(
    bool(unavailable(Level.STRICT) or unavailable(Level.BASIC)), reason="needs strict and basic"
)
def test_check_takes_the_sandbox_level_its_advice_names():
    bot = f"cmd:{sys.executable} {TCP_ONLY_BOT}"
    strict = ruckus("bot", "check", bot, "--game", "pilfer", "--sandbox", "strict")
    assert strict.returncode == 1
    assert "run the bot with sandbox level 'basic' (`--sandbox basic`" in strict.stdout
    basic = ruckus("bot", "check", bot, "--game", "pilfer", "--sandbox", "basic")
    assert basic.returncode == 0, basic.stdout + basic.stderr
    assert "3 of 3 checks passed" in basic.stdout
    wrong = ruckus("bot", "check", "random", "--sandbox", "sturdy")
    assert wrong.returncode == 2
    assert "Invalid value for --sandbox: unknown sandbox level 'sturdy'" in wrong.stderr


def test_bot_new_refuses_bad_names_games_and_existing_folders(tmp_path: Path):
    with pytest.raises(ScaffoldError, match="bad bot name"):
        create_project("9lives", "pilfer", "python", tmp_path)
    with pytest.raises(ScaffoldError, match="unknown game"):
        create_project("bot", "chess", "python", tmp_path)
    create_project("bot", "pilfer", "python", tmp_path)
    with pytest.raises(ScaffoldError, match="already exists"):
        create_project("bot", "pilfer", "python", tmp_path)
    with pytest.raises(ScaffoldError, match="not a bot project"):
        read_project(tmp_path)
