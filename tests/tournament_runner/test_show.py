"""``ruckus tournament show``: golden fixed-width standings, pairings, SPRT and bracket, the
head-to-head matrix and the match list, JSON and CSV.

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
    bots = ["alpha=random", "bravo=random", "charlie=random", "delta=random"]
    text = tournament_toml(bots, games=2)
    store_schedule(tmp_path / "rr", text.replace('name = "test"', 'name = "golden-rr"'))
    return tmp_path / "rr"


SPRT = """
[gauntlet]
champion = "alpha"

[sprt]
elo0 = -100
elo1 = 100
model = "logistic"
"""


@pytest.fixture
def sprt_run(tmp_path: Path) -> Path:
    text = tournament_toml(
        ["alpha=random", "bravo=random", "charlie=random"], fmt="gauntlet", games=40, extra=SPRT
    )
    store_schedule(tmp_path / "sprt", text.replace('name = "test"', 'name = "golden-sprt"'))
    return tmp_path / "sprt"


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


def test_show_sprt_gauntlet_matches_golden_with_decisions(sprt_run):
    output = _show(sprt_run)
    assert "SPRT (logistic, elo0 -100, elo1 100" in output
    _compare("show_sprt.txt", output)


def test_show_h2h_and_matches(round_robin_run):
    output = _show(round_robin_run, "--h2h", "--matches", "--resamples", "0")
    assert "Head to head" in output and "Elo [95%]" not in output
    h2h = output[output.index("Head to head") : output.index("Matches")]
    assert "1.5/2" in h2h and "·" in h2h
    matches = output[output.index("Matches") :]
    assert "rr/alpha~bravo/g0" in matches and "bravo 2 (T2)" in matches
    assert "logs/rr/alpha~bravo/" in matches


def test_show_json_has_every_bot_and_fault_counts(round_robin_run):
    document = json.loads(_show(round_robin_run, "--json"))
    assert document["tournament"] == "golden-rr"
    rows = document["standings"]
    assert [row["place"] for row in rows] == [1, 2, 3, 4]
    assert {row["bot"] for row in rows} == {"alpha", "bravo", "charlie", "delta"}
    assert sum(row["games"] for row in rows) == 24
    assert sum(row["faults_timeout"] for row in rows) == 6
    assert sum(row["faults_crashed"] for row in rows) == 2
    assert all(row["elo_lower"] < row["elo"] < row["elo_upper"] for row in rows)
    assert sum(row["elo"] for row in rows) == pytest.approx(0, abs=0.2)
    assert document["ratings"] == {"model": "bradley-terry", "anchor": None, "resamples": 200}


def test_show_json_carries_pairings_h2h_matches_and_bounds_for_sweeps(round_robin_run):
    document = json.loads(_show(round_robin_run, "--json"))
    pairings = {(p["bot"], p["opponent"]): p for p in document["pairings"]}
    assert len(pairings) == 6
    sweep = pairings[("charlie", "delta")]
    assert sweep["wdl"] == {"wins": 2, "draws": 0, "losses": 0, "games": 2}
    assert sweep["pentanomial"]["ww"] == 1 and sweep["pentanomial"]["pairs"] == 1
    for model in ("trinomial", "paired"):
        figures = sweep[model]
        assert figures["elo"] is None and figures["elo_upper"] is None  # +inf: a bound
        assert figures["elo_lower"] is not None and figures["los"] > 0.5
    cells = document["head_to_head"]["cells"]
    assert sum(cell["games"] for cell in cells) == 2 * 12
    assert len(document["matches"]) == 12
    assert {"key", "seats", "ranks", "scores", "reason", "faults", "log_path"} <= set(
        document["matches"][0]
    )
    assert document["sprt"] is None and document["bracket"] is None


def test_show_json_carries_the_sprt_state_and_the_bracket(sprt_run, knockout_run):
    tests = json.loads(_show(sprt_run, "--json"))["sprt"]
    assert (tests["elo0"], tests["elo1"], tests["model"]) == (-100, 100, "logistic")
    decided = [test for test in tests["tests"] if test["decision"] is not None]
    assert decided and all(test["games"] < 40 for test in decided)
    assert {"llr", "lower_bound", "upper_bound", "units"} <= set(decided[0])
    bracket = json.loads(_show(knockout_run, "--json"))["bracket"]
    assert bracket[-1]["round"] == 3 and bracket[-1]["winner"] == "delta"


def test_show_hides_nelo_when_every_game_is_a_draw(tmp_path):
    text = tournament_toml(["alpha=random", "bravo=random"], games=2)
    store_schedule(tmp_path / "draws", text, ranks=lambda number: (1, 1))
    pairing = json.loads(_show(tmp_path / "draws", "--json"))["pairings"][0]
    assert pairing["wdl"]["draws"] == 2
    assert pairing["paired"]["elo"] == 0.0 and pairing["paired"]["nelo"] is None
    assert pairing["trinomial"]["nelo_lower"] is None


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


def test_show_lays_its_tables_out_in_the_width_asked_for(tmp_path: Path):
    names = ["a-bot-with-a-long-name", "another-bot-with-a-long-name", "the-third-long-bot"]
    text = tournament_toml([f"{name}=random" for name in names])
    store_schedule(tmp_path / "run", text)
    shown = CliRunner().invoke(
        app, ["tournament", "show", str(tmp_path / "run"), "--width", "200"], env={"COLUMNS": "80"}
    )
    assert shown.exit_code == 0, shown.output
    standings = shown.output.split("\n\n")[0]
    assert all(name in standings for name in names), standings
    assert max(len(line) for line in shown.output.splitlines()) > 80
