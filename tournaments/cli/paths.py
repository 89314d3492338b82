"""Checks of the paths a command is given, made before it starts anything, so a wrong path is
one line of error (``Invalid value for '--log': runs is a folder ...``), not a traceback after
the bots have started."""

from __future__ import annotations

import glob
from collections.abc import Sequence
from pathlib import Path

import typer

GLOB_CHARACTERS = frozenset("*?[")


def _blocking_file(path: Path) -> Path | None:
    """Return the nearest existing ancestor of ``path`` that is not a folder, if there is one."""
    for ancestor in path.parents:
        if ancestor.exists():
            return None if ancestor.is_dir() else ancestor
    return None


def _no_file_above(path: Path, option: str) -> None:
    """Refuse ``path`` when a file stands where one of its folders would be."""
    blocking = _blocking_file(path)
    if blocking is not None:
        raise typer.BadParameter(
            f"{path}: {blocking} is a file, so nothing can be made under it", param_hint=option
        )


def output_file(path: Path, option: str, example: str = "match.jsonl") -> Path:
    """Check that a file can be written at ``path`` (folders above it are made as needed)."""
    if path.is_dir():
        raise typer.BadParameter(
            f"{path} is a folder; give a file name, e.g. {path / example}", param_hint=option
        )
    _no_file_above(path, option)
    return path


def output_folder(path: Path, option: str) -> Path:
    """Check that ``path`` is a folder or can be made as one."""
    if path.exists() and not path.is_dir():
        raise typer.BadParameter(f"{path} is a file, not a folder", param_hint=option)
    _no_file_above(path, option)
    return path


def input_file(path: Path, what: str, option: str) -> Path:
    """Check that ``path`` is an existing file (``what`` names it in the error)."""
    if path.is_dir():
        raise typer.BadParameter(f"{path} is a folder, not {what}", param_hint=option)
    if not path.exists():
        raise typer.BadParameter(f"{path}: no such file", param_hint=option)
    return path


def input_folder(path: Path, what: str, option: str) -> Path:
    """Check that ``path`` is an existing folder (``what`` names it in the error)."""
    if not path.exists():
        raise typer.BadParameter(f"{path}: no such folder", param_hint=option)
    if not path.is_dir():
        raise typer.BadParameter(f"{path} is a file, not {what}", param_hint=option)
    return path


def expand_paths(patterns: Sequence[str], option: str) -> list[Path]:
    """Return the paths ``patterns`` name: each existing path as it is, each glob pattern
    (``**`` for any depth) as its matches in order; refuse a path or pattern naming nothing."""
    paths: list[Path] = []
    for pattern in patterns:
        if Path(pattern).exists():
            paths.append(Path(pattern))
        elif GLOB_CHARACTERS.intersection(pattern):
            matches = sorted(glob.glob(pattern, recursive=True))
            if not matches:
                raise typer.BadParameter(f"{pattern}: nothing matches", param_hint=option)
            paths.extend(Path(match) for match in matches)
        else:
            raise typer.BadParameter(f"{pattern}: no such file or folder", param_hint=option)
    return paths
