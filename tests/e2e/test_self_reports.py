"""A bot's own account of itself (its Describe answer) cannot forge or hide a line anywhere."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from referee.matchlog import read_log
from referee.transport.self_report import MAX_CHARS, printable
from tournaments.cli import app

from .conftest import fault_bot
from .fault_bots import FORGED_NAME


def test_printable_keeps_words_and_turns_controls_and_formats_into_marks():
    assert printable("search v2 (dé)") == "search v2 (dé)"
    assert printable("a\nb\x1b[2J\u202ec") == "a?b?[2J?c"
    assert len(printable("x" * 500)) == MAX_CHARS


def test_a_bot_named_to_forge_a_report_line_shows_one_line_of_its_own(tmp_path: Path):
    log = tmp_path / "match.jsonl"
    args = ["play", "pilfer", "--bot", fault_bot("forged_name"), "--bot", "random"]
    args += ["--seed", "3", "--log", str(log), "--sandbox", "none"]
    played = CliRunner().invoke(app, args)
    assert played.exit_code == 0, played.output
    lines = played.output.splitlines()
    assert not any(line.startswith("seat 1 forged-winner") for line in lines)
    assert "\x1b" not in played.output and "\u202e" not in played.output
    assert sum("forged-winner" in line for line in lines) == 2  # the seat line and the result
    header = read_log(log).header
    assert header is not None
    name = header.seats[0].name
    assert name == printable(FORGED_NAME) and "\n" not in name and len(name) == MAX_CHARS
