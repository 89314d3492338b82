"""Every ``ruckus`` command, given a wrong path or option, says so in one line on stderr and
exits non-zero: no Python traceback for a user's mistake.

The cases cover every command ``ruckus --help`` lists (a test checks that), each with the
mistakes that apply to it: a missing file, a folder where a file belongs, a file where a folder
belongs, ``--log DIR``, a ``--log`` under a file, ``replay export --html DIR``, a TOML file
that does not parse (whose error names the file) and ``bot check`` of a folder that is not
there (which must say so, not only "unknown sample bot"), and ``referee serve`` on a port
another program holds.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from referee.games.rng import Rng
from referee.match import BotIdentity, MatchSetup, run_match
from referee.match.player import DecisionPrompt, MatchInfo
from referee.matchlog import LogWriter
from tournaments.cli import app

ROOT = Path(__file__).resolve().parents[2]
BOTS = ["--bot", "random", "--bot", "random"]
CASES: dict[str, list[tuple[list[str], str]]] = {
    "games": [(["games", "--colour"], "No such option: --colour")],
    "formats": [(["formats", "ladder"], "unknown format 'ladder'; known formats: ")],
    "selfplay": [(["selfplay", "chess"], "unknown game 'chess'")],
    "doctor": [(["doctor", "now"], "unexpected extra argument(s) (now)")],
    "backends": [(["backends", "now"], "unexpected extra argument(s) (now)")],
    "arena init": [(["arena", "init", "{file}", "--game", "pilfer"], "file.txt is a file, not a")],
    "arena bot add": [
        (["arena", "bot", "add", "x", "--sample", "pilfer-random", "-a", "{empty}"], "no arena"),
        (["arena", "bot", "add", "x", "-a", "{empty}"], "give exactly one of --command"),
    ],
    "arena bot update": [
        (["arena", "bot", "update", "x", "--sample", "pilfer-random", "-a", "{empty}"], "no arena")
    ],
    "arena bot retire": [(["arena", "bot", "retire", "x", "-a", "{empty}"], "holds no arena")],
    "arena status": [(["arena", "status", "{empty}"], "holds no arena")],
    "arena run": [(["arena", "run", "{empty}"], "holds no arena")],
    "play": [
        (["play", "pilfer", *BOTS, "--log", "{folder}"], "folder is a folder; give a file name"),
        (["play", "pilfer", *BOTS, "--log", "{file}/m.jsonl"], "file.txt is a file, so nothing"),
        (["play", "pilfer", *BOTS, "--bot-logs", "{file}"], "file.txt is a file, not a folder"),
        (["play", "pilfer", "--bot", "random"], "pilfer needs 2-4 bots, not 1"),
        (["play", "pilfer", *BOTS, "--delay", "0.5"], "--delay: only with --watch"),
    ],
    "referee serve": [
        (["referee", "serve", "--logs", "{file}"], "file.txt is a file, not a folder"),
        (["referee", "serve", "--token-file", "{folder}"], "cannot read the token file"),
        (["referee", "serve", "--tls-cert", "{missing}", "--tls-key", "{file}"], "No such file"),
        (["referee", "serve", "--port", "{busy_port}"], "(in use by another program?)"),
    ],
    "replay verify": [
        (["replay", "verify", "{missing}"], "missing.jsonl: no such file or folder"),
        (["replay", "verify", "{empty}"], "empty holds no run (results.sqlite) and no match log"),
        (["replay", "verify", "{empty}/*/*.jsonl"], "*.jsonl: nothing matches"),
    ],
    "replay show": [
        (["replay", "show", "{missing}"], "missing.jsonl: no such file"),
        (["replay", "show", "{folder}"], "folder is a folder, not a match log"),
        (["replay", "show", "{file}"], "cannot replay"),
    ],
    "replay export": [
        (["replay", "export", "{log}", "--html", "{folder}"], "folder is a folder; give a file"),
        (["replay", "export", "{log}", "--html", "{file}/r.html"], "file.txt is a file, so"),
        (["replay", "export", "{missing}", "--html", "r.html"], "missing.jsonl: no such file"),
    ],
    "replay fork": [
        (["replay", "fork", "{missing}", "--at", "1", *BOTS], "missing.jsonl: no such file"),
        (["replay", "fork", "{log}", "--at", "1", *BOTS, "--log", "{folder}"], "is a folder"),
        (["replay", "fork", "{log}", "--at", "9999", *BOTS], "--at must be in 0.."),
        (["replay", "fork", "{log}", "--at", "1", "--bot", "random"], "needs 2-4 bots, not 1"),
    ],
    "tournament run": [
        (["tournament", "run", "{missing}"], "missing.jsonl: no such file"),
        (["tournament", "run", "{folder}"], "folder is a folder, not a tournament definition"),
        (["tournament", "run", "{broken}"], "broken.toml: not valid TOML: "),
        (["tournament", "run", "{toml}", "--run-dir", "{file}"], "file.txt is a file, not a"),
    ],
    "tournament resume": [
        (["tournament", "resume", "{missing}"], "missing.jsonl holds no run"),
        (["tournament", "resume", "{file}"], "file.txt holds no run"),
        (["tournament", "resume", "{empty}"], "holds no run"),
        (["tournament", "resume", "{empty}", "--definition", "{broken}"], "broken.toml: not"),
    ],
    "tournament show": [
        (["tournament", "show", "{missing}"], "missing.jsonl holds no run"),
        (["tournament", "show", "{file}"], "file.txt holds no run"),
    ],
    "web": [
        (["web", "{missing}"], "missing.jsonl holds no run"),
        (["web", "{file}"], "file.txt holds no run"),
        (["web", "{empty}", "--host", "0.0.0.0"], "needs TLS and a token"),
        (["web", "{empty}", "--tls-cert", "{file}"], "give both --tls-cert and --tls-key"),
    ],
    "bot new": [
        (["bot", "new", "mine", "--game", "pilfer", "--dir", "{file}"], "is a file, not a folder"),
    ],
    "bot check": [
        (["bot", "check", "nosuchdir"], "nosuchdir: no such bot folder here; unknown sample bot"),
        (["bot", "check", "{file}"], "file.txt is a file, not a bot folder; check a folder"),
        (["bot", "check", "{folder}/inner"], "inner: no such folder"),
    ],
}


class _Seeded:
    """An in-process player whose choice is drawn from the decision id."""

    def identity(self) -> BotIdentity:
        return BotIdentity(name="first")

    def start(self, info: MatchInfo) -> None:
        pass

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        return Rng(prompt.decision_id).below(len(prompt.choices))

    def finish(self, outcome: object) -> None:
        pass


@pytest.fixture(scope="module")
def busy_port() -> Iterator[int]:
    """A loopback port something else listens on."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield taken.getsockname()[1]


@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory, busy_port: int) -> dict[str, str]:
    """What the cases name: a file, a folder, an empty folder, a log, TOML files, a busy port."""
    root = tmp_path_factory.mktemp("places")
    (root / "file.txt").write_text("just text\n")
    (root / "folder").mkdir()
    (root / "empty").mkdir()
    (root / "broken.toml").write_text('name = "oops\n')
    shutil.copy(ROOT / "tournaments" / "defs" / "demo-pilfer.toml", root / "good.toml")
    log = root / "match.jsonl"
    with LogWriter(log) as writer:
        run_match(MatchSetup.for_game("pilfer", 5), [_Seeded(), _Seeded()], [writer])
    names = {"file": "file.txt", "folder": "folder", "empty": "empty", "log": "match.jsonl"}
    named = {key: str(root / name) for key, name in names.items()}
    return {
        **named,
        "missing": str(root / "missing.jsonl"),
        "broken": str(root / "broken.toml"),
        "toml": str(root / "good.toml"),
        "busy_port": str(busy_port),
    }


def _commands(group: Any, prefix: str = "") -> list[str]:
    names = []
    for name, command in group.commands.items():
        path = f"{prefix}{name}"
        names += _commands(command, f"{path} ") if hasattr(command, "commands") else [path]
    return names


def test_every_command_has_its_bad_path_cases():
    assert sorted(_commands(typer.main.get_command(app))) == sorted(CASES)


@pytest.mark.parametrize(
    ("args", "says"),
    [case for cases in CASES.values() for case in cases],
    ids=[" ".join(args[:3]) for cases in CASES.values() for args, _ in cases],
)
def test_a_mistake_is_one_line_on_stderr_and_a_failing_exit(
    args: list[str], says: str, places: dict[str, str], tmp_path: Path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, [arg.format(**places) for arg in args])
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and says in lines[0], lines[0]
    assert "Traceback" not in result.output


def test_the_installed_command_reports_in_one_line_and_knows_its_version(places, tmp_path):
    command = [sys.executable, "-c", "from tournaments.cli import app; app()"]
    done = subprocess.run(
        [*command, "play", "pilfer", *BOTS, "--log", places["folder"]],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: Invalid value for --log")
    version = subprocess.run(
        [*command, "--version"], capture_output=True, text=True, timeout=60, check=True
    )
    assert version.stdout.startswith("ruckus ") and version.stdout.strip() != "ruckus unknown"
