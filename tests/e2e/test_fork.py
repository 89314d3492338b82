"""``ruckus replay fork``: a logged match played on from decision N by other bot processes; the
forked log names its parent and is verified from the parent's header and first N actions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.matchlog import read_log, verify
from referee.matchlog.chain import GENESIS, canonical, line_body, seal
from tournaments.cli import app
from tournaments.replay.timeline import load_timeline

AT = 40


def _ruckus(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def parent(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A match of two random bot processes, logged."""
    folder = tmp_path_factory.mktemp("parent")
    code, output = _ruckus(
        "play",
        "pilfer",
        "--bot",
        "random",
        "--bot",
        "random",
        "--seed",
        8,
        "--log",
        folder / "match.jsonl",
    )
    assert code == 0, output
    return folder / "match.jsonl"


def _fork(parent: Path, out: Path, at: int, *bots: str) -> str:
    bot_args = [arg for bot in bots for arg in ("--bot", bot)]
    code, output = _ruckus("replay", "fork", parent, "--at", at, *bot_args, "--log", out)
    assert code == 0, output
    return output


def _reseal(path: Path, change) -> None:
    lines = [json.loads(raw) for raw in path.read_text().splitlines()]
    change(lines)
    prev, out = GENESIS, []
    for line in lines:
        sealed = seal({k: v for k, v in line_body(line).items() if k != "prev"}, prev)
        prev = sealed["hash"]
        out.append(canonical(sealed))
    path.write_text("\n".join(out) + "\n")


def test_a_fork_plays_on_from_decision_n_with_new_bots_and_verifies(parent: Path, tmp_path: Path):
    fork = tmp_path / "fork.jsonl"
    output = _fork(parent, fork, AT, "greedy", "random")
    assert f"forking {parent} at decision {AT} into {fork}" in output

    log = read_log(fork)
    header = log.header
    assert header.fork.at == AT and header.fork.parent == f"../{parent.parent.name}/match.jsonl"
    assert header.fork.parent_header == read_log(parent).header_hash
    assert [seat.name for seat in header.seats] == ["pilfer-greedy", "pilfer-random"]
    assert header.seed == read_log(parent).header.seed
    assert log.decisions[0]["n"] == AT and log.complete
    assert verify(fork).ok

    forked, original = load_timeline(fork), load_timeline(parent)
    assert [frame.observation for frame in forked.frames[: AT + 1]] == [
        frame.observation for frame in original.frames[: AT + 1]
    ]
    code, shown = _ruckus("replay", "verify", fork)
    assert code == 0 and shown.startswith("OK ")
    code, board = _ruckus("replay", "show", fork, "--at", AT + 5)
    assert code == 0 and board.strip()
    code, _ = _ruckus("replay", "export", fork, "--html", tmp_path / "fork.html")
    assert code == 0


def test_a_fork_says_which_bot_takes_which_seat_before_it_plays(parent: Path, tmp_path: Path):
    output = _fork(parent, tmp_path / "fork.jsonl", AT, "greedy", "random")
    seating = output.index("  seat 0: greedy  (in the log: pilfer-random, random)")
    assert output.index("  seat 1: random  (in the log: pilfer-random, random)") > seating
    assert "the --bot options take the seats in order: the first plays seat 0" in output
    assert seating < output.index("seat 0: pilfer-greedy")  # before the match starts


def test_a_fork_of_a_fork_verifies_through_both_parents(parent: Path, tmp_path: Path):
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    _fork(parent, first, AT, "greedy", "random")
    _fork(first, second, AT + 20, "random", "greedy")
    assert read_log(second).header.fork.parent == "first.jsonl"
    assert verify(second).ok


def test_a_fork_fails_when_its_parent_changed_or_is_gone(parent: Path, tmp_path: Path):
    copy = tmp_path / "parent.jsonl"
    copy.write_text(parent.read_text())
    fork = tmp_path / "fork.jsonl"
    _fork(copy, fork, AT, "random", "random")

    def replay_another_action(lines: list[dict]) -> None:
        lines[11]["time_ms"] += 1.0  # decision 10, rehashed: a parent that is not the one forked

    _reseal(copy, replay_another_action)
    code, output = _ruckus("replay", "verify", fork)
    assert code == 1
    assert "fork: the parent log's decisions up to 40 are not the ones forked from" in output
    copy.unlink()
    code, output = _ruckus("replay", "verify", fork)
    assert code == 1 and "cannot read the parent log" in output


def test_a_new_bot_that_fails_to_start_forfeits_at_the_fork_point(
    parent: Path, tmp_path: Path, kit
):
    fork = tmp_path / "fork.jsonl"
    _fork(parent, fork, AT, kit.fault_bot("die_at_start"), "random")
    result = read_log(fork).result
    assert result["forfeited_seat"] == 0 and result["decisions"] == AT
    assert verify(fork).ok


def test_a_fork_point_past_the_end_of_the_match_is_refused(parent: Path, tmp_path: Path):
    decisions = len(read_log(parent).decisions)
    code, _ = _ruckus(
        "replay",
        "fork",
        parent,
        "--at",
        decisions,
        "--bot",
        "random",
        "--bot",
        "random",
        "--log",
        tmp_path / "late.jsonl",
    )
    assert code == 2 and not (tmp_path / "late.jsonl").exists()
