"""The format of a tournament definition: ``format``, the format's own table, and the place of
its options in the definition hash.

The format is found in :mod:`tournaments.formats` by name. It says how many seats per match it
takes and how many bots it needs, and reads its table, named as it (``[gauntlet]``,
``[knockout]``, ``[swiss]``): a key it does not list is an error, and so is the table of
another installed format.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from tournaments.bot_entries import BotEntry
from tournaments.formats import (
    Format,
    FormatContext,
    FormatOptions,
    UnknownFormat,
    format_names,
    get_format,
)
from tournaments.toml_fields import DefinitionError, reject_unknown, str_field, table_field

FLAT_FORMAT_KEYS: Mapping[str, Any] = MappingProxyType(
    {"champion": None, "seeding": "order", "tiebreak_games": 4, "swiss_rounds": 0}
)
"""The keys of format options every definition hash has shown, with the values of a format
that sets none; the built-in formats' options are shown there (``Format.hash_keys``)."""


def format_tables() -> frozenset[str]:
    """Return the names of the installed formats' tables (those of formats with options)."""
    return frozenset(name for name in format_names() if get_format(name).fields)


def parse_format(data: dict[str, Any], players: int) -> Format:
    """Return the installed format ``format`` names, if it takes ``players`` seats."""
    try:
        fmt = get_format(str_field(data, "format"))
    except UnknownFormat as error:
        raise DefinitionError("format", str(error)) from None
    if fmt.players is not None and players != fmt.players:
        raise DefinitionError("players", f"format {fmt.name!r} needs players = {fmt.players}")
    return fmt


def check_bot_count(fmt: Format, players: int, bots: tuple[BotEntry, ...]) -> None:
    """Raise DefinitionError when there are fewer ``bots`` than ``fmt`` needs."""
    needed = fmt.bots_needed(players)
    if len(bots) < needed:
        raise DefinitionError(
            "bots", f"format {fmt.name!r} with {players} players needs {needed} bots"
        )


def format_options(data: dict[str, Any], fmt: Format, context: FormatContext) -> FormatOptions:
    """Return the options ``fmt`` reads from its own table; another format's table is an error."""
    for other in sorted(format_tables() - {fmt.name}):
        if other in data:
            raise DefinitionError(other, f"table only allowed with format = {other!r}")
    table = table_field(data, fmt.name) if fmt.fields else {}
    reject_unknown(f"{fmt.name}.", table, frozenset(field.key for field in fmt.fields))
    return fmt.parse_options(table, context)


def sprt_rules() -> str:
    """Return where ``[sprt]`` applies, from the installed formats' rules: ``a round-robin of
    two bots, or format = 'gauntlet'``."""
    rules = dict.fromkeys(get_format(name).sprt_rule for name in format_names())
    return ", or ".join(rule for rule in rules if rule)


def hashed_format_options(name: str, options: FormatOptions) -> dict[str, Any]:
    """Return the options of format ``name`` as the definition hash shows them: the
    :data:`FLAT_FORMAT_KEYS`, a built-in format's options in their place, and any other
    options under ``format_options``."""
    shown = dict(FLAT_FORMAT_KEYS)
    others = {}
    flat_keys = get_format(name).hash_keys
    for key, value in options.to_json().items():
        if key in flat_keys:
            shown[flat_keys[key]] = value
        else:
            others[key] = value
    if others:
        shown["format_options"] = others
    return shown
