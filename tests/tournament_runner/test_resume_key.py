"""A run whose log key is gone is not resumed: a new key would fail every earlier log."""

from __future__ import annotations

from typer.testing import CliRunner

from tournaments.cli import app

from .conftest import tournament_toml


def test_resume_without_the_log_key_refuses_and_makes_no_new_key(tmp_path):
    source = tmp_path / "tournament.toml"
    source.write_text(tournament_toml(["a=random", "b=random"], games=2))
    run_dir = tmp_path / "run"
    runner = CliRunner()
    ran = runner.invoke(app, ["tournament", "run", str(source), "--run-dir", str(run_dir)])
    assert ran.exit_code == 0, ran.output
    (run_dir / "log.key").unlink()
    resumed = runner.invoke(app, ["tournament", "resume", str(run_dir)])
    assert resumed.exit_code != 0
    assert "log.key" in resumed.output and "not resumed" in resumed.output
    assert not (run_dir / "log.key").exists()
    verified = runner.invoke(app, ["replay", "verify", str(run_dir)])
    assert verified.exit_code != 0 and "no readable log key" in verified.output
