"""The bot table of an arena entry, from exactly one source: a command, a bot folder, an
address or a sample bot (``arena bot add|update`` and the arena's web face both write them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tournaments.scaffold import ScaffoldError, project_command, read_project


class SourceProblem(ValueError):
    """A bot given by none or several sources, or by a folder that is not a bot project."""


def bot_table(
    name: str, command: str | None, bot_dir: Path | None, address: str | None, sample: str | None
) -> dict[str, Any]:
    """Return the bot table of exactly one of ``command``, ``bot_dir``, ``address``,
    ``sample`` (a bot folder becomes its command, its files named by absolute paths)."""
    given = [value for value in (command, bot_dir, address, sample) if value is not None]
    if len(given) != 1:
        raise SourceProblem("give exactly one of --command, --dir, --address, --sample")
    if command is not None:
        return {"name": name, "command": command}
    if address is not None:
        return {"name": name, "address": address}
    if sample is not None:
        return {"name": name, "sample": sample}
    assert bot_dir is not None
    return folder_table(name, bot_dir)


def folder_table(name: str, bot_dir: Path) -> dict[str, Any]:
    """Return the bot table of the bot project in ``bot_dir`` (made by ``ruckus bot new``)."""
    try:
        argv = project_command(read_project(bot_dir))
    except ScaffoldError as error:
        raise SourceProblem(str(error)) from None
    folder = bot_dir.resolve()
    absolute = [str(folder / part) if (folder / part).exists() else part for part in argv]
    return {"name": name, "command": absolute, "dir": str(folder)}
