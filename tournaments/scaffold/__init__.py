"""``ruckus bot new``: write a bot project that runs and passes the compliance kit as it is.

A project is a folder with the bot's source, a README and ``ruckus-bot.toml``, whose
``run`` line is the command that starts the bot (``python`` means the Python running
Ruckus). ``ruckus bot check`` and :func:`project_command` read it back.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from string import Template

from referee.games import game_names, get_plugin
from tournaments.scaffold import templates

MANIFEST = "ruckus-bot.toml"
LANGUAGES = ("python", "node")
NAME_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,39}$")
NODE_SDK_ENV = "RUCKUS_NODE_SDK"


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


def node_sdk_path() -> Path | None:
    """Return the Node SDK of this Ruckus checkout, if there is one."""
    candidate = Path(__file__).resolve().parents[2] / "sdk" / "node"
    return candidate if (candidate / "index.js").is_file() else None


def _node_sdk_expression() -> str:
    """Return the JavaScript expression a new Node bot requires the SDK with."""
    sdk = node_sdk_path()
    fallback = json.dumps(str(sdk)) if sdk is not None else "'ruckus-sdk'"
    return f"process.env.{NODE_SDK_ENV} || {fallback}"


def _files(name: str, game: str, language: str) -> dict[str, str]:
    """Return the project's files (relative path -> text)."""
    plugin = get_plugin(game)
    main = "bot.py" if language == "python" else "bot.js"
    run = ["python", main] if language == "python" else ["node", main]
    values = {
        "name": name,
        "game": game,
        "title": plugin.spec.title,
        "docs": plugin.docs or "the game's own documentation",
        "language": language,
        "run": json.dumps(run),
        "main": main,
        "command": f"{run[0]} {name}/{main}",
        "choose_python": plugin.starters.get("python", templates.PYTHON_RANDOM),
        "choose_node": plugin.starters.get("node", templates.NODE_RANDOM),
        "sdk": _node_sdk_expression(),
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
    folder.mkdir(parents=True)
    for relative, text in _files(name, game, language).items():
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
        project = Project(folder, str(data["name"]), str(data["game"]), str(data["language"]), run)
    except (tomllib.TOMLDecodeError, KeyError, TypeError) as error:
        raise ScaffoldError(f"{manifest}: {error}") from None
    if not run:
        raise ScaffoldError(f"{manifest}: run is empty")
    return project


def project_command(project: Project) -> tuple[str, ...]:
    """Return the project's command line, with ``python`` meaning this Python."""
    head, *rest = project.run
    return (sys.executable if head == "python" else head, *rest)
