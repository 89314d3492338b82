"""Sealed runs: resume adopts only logs that verify with the run's key and sets the others aside
in RUN/rejected, playing their matches again; ``replay verify RUN`` proves a run's results.

The attacks are what a bot that can write into the run folder could do without the key: plant a
log with a recomputed hash chain, edit a line, add a fault, forge a forfeit, strip the MACs, or
copy the genuine log of another match under a match's key.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.match import FaultCode
from referee.match.result import forfeit_outcome
from referee.matchlog import read_log, verify
from referee.matchlog.chain import GENESIS, canonical, seal
from tournaments.cli import app
from tournaments.definition import parse_definition
from tournaments.runner import RunFolder, resume_run, start_run
from tournaments.runner.records import adopt_complete_logs
from tournaments.schedule import next_matches
from tournaments.store import ResultStore

from .conftest import Recorder, recorded_count, tournament_toml, wait_for

CLI = "from tournaments.cli import app; app()"
TEXT = tournament_toml(["a=random", "b=random"], games=3)
TARGET = "rr/a~b/g2"
Lines = list[dict]


def _lines(path: Path) -> Lines:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _write(path: Path, lines: Lines, rechain: bool = True, key: bytes | None = None) -> None:
    """Write ``lines``; with ``rechain``, with a freshly computed chain (no key needed; a MAC
    already there is kept, stale), and fresh MACs made with ``key`` if given."""
    prev, out = GENESIS, []
    for line in lines:
        if rechain:
            line = seal({k: v for k, v in line.items() if k not in ("prev", "hash")}, prev, key)
            prev = line["hash"]
        out.append(canonical(line))
    path.write_text("\n".join(out) + "\n")


def _unsealed(lines: Lines) -> Lines:
    """The lines without MACs and without the header's ``sealed``: what a forger can write."""
    stripped = [{k: v for k, v in line.items() if k != "mac"} for line in lines]
    stripped[0].pop("sealed")
    return stripped


def forged_forfeit(header: dict, key: str, seed: int, seat: int) -> Lines:
    """A complete, consistent log of match ``key`` in which ``seat`` never started.

    Without the key it verifies: only the MAC tells it from a real one.
    """
    header = {**header, "match_id": key, "seed": seed}
    fault = {"seat": seat, "code": "STARTUP_FAILED", "detail": "no answer", "decision": -1}
    outcome = forfeit_outcome(2, seat, FaultCode.STARTUP_FAILED).to_json()
    result = {"type": "result", "outcome": outcome, "faults": [fault], "decisions": 0}
    return _unsealed([header, {**result, "forfeited_seat": seat}])


def _recomputed_chain(run: Path) -> None:
    lines = _lines(run / f"logs/{TARGET}.jsonl")
    lines[3]["time_ms"] = 0.25  # nothing the replay could find; the stale MAC stays
    _write(run / f"logs/{TARGET}.jsonl", lines)


def _edited_decision(run: Path) -> None:
    lines = _lines(run / f"logs/{TARGET}.jsonl")
    lines[5]["index"] += 1
    _write(run / f"logs/{TARGET}.jsonl", lines, rechain=False)


def _added_fault(run: Path) -> None:
    lines = _unsealed(_lines(run / f"logs/{TARGET}.jsonl"))
    lines[-1]["faults"].append({"seat": 1, "code": "TIMEOUT", "detail": "", "decision": 4})
    _write(run / f"logs/{TARGET}.jsonl", lines)


def _added_fault_sealed(run: Path) -> None:
    """What only a holder of the key could write (or a broken harness): sound MACs, a fault the
    decision lines do not have."""
    lines = _lines(run / f"logs/{TARGET}.jsonl")
    lines[-1]["faults"].append({"seat": 1, "code": "TIMEOUT", "detail": "", "decision": 4})
    _write(run / f"logs/{TARGET}.jsonl", lines, key=RunFolder(run).log_key())


def _forged_forfeit(run: Path) -> None:
    header = _lines(run / f"logs/{TARGET}.jsonl")[0]
    lines = forged_forfeit(header, TARGET, header["seed"], 0)
    _write(run / f"logs/{TARGET}.jsonl", lines)


def _stripped_macs(run: Path) -> None:
    lines = _lines(run / f"logs/{TARGET}.jsonl")
    _write(
        run / f"logs/{TARGET}.jsonl", [{k: v for k, v in x.items() if k != "mac"} for x in lines]
    )


def _other_match(run: Path) -> None:
    shutil.copy(run / "logs/rr/a~b/g0.jsonl", run / f"logs/{TARGET}.jsonl")


ATTACKS: dict[str, tuple[Callable[[Path], None], str]] = {
    "recomputed chain": (_recomputed_chain, "line 4: line MAC does not match"),
    "edited decision": (_edited_decision, "line 6: line hash does not match"),
    "added fault": (_added_fault, "line 1: line has no MAC"),
    "added fault with the key": (
        _added_fault_sealed,
        "log does not verify: result: its faults are not those of the decision lines",
    ),
    "forged forfeit": (_forged_forfeit, "line 1: line has no MAC"),
    "stripped MACs": (_stripped_macs, "line 1: line has no MAC"),
    "log of another match": (_other_match, "the log is of another match"),
}


@pytest.fixture(scope="module")
def genuine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished run of three matches between real bot processes."""
    root = tmp_path_factory.mktemp("sealed")
    source = root / "tournament.toml"
    source.write_text(TEXT)
    start_run(source, root / "run", 1, Recorder())
    assert [row.status for row in _results(root / "run").values()] == ["completed"] * 3
    return root / "run"


def _unrecord(run: Path, key: str) -> None:
    """Remove ``key``'s stored result, as if the runner died before committing it."""
    with sqlite3.connect(run / "results.sqlite") as connection:
        connection.execute("DELETE FROM matches WHERE key = ?", (key,))
    connection.close()


def _results(run: Path) -> dict:
    store = ResultStore.open(run)
    try:
        return {result.key: result for result in store.results()}
    finally:
        store.close()


def _verify_cli(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["replay", "verify", *map(str, args)])
    return result.exit_code, result.output


def test_a_genuine_run_is_sealed_and_verifies(genuine: Path) -> None:
    key = RunFolder(genuine).log_key()
    for path in sorted((genuine / "logs").rglob("*.jsonl")):
        assert verify(path, key).ok, path
        assert key.hex() not in path.read_text()
    code, output = _verify_cli(genuine)
    assert code == 0, output
    assert output.count("OK ") == 3 and "FAILED" not in output


@pytest.mark.parametrize("attack", list(ATTACKS))
def test_each_forgery_is_refused_by_adoption_and_by_verify(genuine: Path, tmp_path, attack):
    run = Path(shutil.copytree(genuine, tmp_path / "run"))
    forge, reason = ATTACKS[attack]
    _unrecord(run, TARGET)
    forge(run)
    code, output = _verify_cli(run)
    assert code == 1
    [line] = [line for line in output.splitlines() if TARGET in line]
    assert line.startswith("FAILED")

    store = ResultStore.open(run)
    try:
        review = adopt_complete_logs(RunFolder(run), store, store.definition())
        assert review.adopted == [] and store.is_done(TARGET) is False
    finally:
        store.close()
    assert list(review.rejected) == [TARGET]
    assert reason in review.rejected[TARGET]


def test_resume_sets_forgeries_aside_and_plays_their_matches_again(genuine: Path, tmp_path):
    run = Path(shutil.copytree(genuine, tmp_path / "run"))
    honest = _results(run)
    _unrecord(run, TARGET)
    _forged_forfeit(run)
    forged = (run / f"logs/{TARGET}.jsonl").read_text()
    stray = run / "logs/rr/a~z/g0.jsonl"
    stray.parent.mkdir()
    stray.write_text(forged)
    recorder = Recorder()

    summary = resume_run(run, None, 1, recorder)

    assert (summary.played, summary.recorded) == (1, 3)
    assert (
        f"log of match {TARGET} set aside as rejected/{TARGET}.jsonl: "
        "log broken at line 1: line has no MAC" in recorder.notices
    )
    assert (
        "log of match rr/a~z/g0 set aside as rejected/rr/a~z/g0.jsonl: "
        "no match of this run is waiting for this log" in recorder.notices
    )
    assert (run / f"rejected/{TARGET}.jsonl").read_text() == forged
    assert not stray.exists()
    after = _results(run)
    assert {key: after[key] for key in honest if key != TARGET} == {
        key: row for key, row in honest.items() if key != TARGET
    }
    assert after[TARGET].status == "completed"  # played for real: the forgery said forfeit
    assert verify(run / after[TARGET].log_path, RunFolder(run).log_key()).ok
    assert _verify_cli(run)[0] == 0


def test_a_forger_kills_the_runner_and_resume_plays_the_match_for_real(tmp_path):
    text = tournament_toml(["a=random", "b=random"], games=6)
    source = tmp_path / "tournament.toml"
    source.write_text(text)
    run = tmp_path / "run"
    command = [sys.executable, "-c", CLI, "tournament", "run", str(source)]
    command += ["--run-dir", str(run), "--concurrency", "1", "--no-live"]
    runner = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    matches = {match.key: match for match in next_matches(parse_definition(text), {})}
    last = max(matches)
    planted = run / f"logs/{last}.jsonl"
    try:
        assert wait_for(lambda: recorded_count(run / "results.sqlite") >= 1, 60.0)
        header = _lines(run / "logs/rr/a~b/g0.jsonl")[0]
        assert not planted.exists()
        planted.parent.mkdir(parents=True, exist_ok=True)
        _write(planted, forged_forfeit(header, last, matches[last].seed, 1))
        os.kill(runner.pid, signal.SIGKILL)
    finally:
        runner.kill()
        runner.wait(timeout=10)
    forged = planted.read_text()
    assert verify(planted).ok  # a consistent log: without the key it passes
    assert recorded_count(run / "results.sqlite") < len(matches)
    honest = _results(run)

    recorder = Recorder()
    summary = resume_run(run, None, 1, recorder)

    assert summary.recorded == len(matches)
    assert any(
        notice.startswith(f"log of match {last} set aside as rejected/{last}.jsonl: ")
        for notice in recorder.notices
    )
    assert (run / f"rejected/{last}.jsonl").read_text() == forged
    after = _results(run)
    assert {key: after[key] for key in honest} == honest
    replayed = read_log(planted)
    assert after[last].status != "forfeit" or replayed.result["faults"][0]["decision"] >= 0
    assert len(replayed.decisions) > 0  # played for real: the forgery had none
    sources = [seat.source for seat in replayed.header.seats]
    assert sources == [f"{name} (sample:random)" for name in after[last].seats]
    assert verify(planted, RunFolder(run).log_key()).ok
    assert _verify_cli(run)[0] == 0
