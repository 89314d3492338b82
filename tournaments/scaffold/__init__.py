"""``ruckus bot new``: write a bot project that runs and passes the compliance kit as it is.

A project is a folder with the bot's source, a README and ``ruckus-bot.toml``, whose
``run`` line is the command that starts the bot (``python`` means the Python running
Ruckus; a program named by a relative path, such as ``build/mybot``, is in the project) and,
for compiled languages (:mod:`tournaments.scaffold.native`), whose ``build`` line lists the
commands that build it. ``ruckus bot check`` and :func:`project_command` read it back.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from string import Template

from referee.games import game_names, get_plugin
from referee.games.registry import docs_location
from referee.sandbox.runtime import NODE_SDK_VARIABLE
from tournaments.scaffold import native, templates
from tournaments.scaffold.game_facts import game_values

MANIFEST = "ruckus-bot.toml"
LANGUAGES = ("python", "node", *native.KITS)
NAME_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,39}$")


class ScaffoldError(ValueError):
    """A bot project that cannot be created or read; the message says why."""


@dataclass(frozen=True)
class Project:
    """A bot project on disk: where it is and the command that starts it."""

    folder: Path
    name: str
    game: str
    language: str
    run: tuple[str, ...]
    build: tuple[str, ...] = ()
    """Shell commands that build the bot, run in order in its folder (compiled languages)."""


def _node_sdk_expression() -> str:
    """Return the JavaScript expression a new Node bot requires the SDK with: where the harness
    says (every bot it starts is told), else an installed ``ruckus-sdk`` package."""
    return f"process.env.{NODE_SDK_VARIABLE} || 'ruckus-sdk'"


def _files(name: str, game: str, language: str) -> dict[str, str]:
    """Return the project's files (relative path -> text)."""
    if language in native.KITS:
        files = native.project_files(language, name, game)
        return {**files, MANIFEST: native.manifest(language, name, game)}
    plugin = get_plugin(game)
    main = "bot.py" if language == "python" else "bot.js"
    run = ["python", main] if language == "python" else ["node", main]
    values = {
        "name": name,
        "game": game,
        "title": plugin.spec.title,
        "docs": docs_location(plugin) or "the game's own documentation",
        "language": language,
        "run": json.dumps(run),
        "main": main,
        "command": f"{run[0]} {name}/{main}",
        "choose_python": plugin.starters.get("python", templates.PYTHON_RANDOM),
        "choose_node": plugin.starters.get("node", templates.NODE_RANDOM),
        "sdk": _node_sdk_expression(),
        **game_values(game),
    }
    source = templates.PYTHON_BOT if language == "python" else templates.NODE_BOT
    return {
        main: Template(source).substitute(values),
        MANIFEST: Template(templates.MANIFEST).substitute(values),
        "README.md": Template(templates.README).substitute(values),
    }


def create_project(name: str, game: str, language: str, parent: Path) -> Project:
    """Write a new bot project ``parent/name``; raise ScaffoldError for bad input."""
    if not NAME_PATTERN.match(name):
        raise ScaffoldError(
            f"bad bot name {name!r}: use letters, digits, '-' and '_', starting with a letter"
        )
    if game not in game_names():
        raise ScaffoldError(f"unknown game {game!r}; choose from {', '.join(game_names())}")
    if language not in LANGUAGES:
        raise ScaffoldError(f"unknown language {language!r}; choose from {', '.join(LANGUAGES)}")
    folder = parent / name
    if folder.exists():
        raise ScaffoldError(f"{folder} already exists")
    try:
        files = _files(name, game, language)
    except OSError as error:
        raise ScaffoldError(f"cannot write a {language} project: {error}") from None
    for relative, text in files.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text)
    return read_project(folder)


def read_project(folder: Path) -> Project:
    """Read the manifest of a bot project folder; raise ScaffoldError if it is not one."""
    manifest = folder / MANIFEST
    if not manifest.is_file():
        raise ScaffoldError(f"{folder} is not a bot project (no {MANIFEST})")
    try:
        data = tomllib.loads(manifest.read_text())
        run = tuple(str(part) for part in data["run"])
        build = tuple(str(command) for command in data.get("build", ()))
        project = Project(
            folder, str(data["name"]), str(data["game"]), str(data["language"]), run, build
        )
    except (tomllib.TOMLDecodeError, KeyError, TypeError) as error:
        raise ScaffoldError(f"{manifest}: {error}") from None
    if not run:
        raise ScaffoldError(f"{manifest}: run is empty")
    return project


def project_command(project: Project) -> tuple[str, ...]:
    """Return the project's command line, with ``python`` meaning this Python and a program
    named by a relative path found in the project; raise ScaffoldError if it is not built."""
    head, *rest = project.run
    if head == "python":
        return (sys.executable, *rest)
    if os.sep in head:
        head = str(project.folder.resolve() / head)
        if project.build and not Path(head).is_file():
            build = " && ".join(project.build)
            raise ScaffoldError(f"{project.folder} is not built yet: run `{build}` in it")
    return (head, *rest)


def next_steps(project: Project) -> list[str]:
    """Return what to do with a new project: build it (compiled languages), check it, edit it."""
    kit = native.KITS.get(project.language)
    steps = []
    if project.build:
        steps.append(f"build it: cd {project.folder} && {' && '.join(project.build)}")
    steps.append(f"check it: ruckus bot check {project.folder}")
    source = kit.source if kit is not None else project.run[-1]
    steps.append(f"edit choose() in {project.folder / source}")
    return steps
