"""The terminal viewer: golden renderings of both games, stepping commands and the CLI.

Golden files live in tests/replay/golden/. After an intended change to the renderer (or to an
engine), regenerate them with ``RUCKUS_REGEN_GOLDEN=1 pytest tests/replay`` and review the diff.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from replay_kit import MakeLog
from rich.console import Console
from typer.testing import CliRunner

from tournaments.cli import app
from tournaments.replay.terminal import Navigator, event_text, frame_view
from tournaments.replay.timeline import load_timeline

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("RUCKUS_REGEN_GOLDEN") == "1"
WIDTH = 110
runner = CliRunner()

CASES = [
    ("pilfer", None, 0),
    ("pilfer", None, 60),
    ("pilfer", 1, 150),
    ("pilfer", None, -1),
    ("wabbit", None, 0),
    ("wabbit", 1, 40),
    ("wabbit", None, -1),
]


def _text(path: Path, viewer: int | None, index: int) -> str:
    timeline = load_timeline(path, viewer)
    console = Console(record=True, width=WIDTH, color_system=None, file=io.StringIO())
    console.print(frame_view(timeline, index % len(timeline.frames)))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines()) + "\n"


@pytest.mark.parametrize(("game", "viewer", "index"), CASES)
def test_frame_matches_golden(
    fixed_log: Callable[[str], Path], game: str, viewer: int | None, index: int
) -> None:
    seen = "spectator" if viewer is None else f"seat{viewer}"
    golden = GOLDEN / f"{game}-{seen}-{'end' if index < 0 else index}.txt"
    text = _text(fixed_log(game), viewer, index)
    if REGENERATE:
        golden.write_text(text)
    assert golden.exists(), f"missing {golden.name}: run with RUCKUS_REGEN_GOLDEN=1"
    assert text == golden.read_text()


def test_wabbit_seat_view_shows_its_hand_and_spectator_does_not(make_log: MakeLog) -> None:
    assert "hand:" in _text(make_log("wabbit"), 1, 10)
    assert "hand:" not in _text(make_log("wabbit"), None, 10)


def test_pilfer_seat_view_lists_sniffed_tokens(make_log: MakeLog) -> None:
    assert "sniffed tokens:" in _text(make_log("pilfer"), 0, 10)


def test_dice_events_are_shown() -> None:
    event = {"kind": "open_roll", "critter": 2, "dice": [2, 3], "success": False}
    text = event_text(event)
    assert text.plain == "open_roll: critter 2, dice 2 3, success false"
    assert text.spans[0].style == "bold yellow"


def test_navigator_steps_jumps_and_quits() -> None:
    nav = Navigator(last=10)
    assert nav.command("p") and nav.index == 0
    assert nav.command("n") and nav.index == 1
    assert nav.command("") and nav.index == 2
    assert nav.command("g 7") and nav.index == 7
    assert nav.command("g 99") and nav.index == 10
    assert nav.command("n") and nav.index == 10
    assert nav.command("s") and nav.index == 0
    assert nav.command("e") and nav.index == 10
    assert nav.command("what") and nav.index == 10
    assert not nav.command("q")


def test_show_at_prints_one_frame(make_log: MakeLog) -> None:
    result = runner.invoke(app, ["replay", "show", str(make_log("wabbit")), "--at", "5"])
    assert result.exit_code == 0, result.output
    assert "position 5/" in result.output
    assert re.findall(r"position (\d+)/\d+", result.output) == ["5"]


def test_show_steps_by_commands_from_stdin(make_log: MakeLog) -> None:
    args = ["replay", "show", str(make_log("pilfer")), "--seat", "0", "--width", "120"]
    result = runner.invoke(app, args, input="n\nn\np\ng 40\nq\n")
    assert result.exit_code == 0, result.output
    positions = re.findall(r"position (\d+)/\d+", result.output)
    assert positions == ["0", "1", "2", "1", "40"]
    assert "seen by seat 0" in result.output


def test_show_play_animates_to_the_end(make_log: MakeLog) -> None:
    path = make_log("wabbit")
    frames = len(load_timeline(path).frames)
    result = runner.invoke(
        app, ["replay", "show", str(path), "--play", "--delay", "0", "--at", "300"]
    )
    assert result.exit_code == 0, result.output
    assert len(re.findall(r"position \d+/\d+", result.output)) == frames - 300
    assert "result: scores" in result.output


def test_show_rejects_a_seat_not_in_the_match(make_log: MakeLog) -> None:
    result = runner.invoke(app, ["replay", "show", str(make_log("pilfer")), "--seat", "5"])
    assert result.exit_code == 1
    assert "seat 5 is not in 0..1" in result.output
