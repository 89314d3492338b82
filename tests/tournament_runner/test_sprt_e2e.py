"""A gauntlet with ``[sprt]`` between the greedy and the random Pilfer sample bots (real bot
processes over gRPC): each pairing stops with H1 long before its maximum number of games, the
run's expected total shrinks, ``show`` reports the decisions, and a resume keeps them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tournaments.cli import app
from tournaments.definition import parse_definition
from tournaments.runner import resume_run, start_run
from tournaments.schedule import planned_matches

from .conftest import Recorder, tournament_toml

GAMES = 200
"""The most games per pairing: 400 matches without the test."""
SPRT = """
[gauntlet]
champion = "greedy"

[sprt]
elo0 = 0
elo1 = 150
model = "normalized"
"""


def test_sprt_gauntlet_of_greedy_against_random_stops_early_with_h1(tmp_path: Path):
    text = tournament_toml(
        ["greedy=pilfer-greedy", "random1=pilfer-random", "random2=pilfer-random"],
        fmt="gauntlet",
        games=GAMES,
        extra=SPRT,
    )
    source = tmp_path / "sprt.toml"
    source.write_text(text)
    recorder = Recorder()
    summary = start_run(source, tmp_path / "run", 2, recorder)

    assert planned_matches(parse_definition(text)) == 2 * GAMES
    assert summary.recorded < 60  # greedy wins almost every game: ~8 seed pairs a pairing
    decided = [notice for notice in recorder.notices if notice.startswith("sprt greedy vs")]
    assert len(decided) == 2 and all("H1 accepted" in notice for notice in decided)
    tests = recorder.contexts[0].sprt
    assert tests is not None and tests.remaining() == 0

    shown = CliRunner().invoke(app, ["tournament", "show", str(tmp_path / "run"), "--json"])
    assert shown.exit_code == 0, shown.output
    states = json.loads(shown.output)["sprt"]["tests"]
    assert [(test["opponent"], test["decision"]) for test in states] == [
        ("random1", "H1"),
        ("random2", "H1"),
    ]
    for state in states:
        assert state["llr"] >= state["upper_bound"] and state["games"] < GAMES // 4
    # the matches still running at a decision are recorded, the rest never started
    assert summary.recorded <= sum(state["games"] for state in states) + 2 * 2

    again = Recorder()
    resumed = resume_run(tmp_path / "run", None, 2, again)
    resumed_tests = again.contexts[0].sprt
    assert resumed.played == 0 and again.contexts[0].recorded == summary.recorded
    assert resumed_tests is not None and resumed_tests.remaining() == 0
    assert again.contexts[0].sprt is not None
    assert [test.to_json() for test in again.contexts[0].sprt.tests()] == states
