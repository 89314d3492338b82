"""A real run with ``[rules]`` and a bot's own clocks: every match is played with the rules'
config and that bot's clocks in its seats, the logs say so, and ``replay verify`` passes."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from referee.match import Clocks
from referee.matchlog import read_log
from tournaments.cli import app
from tournaments.definition import parse_definition
from tournaments.runner import RunFolder, start_run
from tournaments.runner.tasks import DEADLINE_SLACK_SECONDS, match_task, task_deadline
from tournaments.schedule import Match

from .conftest import Recorder

DEFINITION = """\
name = "rules"
game = "pilfer"
scenario = "driven_out"
format = "round-robin"
games_per_pairing = 2
seed = 11

[clocks]
decision_ms = 1500
bank_ms = 40000

[rules]
max_rounds = 3
win_mode = "gross"

[[bots]]
name = "quick"
sample = "random"
decision_ms = 900

[[bots]]
name = "plain"
sample = "random"
"""


def test_a_run_plays_its_rules_and_each_bots_clocks(tmp_path: Path):
    definition = tmp_path / "rules.toml"
    definition.write_text(DEFINITION)
    summary = start_run(definition, tmp_path / "run", 2, Recorder())
    assert summary.played == 2
    folder = RunFolder(tmp_path / "run")
    headers = [read_log(folder.log_path(key)).header for key in folder.logged_keys()]
    assert len(headers) == 2
    for header in headers:
        assert header is not None
        config = header.config
        assert (config["max_rounds"], config["win_mode"], config["start_points"]) == (3, "gross", 3)
        assert header.clocks == Clocks(1500, 40000)
        limits = [clocks.decision_ms for clocks in header.seat_clocks]
        names = [seat.source.split(" ")[0] for seat in header.seats]
        assert limits == [900 if name == "quick" else 1500 for name in names]
    done = CliRunner().invoke(app, ["replay", "verify", str(tmp_path / "run")])
    assert done.exit_code == 0, done.output
    assert done.output.count("OK") == 2
    shown = CliRunner().invoke(app, ["tournament", "show", str(tmp_path / "run")])
    assert shown.exit_code == 0, shown.output
    assert "rules: max_rounds = 3, win_mode = 'gross'" in shown.output
    assert "own clocks: quick 900 ms a decision, 40000 ms bank" in shown.output


def test_a_workers_deadline_adds_up_each_seats_own_bank(tmp_path: Path):
    definition = parse_definition(
        DEFINITION.replace("decision_ms = 900", "decision_ms = 900\nbank_ms = 500000")
    )
    folder = RunFolder(tmp_path / "run")
    folder.create()
    match = Match(key="m", round=1, seats=("quick", "plain"), seed=1, game=0)
    task = match_task(definition, match, (), folder)
    assert task_deadline(task) == 500 + 40 + DEADLINE_SLACK_SECONDS
    even = match_task(parse_definition(DEFINITION), match, (), folder)
    assert task_deadline(even) == 40 + 40 + DEADLINE_SLACK_SECONDS
