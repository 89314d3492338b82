"""In a tournament, a bot's crash shows its last words in the match log's fault, and the fault
and the restart notice name the file under RUN/bots that keeps its whole output."""

from __future__ import annotations

import sys
from pathlib import Path

from referee.matchlog import read_log
from tournaments.runner import start_run

from .conftest import Recorder, tournament_toml

FAULT_BOTS = Path(__file__).resolve().parents[1] / "e2e" / "fault_bots.py"


def test_a_crash_names_the_bots_output_file_and_quotes_its_end(tmp_path: Path):
    crashing = f"crashy=cmd:{sys.executable} {FAULT_BOTS} exit 2"
    definition = tmp_path / "t.toml"
    definition.write_text(tournament_toml(["a=random", crashing], games=2))
    recorder = Recorder()
    start_run(definition, tmp_path / "run", 1, recorder)

    output = tmp_path / "run" / "bots" / "crashy.1.log"
    first = min((tmp_path / "run" / "logs").rglob("*.jsonl"))
    (fault,) = read_log(first).result["faults"]
    assert fault["code"] == "CRASHED"
    assert f"; its last output ({output}):" in fault["detail"]
    assert "  | crashing on purpose at decision 3" in fault["detail"]
    assert any(f"its output: {output}" in notice for notice in recorder.notices)
