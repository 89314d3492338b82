"""``ruckus tournament run|resume``: exit codes, refusals and what gets printed."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from tournaments.cli import app

from .conftest import tournament_toml


def _invoke(*args: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "100"})


def _definition(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tournament.toml"
    path.write_text(text)
    return path


def test_run_then_refuse_a_second_run_in_the_same_folder(tmp_path):
    source = _definition(tmp_path, tournament_toml(["a=random", "b=random"], games=2))
    run_dir = tmp_path / "run"
    first = _invoke("tournament", "run", str(source), "--run-dir", str(run_dir), "--no-live")
    assert first.exit_code == 0, first.output
    assert re.search(r"^\[1/2\] rr/a~b/g[01]: [ab] #[12] vs [ab] #[12]", first.output, re.MULTILINE)
    assert "Skill μ±σ" in first.output
    assert "played 2 matches" in first.output
    assert re.search(r"^  notice: sandbox: (strict|basic|none) ", first.output, re.MULTILINE)
    assert re.search(r"bots ran in sandbox (strict|basic|none)$", first.output, re.MULTILINE)
    again = _invoke("tournament", "run", str(source), "--run-dir", str(run_dir), "--no-live")
    assert again.exit_code == 2
    assert "already holds a run" in again.output


def test_live_view_run_prints_the_final_standings(tmp_path):
    source = _definition(tmp_path, tournament_toml(["a=random", "b=random"]))
    result = _invoke("tournament", "run", str(source), "--run-dir", str(tmp_path / "run"))
    assert result.exit_code == 0, result.output
    assert re.search(r"^test: pilfer round-robin, 1 match *$", result.output, re.MULTILINE)


def test_resume_refuses_a_changed_definition_but_not_a_changed_concurrency(tmp_path):
    text = tournament_toml(["a=random", "b=random"], extra="concurrency = 1")
    source = _definition(tmp_path, text)
    run_dir = tmp_path / "run"
    assert (
        _invoke("tournament", "run", str(source), "--run-dir", str(run_dir), "--no-live").exit_code
        == 0
    )

    source.write_text(text.replace("concurrency = 1", "concurrency = 2"))
    faster = _invoke("tournament", "resume", str(run_dir), "--no-live")
    assert faster.exit_code == 0, faster.output
    assert "played 0 matches" in faster.output

    source.write_text(text.replace("seed = 5", "seed = 6"))
    changed = _invoke("tournament", "resume", str(run_dir), "--no-live")
    assert changed.exit_code == 2
    assert "different definition" in changed.output

    source.unlink()  # gone: the copy kept in the run folder is used
    stored = _invoke("tournament", "resume", str(run_dir), "--no-live")
    assert stored.exit_code == 0, stored.output


def test_a_missing_bot_file_is_not_retried_and_resume_names_what_changed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = tournament_toml(["mine=cmd:python mybott/bot.py", "b=random"])
    source = _definition(tmp_path, text)
    run_dir = tmp_path / "run"
    first = _invoke("tournament", "run", str(source), "--run-dir", str(run_dir), "--no-live")
    assert first.exit_code == 2, first.output
    missing = f"file that does not exist: mybott/bot.py ({tmp_path / 'mybott' / 'bot.py'})"
    assert f"bot mine cannot start, not retried: its command names a {missing}" in first.output
    assert f"error: bot mine: did not start: its command names a {missing}" in first.output
    assert "restarting" not in first.output and not list((run_dir / "bots").glob("mine.*"))
    assert f"a new run: ruckus tournament run {source}" in first.output

    source.write_text(text.replace("mybott/", "mybot/"))
    changed = _invoke("tournament", "resume", str(run_dir), "--no-live")
    assert changed.exit_code == 2
    assert (
        '  bots.mine.command: ["python", "mybott/bot.py"] then, ["python", "mybot/bot.py"] now\n'
        in changed.output
    )
    assert f"put {source} back as it was to resume this run" in changed.output
    assert f"start a new run with it: ruckus tournament run {source}" in changed.output


def test_run_reports_definition_and_bot_errors_before_creating_a_run(tmp_path):
    bad_field = _definition(tmp_path, tournament_toml(["a=random", "b=random"], games=0))
    result = _invoke("tournament", "run", str(bad_field), "--run-dir", str(tmp_path / "r1"))
    assert result.exit_code == 2
    assert "games_per_pairing" in result.output

    unknown = _definition(tmp_path, tournament_toml(["a=random", "b=no-such-bot"]))
    result = _invoke("tournament", "run", str(unknown), "--run-dir", str(tmp_path / "r2"))
    assert result.exit_code == 2
    assert "unknown sample bot 'no-such-bot'" in result.output
    assert not (tmp_path / "r2").exists()


def test_a_sandbox_level_that_cannot_start_stops_the_run_with_the_reason(tmp_path, monkeypatch):
    from referee.sandbox import levels

    monkeypatch.setattr(levels.shutil, "which", lambda name: None)
    levels.unavailable.cache_clear()
    try:
        text = tournament_toml(["a=random", "b=random"], extra='[sandbox]\nlevel = "basic"')
        source = _definition(tmp_path, text)
        result = _invoke("tournament", "run", str(source), "--run-dir", str(tmp_path / "run"))
    finally:
        levels.unavailable.cache_clear()
    assert result.exit_code == 2
    assert "sandbox level 'basic' cannot start here" in result.output
    assert "Traceback" not in result.output
