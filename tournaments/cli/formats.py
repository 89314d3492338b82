"""``ruckus formats``: the installed tournament formats and the keys of their TOML tables.

Each format is listed with its summary (and the only ``players`` it takes, if any); a format
with options follows with its table, ``[NAME]``, and each key's default and meaning.
"""

from __future__ import annotations

from typing import Annotated

import typer

from tournaments.formats import Format, UnknownFormat, format_names, get_format, load_problems


def _summary(fmt: Format, name_width: int) -> str:
    """Return the line ``ruckus formats`` prints for a format."""
    players = f" (players = {fmt.players})" if fmt.players is not None else ""
    return f"{fmt.name:{name_width}}  {fmt.summary}{players}"


def _table_lines(fmt: Format) -> list[str]:
    """Return the format's table and its keys, a line each (none without options)."""
    if not fmt.fields:
        return []
    settings = [f"{field.key} = {field.default}" for field in fmt.fields]
    width = max(len(setting) for setting in settings)
    lines = [f"  [{fmt.name}]"]
    for setting, field in zip(settings, fmt.fields, strict=True):
        lines.append(f"  {setting:{width}}  # {field.help}")
    return lines


def list_formats(
    name: Annotated[
        str | None,
        typer.Argument(metavar="FORMAT", help="Show this format only."),
    ] = None,
) -> None:
    """List the tournament formats, what each plays and the keys of its table."""
    try:
        formats = [get_format(item) for item in (format_names() if name is None else (name,))]
    except UnknownFormat as error:
        raise typer.BadParameter(str(error), param_hint="FORMAT") from None
    name_width = max((len(fmt.name) for fmt in formats), default=0)
    for fmt in formats:
        typer.echo(_summary(fmt, name_width))
        for line in _table_lines(fmt):
            typer.echo(line)
    for problem in load_problems():
        typer.echo(f"warning: {problem}", err=True)


def register(app: typer.Typer) -> None:
    """Add this module's command to ``app``."""
    app.command("formats")(list_formats)
