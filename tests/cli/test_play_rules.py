"""``ruckus play GAME --rule KEY=VALUE``: the match is played with that config field changed (the
log's header says so); a bad rule is one line on stderr and exit 2. ``ruckus games GAME`` lists
the fields rules take."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.matchlog import read_log, verify
from tournaments.cli import app

BOTS = ["--bot", "random", "--bot", "random"]


def test_a_match_is_played_with_its_rules(tmp_path: Path):
    log = tmp_path / "m.jsonl"
    rules = ["--rule", "max_rounds=2", "--rule", 'win_mode="gross"', "--rule", "spinner_dirs = 8"]
    args = ["play", "pilfer", *BOTS, *rules, "--seed", "4", "--log", str(log)]
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    header = read_log(log).header
    assert header is not None
    assert {key: header.config[key] for key in ("max_rounds", "win_mode", "spinner_dirs")} == {
        "max_rounds": 2,
        "win_mode": "gross",
        "spinner_dirs": 8,
    }
    assert verify(log).ok


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("max_rounds=0", "rules.max_rounds: 0 is outside 1..1000"),
        ("hand_size=5", "rules.hand_size: unknown config field; known fields: success_threshold"),
        ("win_mode=gross", "rules.win_mode: 'gross' is not a TOML value (quote a string"),
        ("max_rounds", "'max_rounds': expected KEY=VALUE"),
        ("weights=[1,2]", "rules.weights: unknown config field"),
    ],
)
def test_a_bad_rule_is_one_line_and_exit_2(rule: str, message: str):
    done = CliRunner().invoke(app, ["play", "pilfer", *BOTS, "--rule", rule])
    assert done.exit_code == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: Invalid value for --rule: ")
    assert message in lines[0]


def test_games_lists_the_fields_rules_set():
    done = CliRunner().invoke(app, ["games", "pilfer"])
    assert done.exit_code == 0, done.output
    assert "[rules]" in done.output and "--rule KEY=VALUE" in done.output
    row = next(line.split() for line in done.output.splitlines() if "start_points" in line)
    assert row == ["start_points", "2", "2", "3"]  # raid, cars, driven_out
    wabbit = CliRunner().invoke(app, ["games", "wabbit"]).output
    assert "dice_count" in wabbit and "max_rounds" not in wabbit


def test_games_of_an_unknown_game_is_one_line_and_exit_2():
    done = CliRunner().invoke(app, ["games", "chess"])
    assert done.exit_code == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "GAME: unknown game 'chess'; known games: " in lines[0]
    assert "pilfer, wabbit" in lines[0]
