"""``ruckus replay verify RUN``: every log of a run with the run's key, against its definition
and stored results; logs inside a run use its key; a directory that is no run is refused."""

from __future__ import annotations

import shutil
import sqlite3
import stat
from pathlib import Path

import pytest
from replay_kit import read_lines, reseal, write_lines, write_run
from typer.testing import CliRunner

from referee.match import FaultCode
from referee.match.result import forfeit_outcome
from tournaments.cli import app
from tournaments.replay import verifying
from tournaments.replay.verifying import verify_paths

runner = CliRunner()
G0, G1, G2 = "logs/rr/a~b/g0.jsonl", "logs/rr/a~b/g1.jsonl", "logs/rr/a~b/g2.jsonl"


def _verify(*args: object) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["replay", "verify", *map(str, args)])
    return result.exit_code, result.output.splitlines()


@pytest.fixture(scope="module")
def genuine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A run of three matches: two recorded, the third logged but not recorded."""
    return write_run(tmp_path_factory.mktemp("genuine") / "run").root


@pytest.fixture
def run(genuine: Path, tmp_path: Path) -> Path:
    """A copy of the genuine run to attack."""
    return Path(shutil.copytree(genuine, tmp_path / "run"))


def _status(lines: list[str], path: Path) -> str:
    [line] = [line for line in lines if f" {path}:" in line]
    return line.split()[0]


def test_a_genuine_run_verifies_with_its_key(genuine: Path) -> None:
    code, lines = _verify(genuine)
    assert code == 0
    assert len(lines) == 3
    assert all(line.startswith("OK ") and line.endswith("(MACs checked)") for line in lines)


def test_the_run_folder_and_its_key_are_the_owners_only(genuine: Path) -> None:
    assert stat.S_IMODE(genuine.stat().st_mode) == 0o700
    assert stat.S_IMODE((genuine / "log.key").stat().st_mode) == 0o600
    assert len(bytes.fromhex((genuine / "log.key").read_text())) == 32


def test_a_log_inside_a_run_is_checked_with_its_key(run: Path) -> None:
    lines = read_lines(run / G1)
    lines[-1]["outcome"]["reason"] = "forged"
    write_lines(run / G1, lines)  # a recomputed chain, but no key
    outside = Path(shutil.copy(run / G1, run.parent / "outside.jsonl"))
    code, output = _verify(run / G1)
    assert code == 1
    assert "first divergence at result (line " in output[0]
    assert "MAC does not match" in output[0]
    code, output = _verify(outside)
    assert code == 1  # the replay still catches this one, without the key
    assert "outcome differs from the engine's" in output[0]


def test_a_log_outside_a_run_says_its_mac_was_not_checked(genuine: Path, tmp_path: Path) -> None:
    outside = Path(shutil.copy(genuine / G0, tmp_path / "g0.jsonl"))
    code, lines = _verify(outside)
    assert code == 0
    assert len(lines) == 1 and lines[0].startswith(f"OK         {outside}: ")
    assert lines[0].endswith("decisions verified (MAC not checked: not in a run folder)")


def test_a_forged_forfeit_fails_the_run(run: Path) -> None:
    lines = read_lines(run / G2)
    lines[-1]["forfeited_seat"] = 1
    lines[-1]["outcome"] = forfeit_outcome(2, 1, FaultCode.CRASHED).to_json()
    lines[-1]["faults"] = [{"seat": 1, "code": "CRASHED", "detail": "", "decision": -1}]
    for line in lines:
        line.pop("mac")
        line.pop("sealed", None)
    write_lines(run / G2, lines)
    code, output = _verify(run)
    assert code == 1
    assert _status(output, run / G2) == "FAILED"
    assert "header (line 1): line has no MAC" in output[2]
    assert [_status(output, run / path) for path in (G0, G1)] == ["OK", "OK"]


def test_a_log_of_another_match_copied_under_a_key_fails(run: Path) -> None:
    shutil.copy(run / G0, run / G2)
    code, output = _verify(run / G2)
    assert code == 1
    assert "the log is of match 'rr/a~b/g0', not of rr/a~b/g2" in output[0]


def test_a_seat_not_played_by_the_definitions_bot_fails(run: Path) -> None:
    key = bytes.fromhex((run / "log.key").read_text())
    lines = read_lines(run / G2)
    lines[0]["seats"][1]["source"] = "b (cmd:python impostor.py)"
    reseal(run / G2, lines, key)
    code, output = _verify(run)
    assert code == 1
    expected = "seat 1 is played by 'b (cmd:python impostor.py)', not by the definition's"
    assert expected in output[2]


@pytest.mark.parametrize(
    ("field", "forged", "said"),
    [
        ("clocks", {"decision_ms": 60_000, "bank_ms": 120_000}, "decision_ms 60000, not 1500"),
        ("seat_clocks", None, "the log's seat_clocks is None, the run's [{"),
        ("policy", {"kind": "forfeit", "max_strikes": 9}, "max_strikes 9, not 3"),
    ],
)
def test_a_log_not_played_as_the_definition_says_fails(
    run: Path, field: str, forged: object, said: str
) -> None:
    """A sealed log whose header gives other clocks, seat clocks or policy than the run's
    definition (the replay alone accepts it: it checks against its own header)."""
    key = bytes.fromhex((run / "log.key").read_text())
    lines = read_lines(run / G0)
    lines[0][field] = forged
    if forged is None:
        del lines[0][field]
    reseal(run / G0, lines, key)
    code, output = _verify(run)
    assert code == 1
    assert _status(output, run / G0) == "FAILED"
    assert said in output[0], output[0]


def test_a_stored_result_that_is_not_its_logs_fails(run: Path) -> None:
    with sqlite3.connect(run / "results.sqlite") as connection:
        connection.execute("UPDATE matches SET scores = '[99, 0]' WHERE key = 'rr/a~b/g0'")
    connection.close()
    code, output = _verify(run)
    assert code == 1
    assert "the stored result is not the one the log gives" in output[0]


def test_a_recorded_match_without_its_log_fails(run: Path) -> None:
    (run / G0).unlink()
    code, output = _verify(run)
    assert code == 1
    assert output[-1] == f"FAILED     {run / G0}: the stored result has no log"


def test_a_run_without_its_key_fails(run: Path) -> None:
    (run / "log.key").unlink()
    code, output = _verify(run / G0)
    assert code == 1
    assert output[0].startswith("FAILED") and "no readable log key" in output[0]


def test_incomplete_logs_fail_unless_allowed(run: Path) -> None:
    text = (run / G2).read_text()
    (run / G2).write_text(text[: len(text) // 2])
    code, output = _verify(run)
    assert code == 1
    assert _status(output, run / G2) == "INCOMPLETE"
    code, output = _verify(run, "--allow-incomplete")
    assert code == 0


def test_a_folder_without_runs_or_logs_gets_a_one_line_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", "verify", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output == f"error: {tmp_path} holds no run (results.sqlite) and no match log\n"


def test_a_folder_of_runs_and_a_glob_check_every_log_with_its_run(genuine: Path) -> None:
    for target in (genuine.parent, f"{genuine}/logs/**/*.jsonl"):
        code, lines = _verify(target)
        assert code == 0
        assert len(lines) == 3 and all(line.endswith("(MACs checked)") for line in lines)


def test_verifying_on_worker_processes_gives_the_same_verdicts_in_order(
    run: Path, genuine: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = read_lines(run / G1)
    lines[3]["index"] += 1
    write_lines(run / G1, lines)
    (run / G0).unlink()
    outside = shutil.copy(genuine / G2, tmp_path / "outside.jsonl")
    targets = [run, genuine, run / G1, Path(outside), genuine / G0]
    alone = [verdict.line() for verdict in verify_paths(targets, workers=1)]
    monkeypatch.setattr(verifying, "PARALLEL_FROM", 1)
    pooled = [verdict.line() for verdict in verify_paths(targets, workers=2)]
    assert pooled == alone and len(alone) == 9
    assert [line.split()[0] for line in alone].count("FAILED") == 3
