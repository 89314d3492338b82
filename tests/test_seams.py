"""The harness's seams stay cut: no import circle, one reader of the match header's keys, and
no code outside a format's own modules that asks which format a run plays."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("referee", "tournaments", "sample_bots")
HEADER_MODULE = ROOT / "referee" / "match" / "header.py"
FORMATS = ROOT / "tournaments" / "formats"
HEADER_KEY = re.compile(r"header\s*(\[\s*['\"]|\.get\(\s*['\"])")
SAMPLE_BOTS = ROOT / "sample_bots"
CONTRACT = ("referee.games", "referee.games.base", "referee.games.registry")
"""What sample bots may import of the referee: the games' registry and the engine contract
(besides a game's package itself, for its ``GAME``)."""
GAME_PACKAGES = sorted(
    path.parent.name for path in (ROOT / "referee" / "games").glob("*/__init__.py")
)
FORMAT_NAME = re.compile(r"\bformat\s*(==|!=|\bin\b|\bnot in\b)\s*[\"'(]")


def _sources() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


CIRCLES = """
import json, sys
import grimp

graph = grimp.build_graph(*sys.argv[1:], include_external_packages=False)
index, low, stack, circles = {}, {}, [], []
sys.setrecursionlimit(10_000)


def visit(module):
    index[module] = low[module] = len(index)
    stack.append(module)
    for imported in graph.find_modules_directly_imported_by(module):
        if imported not in index:
            visit(imported)
            low[module] = min(low[module], low[imported])
        elif imported in stack:
            low[module] = min(low[module], index[imported])
    if low[module] == index[module]:
        component = []
        while not component or component[-1] != module:
            component.append(stack.pop())
        if len(component) > 1:
            circles.append(sorted(component))


for module in sorted(graph.modules):
    if module not in index:
        visit(module)
print(json.dumps(circles))
"""
"""Tarjan's strongly connected components of the import graph, printed as JSON. It runs in a
process of its own: inside pytest, ``tests/tournaments`` would stand for the package."""


def _import_circles() -> list[list[str]]:
    """Return every set of modules that import each other round."""
    command = [sys.executable, "-c", CIRCLES, *PACKAGES]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    circles: list[list[str]] = json.loads(done.stdout)
    return circles


def test_no_modules_import_each_other_round():
    assert _import_circles() == []


def test_only_the_header_module_reads_a_header_key_by_name():
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _sources()
        if path != HEADER_MODULE
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if HEADER_KEY.search(line)
    ]
    assert offenders == []


def test_only_the_formats_ask_which_format_a_run_plays():
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _sources()
        if FORMATS not in path.parents
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if FORMAT_NAME.search(line)
    ]
    assert offenders == []


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    """Return (line, module) for every module ``path`` imports (``from m import n``: m)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
    return found


def test_sample_bots_use_only_the_engine_contract():
    """Sample bots import a game's package (its ``GAME``) and ``referee.games.base`` or the
    registry, never an engine's own modules (state, rules, maps) nor the rest of the referee."""
    allowed = {*CONTRACT, *(f"referee.games.{game}" for game in GAME_PACKAGES)}
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {module}"
        for path in sorted(SAMPLE_BOTS.rglob("*.py"))
        for line, module in _imported_modules(path)
        if module.split(".")[0] == "referee" and module not in allowed
    ]
    assert offenders == []
