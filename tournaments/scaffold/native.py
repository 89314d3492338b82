"""Starter kits in compiled languages: a random bot in C++ (CMake) or Go (GOPATH mode).

Each kit is a folder ``kits/<language>/`` of template files in which ``@{name}``, ``@{game}``,
``@{build}`` and ``@{opponent}`` stand for the bot's name, the game it was made for, its build
command and a sample bot of the game (the source itself names nothing else of a game); a
file named ``gitignore`` is written as ``.gitignore``. Both kits build against Debian's packages
(docs/bots/languages.md). A project also gets a copy of the ``.proto`` files its Bot service
needs, so it builds wherever it is moved; the bot it builds is ``build/<name>``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from string import Template

from tournaments.scaffold import templates
from tournaments.scaffold.game_facts import opponent

KITS_FOLDER = Path(__file__).resolve().parent / "kits"
PROTO_ROOT = Path(__file__).resolve().parents[2] / "proto"
"""The protocol's source tree in this Ruckus checkout (``proto/ruckus/v1/*.proto``)."""
SERVICE_PROTO = "ruckus/v1/bot.proto"
_PLACEHOLDER = re.compile(r"@\{(\w+)\}")
_RUCKUS_IMPORT = re.compile(r'^import\s+"(ruckus/[^"]+\.proto)";', re.MULTILINE)


@dataclass(frozen=True)
class Kit:
    """A compiled language's starter project: the file with ``choose`` and how to build it."""

    language: str
    source: str
    build: tuple[str, ...]
    """Shell commands that build the bot, run in order in the project folder."""

    def run(self, name: str) -> list[str]:
        """Return the command that starts the built bot, relative to the project folder."""
        return [f"build/{name}"]


KITS = {
    "cpp": Kit("cpp", "bot.cpp", ("cmake -S . -B build", "cmake --build build -j 2")),
    "go": Kit("go", "main.go", ("make",)),
}


def fill(text: str, values: dict[str, str]) -> str:
    """Return ``text`` with every ``@{key}`` replaced; raise KeyError for an unknown key."""
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], text)


def protocol_files(root: Path = PROTO_ROOT) -> dict[str, str]:
    """Return the ``.proto`` files the Bot service needs (``bot.proto`` and every Ruckus file
    it imports, transitively), as path under ``proto/`` -> text."""
    found: dict[str, str] = {}
    pending = [SERVICE_PROTO]
    while pending:
        relative = pending.pop()
        if relative in found:
            continue
        path = root / relative
        if not path.is_file():
            raise FileNotFoundError(f"the protocol file {path} is missing")
        found[relative] = path.read_text()
        pending.extend(_RUCKUS_IMPORT.findall(found[relative]))
    return dict(sorted(found.items()))


def manifest(language: str, name: str, game: str) -> str:
    """Return the manifest of a new ``language`` project, with its ``build`` commands."""
    kit = KITS[language]
    values = {"name": name, "game": game, "language": kit.language}
    manifest = Template(templates.MANIFEST).substitute(values, run=json.dumps(kit.run(name)))
    return (
        manifest
        + "# The commands that build the bot, run in order in this folder.\n"
        + f"build = {json.dumps(list(kit.build))}\n"
    )


def project_files(language: str, name: str, game: str) -> dict[str, str]:
    """Return the files of a new ``language`` project but its manifest (relative path -> text);
    raise OSError if this checkout lacks the protocol files."""
    kit = KITS[language]
    values = {
        "name": name,
        "game": game,
        "build": " && ".join(kit.build),
        "opponent": opponent(game),
    }
    files: dict[str, str] = {}
    for template in sorted((KITS_FOLDER / language).iterdir()):
        target = ".gitignore" if template.name == "gitignore" else template.name
        files[target] = fill(template.read_text(), values)
    files.update({f"proto/{path}": text for path, text in protocol_files().items()})
    return files
