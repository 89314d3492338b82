"""``ruckus tournament run|resume`` with bots that fail preflight: one error line per bot, exit
2 and nothing played; ``--keep-going`` plays, their matches as forfeits."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee.transport.process import free_port
from tournaments.cli import app
from tournaments.store import ResultStore


def _definition(port: int) -> str:
    return (
        'name = "preflight"\ngame = "pilfer"\nplayers = 2\nformat = "round-robin"\nseed = 3\n'
        'bots = [{ name = "ghost", command = "no-such-bot-program" },\n'
        f'  {{ name = "far", address = "grpc://127.0.0.1:{port}" }},\n'
        '  { name = "a", sample = "pilfer-random" }]\n'
    )


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Run in ``tmp_path`` with ``t.toml``; restore the SIGTERM handler the command installs."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.toml").write_text(_definition(free_port()))
    handler = signal.getsignal(signal.SIGTERM)
    yield tmp_path
    signal.signal(signal.SIGTERM, handler)


def _ruckus(*args: str) -> Result:
    return CliRunner().invoke(app, ["tournament", *args], env={"COLUMNS": "200"})


def _statuses(run: Path) -> list[str]:
    store = ResultStore.open(run)
    try:
        return [result.status for result in store.results()]
    finally:
        store.close()


@pytest.mark.parametrize("view", [["--no-live"], []], ids=["plain", "live"])
def test_run_stops_with_a_line_per_failing_bot_and_resume_keep_going_plays(here, view):
    stopped = _ruckus("run", "t.toml", "--run-dir", "run", *view)
    assert stopped.exit_code == 2, stopped.output
    errors = stopped.stderr.splitlines()
    assert [line.split(":", 2)[:2] for line in errors[:2]] == [
        ["error", " bot ghost"],
        ["error", " bot far"],
    ]
    assert errors[0].startswith("error: bot ghost: did not start (4 tries): exited with code 127")
    assert "(run/bots/ghost.4.log)" in errors[0]
    assert errors[1].startswith("error: bot far: does not answer Describe at 127.0.0.1:")
    assert errors[2:] == [
        "no match was played; fix the bots, then: ruckus tournament resume run "
        "(or add --keep-going to play, their matches as forfeits)",
        "a fix in the definition (a bot's command or address) is a new run: "
        "ruckus tournament run t.toml",
    ]
    assert "Traceback" not in stopped.output
    assert _statuses(here / "run") == []

    kept_going = _ruckus("resume", "run", "--keep-going", *view)
    assert kept_going.exit_code == 0, kept_going.output
    assert _statuses(here / "run") == ["forfeit"] * 3
    assert "failed preflight (played with --keep-going): ghost, far" in kept_going.stdout
    if view == ["--no-live"]:  # the plain view prints notices; the live view's panel is gone
        assert "notice: preflight: bot ghost: did not start" in kept_going.stdout
        assert "; its matches will be forfeits" in kept_going.stdout


def test_run_keep_going_plays_at_once(here):
    done = _ruckus("run", "t.toml", "--run-dir", "run", "--no-live", "--keep-going")
    assert done.exit_code == 0, done.output
    assert "played 3 matches" in done.stdout
    assert "notice: preflight: bot far: does not answer Describe" in done.stdout
    assert _statuses(here / "run") == ["forfeit"] * 3
