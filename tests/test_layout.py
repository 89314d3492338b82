"""Layout rules that keep the project simple (DESIGN section 2)."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE_ROOT = ROOT / "referee" / "games"


def _imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def test_engines_import_only_the_standard_library():
    offenders = []
    for path in sorted(ENGINE_ROOT.rglob("*.py")):
        for name in _imported_modules(path):
            top = name.split(".")[0]
            if top in sys.stdlib_module_names or name.startswith("referee.games"):
                continue
            offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_engines_do_not_import_each_other():
    offenders = []
    for package in ("pilfer", "wabbit"):
        other = "wabbit" if package == "pilfer" else "pilfer"
        for path in sorted((ENGINE_ROOT / package).rglob("*.py")):
            for name in _imported_modules(path):
                if name.startswith(f"referee.games.{other}"):
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


GAME_HOMES = (
    "referee/games/pilfer/",
    "referee/games/wabbit/",
    "referee/transport/codec/pilfer.py",
    "referee/transport/codec/wabbit.py",
    "tournaments/replay/boards/pilfer.py",
    "tournaments/replay/boards/wabbit.py",
)
"""Where a built-in game's own code lives; everywhere else asks the registry."""


def test_no_code_outside_a_games_own_files_names_a_game():
    offenders = []
    for folder in ("referee", "tournaments"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith(GAME_HOMES):
                continue
            for node in ast.walk(ast.parse(path.read_text(), filename=relative)):
                if isinstance(node, ast.Constant) and node.value in ("pilfer", "wabbit"):
                    offenders.append(f"{relative}:{node.lineno} names {node.value!r}")
    assert offenders == []


FORMAT_HOMES = tuple(
    f"tournaments/formats/{name}.py" for name in ("roundrobin", "gauntlet", "knockout", "swiss")
)
"""Where a built-in format's own code lives; everywhere else asks the format."""
FORMAT_NAMES = ("round-robin", "double-round-robin", "gauntlet", "knockout", "swiss")


def test_no_code_outside_a_formats_own_module_names_a_format():
    offenders = []
    for folder in ("referee", "sample_bots", "tournaments"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative in FORMAT_HOMES:
                continue
            for node in ast.walk(ast.parse(path.read_text(), filename=relative)):
                if isinstance(node, ast.Constant) and node.value in FORMAT_NAMES:
                    offenders.append(f"{relative}:{node.lineno} names {node.value!r}")
    assert offenders == []
