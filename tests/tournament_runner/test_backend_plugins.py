"""Backends as plugins: the registry, each backend's own options on the command line, and a
backend installed from a package of its own (a dist-info folder on the path, as pip leaves
one) that runs a real tournament with no file of Ruckus changed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tournaments.cli import app
from tournaments.runner.backends import backend_names
from tournaments.runner.backends.base import BackendError
from tournaments.runner.backends.ray import RayOptions
from tournaments.runner.backends.registry import UnknownBackend, get_backend
from tournaments.store import ResultStore

from .conftest import tournament_toml

RUCKUS = "import sys; from tournaments.cli import app; app(sys.argv[1:])"

TALLY_MODULE = '''
"""A backend of its own package: the local one, counting the matches it is given."""
from dataclasses import dataclass
from pathlib import Path

from tournaments.runner.backends.base import BackendError, BackendOption, BackendPlugin
from tournaments.runner.backends.local import LocalBackend


class TallyBackend(LocalBackend):
    def __init__(self, definition, folder, notify, tally):
        super().__init__(definition, folder, 1, notify)
        self.tally, self.given = tally, 0

    def submit(self, task, seconds):
        self.given += 1
        super().submit(task, seconds)

    def close(self):
        super().close()
        self.tally.write_text(str(self.given))


@dataclass(frozen=True)
class TallyOptions:
    file: str = "tally.txt"


class TallyPlugin(BackendPlugin):
    name = "tally"
    summary = "the local pool, one match at a time, counting them"
    takes = (BackendOption("file", "where the count is written", "PATH"),)

    def build_options(self, given):
        if given.get("file") == "":
            raise BackendError("file: give a path")
        return TallyOptions(**given)

    def open(self, definition, folder, concurrency, notify, options):
        notify(f"tally: counting into {options.file}")
        return TallyBackend(definition, folder, notify, Path(options.file))


PLUGIN = TallyPlugin()
'''

ENTRY_POINTS = """[ruckus.backends]
tally = ruckus_tally_backend:PLUGIN
broken = ruckus_tally_backend:NO_SUCH_PLUGIN
"""


@pytest.fixture
def installed(tmp_path: Path) -> Path:
    """A folder holding the tally backend's package as pip installs one (module, dist-info)."""
    site = tmp_path / "site"
    info = site / "ruckus_tally_backend-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ruckus-tally-backend\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    (site / "ruckus_tally_backend.py").write_text(TALLY_MODULE)
    return site


def _ruckus(site: Path, cwd: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUCKUS, *arguments],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(site)},
    )


def test_an_installed_backend_is_listed_and_a_broken_one_reported(installed, tmp_path):
    done = _ruckus(installed, tmp_path, "backends")
    assert done.returncode == 0, done.stderr
    names = [line.split()[0] for line in done.stdout.splitlines() if not line.startswith(" ")]
    assert names == ["local", "ray", "tally"]
    assert "--backend-option file=PATH: where the count is written" in done.stdout
    assert "warning: backend 'broken' (ruckus_tally_backend:NO_SUCH_PLUGIN) failed" in done.stderr


def test_an_installed_backend_runs_a_tournament_with_its_own_options(installed, tmp_path):
    text = 'backend = "tally"\n' + tournament_toml(["a=random", "b=random", "c=random"])
    (tmp_path / "t.toml").write_text(text)
    arguments = ["tournament", "run", "t.toml", "--run-dir", "run", "--no-live"]
    done = _ruckus(
        installed, tmp_path, *arguments, "--backend", "tally", "--backend-option", "file=n.txt"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "tally: counting into n.txt" in done.stdout + done.stderr
    store = ResultStore.open(tmp_path / "run")
    try:
        assert store.count() == 3
    finally:
        store.close()
    assert (tmp_path / "n.txt").read_text() == "3"


def test_a_backend_that_did_not_load_says_why_when_asked_for(installed, tmp_path):
    (tmp_path / "t.toml").write_text(tournament_toml(["a=random", "b=random"]))
    done = _ruckus(installed, tmp_path, "tournament", "run", "t.toml", "--backend", "broken")
    assert done.returncode == 2
    assert "backend 'broken' (ruckus_tally_backend:NO_SUCH_PLUGIN) failed to load" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_registry_names_the_known_backends():
    assert backend_names() == ("local", "ray")
    with pytest.raises(UnknownBackend, match="unknown backend 'slurm'; choose one of local, ray"):
        get_backend("slurm")


def test_each_backend_parses_its_own_options():
    ray = get_backend("ray")
    assert ray.parse_options({}) == RayOptions()
    assert ray.parse_options({"address": "head:6379"}) == RayOptions("head:6379")
    assert ray.default_concurrency() == 0
    with pytest.raises(BackendError, match="no option 'adress'; its options: address"):
        ray.parse_options({"adress": "head:6379"})
    with pytest.raises(BackendError, match="'local' has no option 'x'; it takes none"):
        get_backend("local").parse_options({"x": "1"})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--backend-option", "address=h:1"], "'--backend-option': needs --backend NAME"),
        (["--backend", "local", "--backend-option", "x=1"], "'local' has no option 'x'"),
        (["--backend", "ray", "--backend-option", "address"], "'address': expected NAME=VALUE"),
    ],
)
def test_backend_options_on_the_command_line_are_checked_before_a_run(tmp_path, options, message):
    (tmp_path / "t.toml").write_text(tournament_toml(["a=random", "b=random"]))
    run = tmp_path / "run"
    result = CliRunner().invoke(
        app, ["tournament", "run", str(tmp_path / "t.toml"), "--run-dir", str(run), *options]
    )
    assert result.exit_code == 2
    assert message in result.output
    assert not run.exists()
