"""The shell commands of README's main sections (Play one match, Tournaments, Replays) run, in
README's order, in a scratch folder, so the README cannot drift from what Ruckus does.

Every ``ruckus`` line of those sections' ``sh`` blocks is run, unless ``SKIPPED`` lists it with
the reason (a skipped line README no longer shows fails). ``FILLED`` fills in README's
placeholders (the run folder's name) and makes the slow lines quick (no delay between boards, a
position instead of the interactive stepper); an optional part in brackets is given, its first
choice where it offers several (``[--json | --csv]``). The commands run in this process (the
application ``ruckus`` starts), which saves an interpreter start per line; the scratch folder's
``tournaments/defs/demo-pilfer.toml`` is the demo's own file less its slowest bot.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tournaments.cli import app

ROOT = Path(__file__).resolve().parents[1]
SECTIONS = ("Play one match", "Tournaments", "Replays")
RUN = "{run}"
"""Stands for the run folder the README's tournament makes."""
FILLED = {
    "runs/NAME": RUN,
    "runs/demo-pilfer-20261130-010203": RUN,
    " [--seat 1]": " --seat 1 --at 5",
    "--delay 0.5": "--delay 0",
    "--delay 0.3": "--delay 0",
}
OPTIONAL = re.compile(r"\[([^]|]+?)(?: \|[^]]*)?\]")
"""An optional part of a command line: ``[--h2h]``, ``[--json | --csv]``."""
SKIPPED = {
    "ruckus play pilfer --bot grpc://127.0.0.1:50061 --bot search": "needs a bot started by hand",
    "ruckus tournament run league.toml --backend ray --backend-option address=HEAD_HOST:6379": (
        "a cluster"
    ),
    "ruckus tournament run league.toml --backend ray": "needs league.toml and Ray",
}
NEEDS_NODE = "cmd:node"
DEMO = Path("tournaments/defs/demo-pilfer.toml")
SLOW_BOT = '[[bots]]\nname = "search"\nsample = "pilfer-search"\n'


def readme_commands() -> list[str]:
    """Return the ``ruckus`` lines of the ``sh`` blocks of README's main sections, in order,
    each without its comment."""
    text = (ROOT / "README.md").read_text()
    commands = []
    for section in re.split(r"^## ", text, flags=re.M):
        if section.split("\n", 1)[0].strip() not in SECTIONS:
            continue
        for block in re.findall(r"^```sh\n(.*?)^```", section, flags=re.M | re.S):
            for line in block.splitlines():
                command = line.split("  #", 1)[0].strip()
                if command.startswith("ruckus "):
                    commands.append(command)
    return commands


def _filled(command: str, run: str) -> list[str]:
    for placeholder, value in FILLED.items():
        command = command.replace(placeholder, value)
    return shlex.split(OPTIONAL.sub(r"\1", command).replace(RUN, run))


def _run_folder(scratch: Path) -> str:
    found = sorted((scratch / "runs").glob("demo-pilfer-*"))
    return str(found[-1].relative_to(scratch)) if found else RUN


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder laid out as the README's commands expect, made the current one; the harness's
    Python first on PATH (as after ``source .venv/bin/activate``); SIGTERM as it was after."""
    (tmp_path / "sample_bots").symlink_to(ROOT / "sample_bots")
    (tmp_path / DEMO).parent.mkdir(parents=True)
    demo = (ROOT / DEMO).read_text()
    assert SLOW_BOT in demo
    (tmp_path / DEMO).write_text(demo.replace(SLOW_BOT, ""))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    handler = signal.getsignal(signal.SIGTERM)
    yield tmp_path
    signal.signal(signal.SIGTERM, handler)


def _ruckus(argv: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(app, argv)
    return result.exit_code, result.output


def test_every_readme_command_is_run_or_skipped_for_a_reason():
    commands = readme_commands()
    assert len(commands) >= 10
    assert set(SKIPPED) <= set(commands), "SKIPPED names a command README no longer shows"


def test_the_readme_commands_work(scratch: Path):
    assert _ruckus(["bot", "new", "mybot", "--game", "pilfer"])[0] == 0
    for command in readme_commands():
        if command in SKIPPED or (NEEDS_NODE in command and shutil.which("node") is None):
            continue
        code, output = _ruckus(_filled(command, _run_folder(scratch))[1:])
        assert code == 0, f"{command}\n{output[-3000:]}"
        assert "Traceback" not in output, command


def test_the_readme_puts_ruckus_on_the_path_before_its_first_command():
    text = (ROOT / "README.md").read_text()
    first = re.search(r"^ruckus ", text, flags=re.M)
    activate = text.find("source .venv/bin/activate")
    assert first is not None and 0 <= activate < first.start()
    assert ".venv/bin/ruckus" in text[: first.start()]


@pytest.mark.parametrize("command", sorted(SKIPPED))
def test_skipped_commands_still_parse(command: str):
    code, output = _ruckus([*shlex.split(command)[1:], "--help"])
    assert code == 0, output
