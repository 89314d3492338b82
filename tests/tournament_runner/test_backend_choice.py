"""Choosing where matches run: ``--backend``, ``backend = "..."`` in TOML, and the one line a
user gets when Ray is asked for but not installed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tournaments.cli import app
from tournaments.definition import DefinitionError, definition_hash, parse_definition
from tournaments.runner.session import resolve_concurrency

from .conftest import tournament_toml

WITHOUT_RAY = (
    "import sys; sys.modules['ray'] = None; from tournaments.cli import app; app(sys.argv[1:])"
)
INSTALL_LINE = "error: the Ray backend needs Ray: pip install 'ruckus-arena[ray]'"


def _without_ray(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_RAY, *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,
    )


@pytest.mark.parametrize("where", ["option", "toml"])
def test_without_ray_the_ray_backend_says_how_to_install_it(tmp_path, where):
    text = tournament_toml(["a=random", "b=random"])
    options = ["--backend", "ray"] if where == "option" else []
    if where == "toml":
        text = 'backend = "ray"\n' + text
    (tmp_path / "t.toml").write_text(text)
    done = _without_ray(tmp_path, "tournament", "run", "t.toml", "--run-dir", "run", *options)
    assert done.returncode == 2
    assert done.stderr.strip() == INSTALL_LINE
    assert "Traceback" not in done.stdout + done.stderr
    assert not (tmp_path / "run").exists()


def test_backend_in_toml_and_its_errors():
    text = tournament_toml(["a=random", "b=random"])
    assert parse_definition(text).backend == "local"
    on_ray = parse_definition('backend = "ray"\n' + text)
    assert on_ray.backend == "ray"
    assert definition_hash(on_ray) == definition_hash(parse_definition(text))  # resumable
    with pytest.raises(DefinitionError, match="backend"):
        parse_definition('backend = "slurm"\n' + text)


def test_an_unknown_backend_option_is_refused(tmp_path):
    (tmp_path / "t.toml").write_text(tournament_toml(["a=random", "b=random"]))
    result = CliRunner().invoke(
        app, ["tournament", "run", str(tmp_path / "t.toml"), "--backend", "slurm"]
    )
    assert result.exit_code == 2
    assert "choose one of local, ray" in result.output


def test_on_ray_the_default_concurrency_is_every_cpu_of_the_cluster():
    text = tournament_toml(["a=random", "b=random"])
    assert resolve_concurrency(text, None, "ray") == 0  # the cluster's CPUs bound it
    assert resolve_concurrency(text, None, "local") == (os.cpu_count() or 1)
    assert resolve_concurrency("concurrency = 3\n" + text, None, "ray") == 3
    assert resolve_concurrency(text, 5, "ray") == 5
