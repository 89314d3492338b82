"""``ruckus tournament show``: golden fixed-width standings and bracket, JSON and CSV.

The run folders are built from fixed results (no bots), so the output is exact. Regenerate
the golden files with ``RUCKUS_UPDATE_GOLDEN=1`` (see golden/README.md).
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tournaments.cli import app

from .conftest import store_schedule, tournament_toml

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("RUCKUS_UPDATE_GOLDEN") == "1"


@pytest.fixture
def round_robin_run(tmp_path: Path) -> Path:
    text = tournament_toml(["alpha=random", "bravo=random", "charlie=random", "delta=random"])
    store_schedule(tmp_path / "rr", text.replace('name = "test"', 'name = "golden-rr"'))
    return tmp_path / "rr"


@pytest.fixture
def knockout_run(tmp_path: Path) -> Path:
    bots = ["alpha=random", "bravo=random", "charlie=random", "delta=random", "echo=random"]
    text = tournament_toml(bots, fmt="knockout", games=3)
    store_schedule(tmp_path / "ko", text.replace('name = "test"', 'name = "golden-ko"'))
    return tmp_path / "ko"


@pytest.fixture
def swiss_run(tmp_path: Path) -> Path:
    bots = ["alpha=random", "bravo=random", "charlie=random", "delta=random", "echo=random"]
    text = tournament_toml(bots, fmt="swiss", games=2)
    store_schedule(tmp_path / "sw", text.replace('name = "test"', 'name = "golden-swiss"'))
    return tmp_path / "sw"


def _show(run_dir: Path, *options: str) -> str:
    result = CliRunner().invoke(
        app, ["tournament", "show", str(run_dir), *options], env={"COLUMNS": "100"}
    )
    assert result.exit_code == 0, result.output
    return result.output


def _compare(name: str, output: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.write_text(output)
    assert output == path.read_text()


def test_show_round_robin_matches_golden(round_robin_run):
    _compare("show_round_robin.txt", _show(round_robin_run))


def test_show_knockout_matches_golden_with_bracket(knockout_run):
    output = _show(knockout_run)
    assert "golden-ko bracket" in output
    assert "Final: " in output
    _compare("show_knockout.txt", output)


def test_show_swiss_matches_golden_with_byes(swiss_run):
    output = _show(swiss_run)
    assert "Byes" in output
    _compare("show_swiss.txt", output)


def test_show_json_has_every_bot_and_fault_counts(round_robin_run):
    document = json.loads(_show(round_robin_run, "--json"))
    assert document["tournament"] == "golden-rr"
    rows = document["standings"]
    assert [row["place"] for row in rows] == [1, 2, 3, 4]
    assert {row["bot"] for row in rows} == {"alpha", "bravo", "charlie", "delta"}
    assert sum(row["games"] for row in rows) == 12
    assert sum(row["faults_timeout"] for row in rows) == 2
    assert sum(row["faults_crashed"] for row in rows) == 1


def test_show_csv_matches_json(round_robin_run):
    rows = list(csv.DictReader(io.StringIO(_show(round_robin_run, "--csv"))))
    document = json.loads(_show(round_robin_run, "--json"))
    assert [row["bot"] for row in rows] == [row["bot"] for row in document["standings"]]
    assert [float(row["points"]) for row in rows] == [
        row["points"] for row in document["standings"]
    ]


def test_show_refuses_both_formats_and_a_missing_run(tmp_path, round_robin_run):
    runner = CliRunner()
    both = runner.invoke(app, ["tournament", "show", str(round_robin_run), "--json", "--csv"])
    assert both.exit_code != 0
    missing = runner.invoke(app, ["tournament", "show", str(tmp_path / "nothing")])
    assert missing.exit_code == 2
    assert "holds no run" in missing.output
