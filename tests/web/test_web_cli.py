"""``ruckus web RUN`` as a process (prints its URL, serves, stops on SIGTERM) and
``ruckus tournament run --web`` (serves the run while it plays and says where)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from typer.testing import CliRunner
from web_kit import PlayedRun

from tournaments.cli import app

ROOT = Path(__file__).resolve().parents[2]
URL = re.compile(r"http://127\.0\.0\.1:\d+/")
TINY = """name = "web-tiny"
game = "pilfer"
players = 2
format = "round-robin"
games_per_pairing = 2
seed = 2
concurrency = 2
bots = [
  { name = "a", sample = "pilfer-random" },
  { name = "b", sample = "pilfer-random" },
]
[rules]
max_rounds = 4
"""


def test_ruckus_web_prints_its_url_serves_and_stops_on_sigterm(gauntlet: PlayedRun):
    process = subprocess.Popen(
        [sys.executable, "-c", "from tournaments.cli import app; app()", "web", str(gauntlet.root)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = URL.search(line)
        assert found, line
        with urllib.request.urlopen(found.group(0), timeout=10) as response:
            assert response.status == 200 and "champ" in response.read().decode()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_tournament_run_web_serves_while_it_plays(tmp_path: Path):
    definition = tmp_path / "tiny.toml"
    definition.write_text(TINY)
    run_dir = tmp_path / "run"
    result = CliRunner().invoke(
        app, ["tournament", "run", str(definition), "--run-dir", str(run_dir), "--no-live", "--web"]
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"serving the run at http://127\.0\.0\.1:\d+/", result.output)
    assert (run_dir / "results.sqlite").is_file()
