"""``ruckus tournament run`` warns when more matches run at once than there are cores, and ends
with the commands that look further into the run (each of which then works)."""

from __future__ import annotations

import signal
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tournaments.cli import app
from tournaments.cli.hints import concurrency_warning, cores
from tournaments.runner.session import resolve_concurrency

DEFS = Path(__file__).resolve().parents[2] / "tournaments" / "defs"

DEFINITION = """name = "hints"
game = "pilfer"
players = 2
format = "round-robin"
seed = 3
bots = [{ name = "a", sample = "pilfer-random" }, { name = "b", sample = "pilfer-random" }]
"""


@pytest.mark.parametrize("name", ["demo-pilfer.toml", "demo-wabbit.toml"])
def test_the_demo_does_not_warn_about_its_own_settings(name: str):
    text = (DEFS / name).read_text()
    assert "concurrency" not in tomllib.loads(text)  # the machine's cores, whatever they are
    assert concurrency_warning(resolve_concurrency(text, None)) is None


def test_the_warning_comes_only_past_the_cores():
    assert concurrency_warning(2, available=2) is None
    warning = concurrency_warning(4, available=2)
    assert warning is not None
    assert warning.startswith("warning: 4 matches at once on 2 cores")
    assert "--concurrency 2" in warning and "time_margin_ms" in warning


def test_a_run_warns_and_ends_with_next_steps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    handler = signal.getsignal(signal.SIGTERM)
    (tmp_path / "t.toml").write_text(DEFINITION)
    options = ["--no-live", "--run-dir", "run", "--concurrency", str(cores() + 1)]
    done = CliRunner().invoke(app, ["tournament", "run", "t.toml", *options])
    signal.signal(signal.SIGTERM, handler)
    assert done.exit_code == 0, done.output
    assert f"warning: {cores() + 1} matches at once on {cores()} cores" in done.stderr
    lines = done.stdout.splitlines()
    steps = lines[lines.index("next:") + 1 :]
    assert steps[0].split()[:4] == ["ruckus", "tournament", "show", "run"]
    assert steps[1].split()[:4] == ["ruckus", "replay", "verify", "run"]
    assert steps[2].split()[:4] == ["ruckus", "replay", "show", "run/logs/rr/a~b/g0.jsonl"]
    assert steps[-1].split() == ["logs:", "run/logs/", "bots'", "output:", "run/bots/"]
    for step in steps[:3]:
        command = step.split()[1:4]
        at = ["--at", "3"] if command[:2] == ["replay", "show"] else []
        follow = CliRunner().invoke(app, [*command, *at])
        assert follow.exit_code == 0, (step, follow.output)
