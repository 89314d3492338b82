"""The C++ and Go starter kits: ``ruckus bot new --lang cpp|go`` writes a random bot that builds
against Debian's packages, passes ``ruckus bot check`` and plays both games through the referee.

The two bots are built once per session, side by side (about a minute of CPU on a cold cache);
the tests that need a toolchain skip, saying what is missing, where it is not installed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from bots_kit import play_match

from tournaments.scaffold import Project, create_project, project_command
from tournaments.scaffold.native import KITS, PROTO_ROOT

RUCKUS = [sys.executable, "-c", "from tournaments.cli import app; app()"]
BUILD_SECONDS = 600
TOOLS = {
    "cpp": ("cmake", "make", "c++", "pkg-config", "protoc", "grpc_cpp_plugin"),
    "go": ("make", "go", "protoc", "protoc-gen-go", "protoc-gen-go-grpc"),
}
DEBIAN_GO_PACKAGES = Path("/usr/share/gocode/src")
OPTIONS = ("csharp_namespace", "go_package", "java_multiple_files", "java_package")


@dataclass
class Build:
    """A starter project and how its build went."""

    project: Project
    failure: str | None


def missing_toolchain(language: str) -> str | None:
    """Return what this machine lacks to build a ``language`` kit, or None."""
    absent = [tool for tool in TOOLS[language] if shutil.which(tool) is None]
    if language == "cpp" and not absent:
        modules = subprocess.run(["pkg-config", "--exists", "grpc++", "protobuf"], check=False)
        if modules.returncode != 0:
            absent.append("libgrpc++-dev / libprotobuf-dev")
    if language == "go" and not (DEBIAN_GO_PACKAGES / "google.golang.org" / "grpc").is_dir():
        absent.append("golang-google-grpc-dev")
    return f"no {', '.join(absent)} (docs/bots/languages.md)" if absent else None


def ruckus(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*RUCKUS, *args], capture_output=True, text=True, timeout=120, check=False, cwd=cwd
    )


@pytest.fixture(scope="session")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Build]:
    """Scaffold a pilfer bot per kit whose toolchain is here and build them all at once."""
    parent = tmp_path_factory.mktemp("kits")
    env = dict(os.environ)
    if not any(env.get(name) for name in ("GOCACHE", "XDG_CACHE_HOME", "HOME")):
        env["GOCACHE"] = str(parent / "go-cache")  # go refuses to build without a cache
    started: dict[str, tuple[Project, subprocess.Popen[bytes]]] = {}
    for language in KITS:
        if missing_toolchain(language) is None:
            project = create_project(f"{language}bot", "pilfer", language, parent)
            with (parent / f"{language}-build.log").open("wb") as log:
                process = subprocess.Popen(
                    " && ".join(project.build),
                    shell=True,
                    cwd=project.folder,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            started[language] = (project, process)
    done: dict[str, Build] = {}
    for language, (project, process) in started.items():
        code = process.wait(timeout=BUILD_SECONDS)
        output = (parent / f"{language}-build.log").read_text(errors="replace")
        failure = None if code == 0 else f"build exited with {code}:\n{output[-3000:]}"
        done[language] = Build(project, failure)
    return done


def built(builds: dict[str, Build], language: str) -> Project:
    """Return the built project of ``language``; skip if its toolchain is missing."""
    reason = missing_toolchain(language)
    if reason is not None:
        pytest.skip(reason)
    build = builds[language]
    assert build.failure is None, build.failure
    return build.project


def test_every_proto_file_names_its_go_java_and_csharp_package():
    for path in sorted((PROTO_ROOT / "ruckus" / "v1").glob("*.proto")):
        named = set(re.findall(r"^option (\w+) = ", path.read_text(), re.MULTILINE))
        assert set(OPTIONS) <= named, f"{path.name} lacks {set(OPTIONS) - named}"


@pytest.mark.skipif(
    shutil.which("protoc") is None or shutil.which("protoc-gen-go") is None,
    reason="no protoc or protoc-gen-go (docs/bots/languages.md)",
)
def test_protoc_generates_go_java_and_csharp_without_per_file_flags(tmp_path: Path):
    outputs = ("go", "java", "csharp")
    for name in outputs:
        (tmp_path / name).mkdir()
    protos = sorted(str(p.relative_to(PROTO_ROOT)) for p in PROTO_ROOT.glob("ruckus/v1/*.proto"))
    flags = [f"--{name}_out={tmp_path / name}" for name in outputs]
    generated = subprocess.run(
        ["protoc", f"-I{PROTO_ROOT}", *flags, *protos], capture_output=True, text=True, check=False
    )
    assert generated.returncode == 0, generated.stderr
    go_files = list((tmp_path / "go").rglob("*.pb.go"))
    assert len(go_files) == len(protos)
    assert {file.parent.name for file in go_files} == {"v1"}  # one package: ruckusv1
    assert (tmp_path / "java" / "example" / "ruckus" / "v1" / "DecisionRequest.java").is_file()
    assert list((tmp_path / "csharp").glob("*.cs"))


@pytest.mark.parametrize("language", sorted(KITS))
def test_a_kit_bot_names_its_game_and_nothing_else_game_specific(language: str, tmp_path: Path):
    made = {
        game: create_project("kitbot", game, language, tmp_path / game)
        for game in ("pilfer", "wabbit")
    }
    files = {
        game: {
            path.relative_to(project.folder): path.read_text()
            for path in sorted(project.folder.rglob("*"))
            if path.is_file() and "proto" not in path.parts
        }
        for game, project in made.items()
    }
    assert files["pilfer"] == {
        path: text.replace("wabbit", "pilfer") for path, text in files["wabbit"].items()
    }
    assert f'"{made["wabbit"].game}"' in files["wabbit"][Path(KITS[language].source)]


@pytest.mark.parametrize("language", sorted(KITS))
def test_checking_a_kit_bot_before_building_it_says_how_to_build_it(language: str, tmp_path: Path):
    project = create_project("fresh", "pilfer", language, tmp_path)
    checked = ruckus("bot", "check", "fresh", cwd=tmp_path)
    assert checked.returncode == 2
    assert "is not built yet" in checked.stderr
    assert project.build[0].split()[0] in checked.stderr


@pytest.mark.parametrize("language", sorted(KITS))
def test_a_built_kit_bot_passes_the_check_as_written(builds: dict[str, Build], language: str):
    project = built(builds, language)
    checked = ruckus("bot", "check", str(project.folder))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"({project.name} 0.1.0 plays pilfer)" in checked.stdout
    assert "3 of 3 checks passed" in checked.stdout


@pytest.mark.parametrize("game", ["pilfer", "wabbit"])
@pytest.mark.parametrize("language", sorted(KITS))
def test_a_built_kit_bot_plays_a_full_match_of_each_game(
    builds: dict[str, Build], language: str, game: str, tmp_path: Path
):
    project = built(builds, language)
    command = " ".join(project_command(project))
    if game != project.game:
        command += f" --game {game}"  # the same random bot, telling Describe another game
    result = play_match(game, [f"cmd:{command}", "random"], tmp_path, seed=5)
    assert result.faults == ()
    assert result.forfeited_seat is None
    assert result.decisions > 20
