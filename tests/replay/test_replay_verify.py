"""``ruckus replay verify``: OK, INCOMPLETE and FAILED logs, naming the first divergent decision."""

from __future__ import annotations

from pathlib import Path

import pytest
from replay_kit import MakeLog, read_lines, write_lines
from typer.testing import CliRunner

from referee.match import MatchHeader, MatchSetup
from tournaments.cli import app
from tournaments.replay.checks import Status, check_log

runner = CliRunner()
GAMES = ["pilfer", "wabbit"]


def _verify(*paths: Path, allow_incomplete: bool = False) -> tuple[int, str]:
    flags = ["--allow-incomplete"] if allow_incomplete else []
    args = ["replay", "verify", *map(str, paths), *flags]
    result = runner.invoke(app, args)
    return result.exit_code, result.output


def _choice_decision(lines: list[dict]) -> int:
    """Return the number of a decision that had more than one legal action."""
    header = MatchHeader.from_json(lines[0])
    setup = MatchSetup.from_header(header)
    game = setup.game
    state = game.new_state(setup.config, header.players, header.seed)
    for line in lines[1:]:
        actions = game.legal_actions(state)
        if len(actions) > 1 and line["n"] > 5:
            return int(line["n"])
        state = game.apply(state, actions[line["index"]])
    raise AssertionError("no decision with a choice")


@pytest.mark.parametrize("game", GAMES)
def test_untouched_logs_verify_ok(make_log: MakeLog, game: str) -> None:
    code, output = _verify(make_log(game))
    assert code == 0
    assert output.startswith("OK ")
    assert "decisions verified (MAC not checked: not in a run folder)" in output


def test_several_files_each_get_a_line(make_log: MakeLog) -> None:
    code, output = _verify(make_log("pilfer"), make_log("wabbit"))
    assert code == 0
    assert len(output.splitlines()) == 2


@pytest.mark.parametrize("game", GAMES)
def test_tampered_action_fails_at_that_decision(make_log: MakeLog, tmp_path: Path, game: str):
    lines = read_lines(make_log(game))
    n = _choice_decision(lines)
    line = lines[n + 1]
    line["index"] = 1 if line["index"] == 0 else 0
    code, output = _verify(write_lines(tmp_path / "action.jsonl", lines))
    assert code == 1
    assert output.startswith("FAILED")
    assert f"first divergence at decision {n}:" in output


@pytest.mark.parametrize("game", GAMES)
def test_tampered_digest_fails_at_that_decision(make_log: MakeLog, tmp_path: Path, game: str):
    lines = read_lines(make_log(game))
    lines[21]["digest"] = "0" * 32
    code, output = _verify(write_lines(tmp_path / "digest.jsonl", lines))
    assert code == 1
    assert "first divergence at decision 20: state digest differs" in output
    assert "(20 decisions verified before it)" in output


def test_broken_chain_fails_at_the_edited_line(make_log: MakeLog, tmp_path: Path) -> None:
    lines = read_lines(make_log("pilfer"))
    lines[11]["time_ms"] = 99.0
    code, output = _verify(write_lines(tmp_path / "chain.jsonl", lines, reseal=False))
    assert code == 1
    assert "first divergence at decision 10 (line 12): line hash does not match" in output


def test_a_removed_line_breaks_the_chain(make_log: MakeLog, tmp_path: Path) -> None:
    lines = read_lines(make_log("wabbit"))
    del lines[30]
    code, output = _verify(write_lines(tmp_path / "gap.jsonl", lines, reseal=False))
    assert code == 1
    assert "decision 29 (line 31): line does not link to the previous line" in output


@pytest.mark.parametrize("game", GAMES)
def test_log_cut_mid_line_is_incomplete(make_log: MakeLog, tmp_path: Path, game: str) -> None:
    text = make_log(game).read_text()
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[: len(text) // 2])
    code, output = _verify(cut)
    assert code == 1
    assert output.startswith("INCOMPLETE")
    assert "the log stops before its result line" in output
    assert _verify(cut, allow_incomplete=True) == (0, output)


def test_log_without_result_line_is_incomplete(make_log: MakeLog, tmp_path: Path) -> None:
    lines = read_lines(make_log("pilfer"))[:50]
    verdict = check_log(write_lines(tmp_path / "crashed.jsonl", lines, reseal=False))
    assert verdict.status is Status.INCOMPLETE
    assert verdict.decisions == 49


def test_a_missing_file_is_a_one_line_error(tmp_path: Path) -> None:
    code, output = _verify(tmp_path / "nothing.jsonl")
    assert code == 2
    assert output.count("\n") == 1 and "nothing.jsonl: no such file or folder" in output


def test_globs_and_folders_of_logs_are_expanded(make_log: MakeLog, tmp_path: Path) -> None:
    nested = tmp_path / "logs" / "rr" / "a~b"
    nested.mkdir(parents=True)
    for name, game in (("g0.jsonl", "pilfer"), ("g1.jsonl", "wabbit")):
        (nested / name).write_text(make_log(game).read_text())
    for target in (str(tmp_path / "logs" / "**" / "*.jsonl"), str(tmp_path / "logs")):
        code, output = _verify(target)
        assert code == 0, output
        assert [line.split()[:2] for line in output.splitlines()] == [
            ["OK", f"{nested / 'g0.jsonl'}:"],
            ["OK", f"{nested / 'g1.jsonl'}:"],
        ]
    code, output = _verify(str(tmp_path / "logs" / "*.jsonl"))
    assert code == 2 and "nothing matches" in output


def test_any_failure_makes_the_exit_code_non_zero(make_log: MakeLog, tmp_path: Path) -> None:
    lines = read_lines(make_log("pilfer"))
    lines[5]["digest"] = "f" * 32
    bad = write_lines(tmp_path / "bad.jsonl", lines)
    code, output = _verify(make_log("wabbit"), bad)
    assert code == 1
    assert [line.split()[0] for line in output.splitlines()] == ["OK", "FAILED"]
