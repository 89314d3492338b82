"""Every cross-reference in the docstrings of the statistics and the schedule names something
that exists, so the documentation leads to the code it describes."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("tournaments/stats", "tournaments/schedule")
REFERENCE = re.compile(r":(?:mod|func|class|data|meth|attr):`~?([A-Za-z_][\w.]*)`")
SOURCES = sorted(path for package in PACKAGES for path in (ROOT / package).glob("*.py"))


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolves(target: str, home: ModuleType) -> bool:
    """Return whether ``target`` is a module, or an attribute path of one (or of ``home``)."""
    parts = target.split(".")
    if parts[0] != "tournaments":
        return _has_path(home, parts)
    for cut in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        return _has_path(module, parts[cut:])
    return False


def _has_path(owner: object, parts: list[str]) -> bool:
    for part in parts:
        if not hasattr(owner, part):
            return False
        owner = getattr(owner, part)
    return True


@pytest.mark.parametrize("path", SOURCES, ids=[_module_name(path) for path in SOURCES])
def test_every_reference_in_a_docstring_resolves(path: Path) -> None:
    home = importlib.import_module(_module_name(path))
    targets = REFERENCE.findall(path.read_text(encoding="utf-8"))
    assert [target for target in targets if not _resolves(target, home)] == []
