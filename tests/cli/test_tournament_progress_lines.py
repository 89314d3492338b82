"""``ruckus tournament run`` of a knockout into a pipe: every result line counts the matches done of
the known total, ``+`` while tiebreaks may add more, and the last one is exact."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tournaments.cli import app

DEFINITION = """name = "cup"
game = "pilfer"
players = 2
format = "knockout"
seed = 4
bots = [
  { name = "a", sample = "pilfer-random" },
  { name = "b", sample = "pilfer-random" },
  { name = "c", sample = "pilfer-random" },
  { name = "d", sample = "pilfer-random" },
]
"""
RESULT_LINE = re.compile(r"^\[(\d+)/(\d+)(\+?)\] (ko/r[12]/s[01]/g\d+): ")


@pytest.mark.parametrize("live", [["--no-live"], []], ids=["no-live", "piped"])
def test_a_piped_knockout_shows_its_known_total_growing_to_the_final_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, live: list[str]
):
    """Into a pipe (the test's output is one) the plain view prints, with or without
    ``--no-live``: the live view draws only on a terminal."""
    monkeypatch.chdir(tmp_path)
    handler = signal.getsignal(signal.SIGTERM)
    (tmp_path / "cup.toml").write_text(DEFINITION)
    options = [*live, "--run-dir", "run", "--concurrency", "2"]
    done = CliRunner().invoke(app, ["tournament", "run", "cup.toml", *options])
    signal.signal(signal.SIGTERM, handler)
    assert done.exit_code == 0, done.output
    progress = [
        match.groups() for line in done.stdout.splitlines() if (match := RESULT_LINE.match(line))
    ]
    played = len(progress)
    assert f"played {played} matches" in done.stdout
    # two semi-finals and a final of one game each, and tiebreak pairs after a draw (one may
    # come before the first line: the semi-finals run at once)
    count, total, growing = progress[0][:3]
    assert (count, growing) == ("1", "+") and int(total) in (3, 5)
    assert [int(count) for count, *_ in progress] == list(range(1, played + 1))
    known = [int(total) for _, total, *_ in progress]
    assert known == sorted(known) and known[-1] == played
    assert progress[-1][2] == "" and progress[-1][3].startswith("ko/r2/s0/")
