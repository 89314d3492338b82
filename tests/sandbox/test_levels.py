"""Choosing a level: the strongest that works, never a silent downgrade; limits in TOML."""

from __future__ import annotations

import shutil
import sys
import tempfile
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from tournament_runner.conftest import Recorder, tournament_toml

from referee.games import registry
from referee.games.registry import ENTRY_POINT_GROUP as GROUP
from referee.sandbox import Level, Sandbox, SandboxError, levels, resolve
from referee.transport.process import BotProcess
from tournaments.definition import DefinitionError, parse_definition
from tournaments.runner import start_run

from .conftest import ATTACKER, output, play, require

REAL_WHICH = shutil.which


@pytest.fixture
def no_bubblewrap(monkeypatch):
    """This machine, as if bubblewrap were not installed."""
    monkeypatch.setattr(
        levels.shutil, "which", lambda name: None if name == "bwrap" else REAL_WHICH(name)
    )
    levels.unavailable.cache_clear()
    yield
    levels.unavailable.cache_clear()


def test_a_level_asked_for_by_name_that_cannot_start_says_why(no_bubblewrap):
    with pytest.raises(SandboxError, match="bubblewrap is not installed"):
        resolve("strict")
    assert resolve("auto") in (Level.BASIC, Level.NONE)
    assert resolve("none") is Level.NONE


def test_a_tournament_asking_for_strict_stops_before_it_starts(tmp_path, no_bubblewrap):
    definition = tmp_path / "t.toml"
    definition.write_text(
        tournament_toml(["a=random", "b=random"], extra='[sandbox]\nlevel = "strict"')
    )
    with pytest.raises(SandboxError, match="strict"):
        start_run(definition, tmp_path / "run", 1, Recorder())
    assert not (tmp_path / "run").exists()


def test_sandbox_and_limits_are_read_from_the_definition():
    text = tournament_toml(
        ["a=random", "b=cmd:python bot.py"],
        extra='[sandbox]\nlevel = "basic"\n[limits]\nmemory_mb = 512\nprocesses = 32\n',
    )
    definition = parse_definition(text)
    assert definition.sandbox == "basic"
    assert (definition.limits.memory_mb, definition.limits.processes) == (512, 32)
    assert definition.limits.cpu_s == 300  # the default
    assert parse_definition(tournament_toml(["a=random", "b=random"])).sandbox == "auto"


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ('[sandbox]\nlevel = "jail"', "sandbox.level"),
        ("[sandbox]\nstrength = 3", "sandbox.strength"),
        ("[limits]\nmemory_mb = 1", "limits.memory_mb"),
        ("[limits]\nswap_mb = 10", "limits.swap_mb"),
    ],
)
def test_a_bad_sandbox_or_limit_names_its_field(extra, field):
    with pytest.raises(DefinitionError) as error:
        parse_definition(tournament_toml(["a=random", "b=random"], extra=extra))
    assert error.value.field == field


def test_dir_belongs_to_command_bots_only():
    text = tournament_toml(["a=random", "b=random"]).replace(
        "sample = 'random' }]", "sample = 'random', dir = 'x' }]"
    )
    with pytest.raises(DefinitionError, match="only a command bot"):
        parse_definition(text)


def _shared_folder(tmp_path: Path) -> Path:
    """Return a folder every uid can reach (under basic a bot's folder must be readable by
    others): below ``tmp_path`` if its parents let others through, else a new one."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o755)
    for parent in (tmp_path, *tmp_path.parents):
        if not parent.stat().st_mode & 0o001:
            shared = Path(tempfile.mkdtemp(prefix="ruckus-test-"))
            shared.chmod(0o755)
            break
    return shared


def _noted_folders(shared: Path, *names: str) -> list[Path]:
    """Make a folder per name under ``shared``, each holding ``notes.txt`` that names it."""
    folders = [shared / name for name in names]
    for folder in folders:
        folder.mkdir()
        (folder / "notes.txt").write_text(f"notes of {folder.name}\n")
    return folders


def _cheat_output(bot: str, out: Path, level: Level, shared: Path) -> str:
    """Play ``bot`` (the attacker in cheat mode) against a random bot, remove ``shared``, and
    return what the attacker printed; the match has no fault."""
    try:
        result = play([bot, "random"], out, level)
    finally:
        shutil.rmtree(shared)
    assert result.faults == ()
    return output(out)


@pytest.mark.parametrize("level", [Level.STRICT, Level.BASIC], ids=lambda level: level.value)
def test_a_bot_reads_its_own_folder_but_not_its_neighbours(tmp_path: Path, level):
    shared = _shared_folder(tmp_path)
    own, neighbour = _noted_folders(shared, "own", "neighbour")
    neighbour.chmod(0o700)  # as another bot author's folder would be
    shutil.copy(ATTACKER, own / "attacker.py")
    bot = f"cmd:{sys.executable} {own / 'attacker.py'} cheat {own / 'notes.txt'} {neighbour}"
    seen = _cheat_output(bot, tmp_path / "out", level, shared)
    assert "notes of own" in seen
    assert "notes of neighbour" not in seen


@pytest.fixture
def game_installed_from(monkeypatch):
    """Register an extra game package imported from a given folder (as an editable install
    is: its source folder, outside the virtual environment), for one test."""

    def install(folder: Path) -> None:
        monkeypatch.syspath_prepend(str(folder.parent))
        extra = EntryPoint(f"{folder.name}-game", f"{folder.name}.plugin:PLUGIN", GROUP)
        real = registry.entry_points
        monkeypatch.setattr(
            registry,
            "entry_points",
            lambda group: (*real(group=group), extra) if group == GROUP else real(group=group),
        )
        registry.plugin_folders.cache_clear()

    yield install
    registry.plugin_folders.cache_clear()


def test_a_strict_bot_reads_a_game_package_installed_from_a_source_folder(
    tmp_path: Path, game_installed_from
):
    shared = _shared_folder(tmp_path)
    package, elsewhere = _noted_folders(shared, "ruckus_source_game", "elsewhere")
    (package / "__init__.py").write_text("")
    game_installed_from(package)
    assert package in registry.plugin_folders()
    bot = f"cmd:{sys.executable} {ATTACKER} cheat {package / 'notes.txt'} {elsewhere}"
    seen = _cheat_output(bot, tmp_path / "out", Level.STRICT, shared)
    assert "notes of ruckus_source_game" in seen
    assert "notes of elsewhere" not in seen


def test_a_basic_bot_writes_only_its_scratch_folder_and_it_is_emptied_at_the_end(
    tmp_path, monkeypatch
):
    require(Level.BASIC)
    monkeypatch.setenv("RUCKUS_TOKEN", "not for bots")
    code = (
        "import os, pathlib; home = pathlib.Path(os.environ['HOME']); "
        "(home / 'notes').write_text('x'); print(home, sorted(os.environ), flush=True)"
    )
    bot = BotProcess([sys.executable, "-c", code], tmp_path / "out.log", Sandbox(Level.BASIC))
    assert bot.wait_exit(20) == 0
    home, names = bot.output_tail(10_000).split(" ", 1)  # once the copy is done
    assert Path(home, "notes").is_file()
    assert "RUCKUS_PORT" in names and "RUCKUS_TOKEN" not in names
    bot.stop()
    assert not Path(home).exists()


def test_an_executable_named_through_an_unseen_folder_and_dotdot_still_starts(tmp_path):
    root = Path(__file__).resolve().parents[2]
    if not Path(sys.executable).is_relative_to(root):
        pytest.skip("the harness's Python is not inside the repository")
    detour = root / "tests" / ".." / Path(sys.executable).relative_to(root)
    bot = f"cmd:{detour} -m sample_bots.pilfer_random"
    result = play([bot, "random"], tmp_path / "out", Level.STRICT)
    assert result.faults == () and result.decisions > 0
