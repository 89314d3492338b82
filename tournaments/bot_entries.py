"""The ``[[bots]]`` of a tournament definition: each bot's source, rating, folder, security and
its own clocks (:mod:`tournaments.definition` has the whole TOML and re-exports
:class:`BotEntry`).

A bot table may set ``decision_ms`` and ``bank_ms``: that bot's seats in every match get those
limits instead of the definition's ``[clocks]``, within the same bounds (``Clocks.BOUNDS``).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, replace
from typing import Any

from referee.match import Clocks
from tournaments.bot_security import SECURITY_KEYS, security_fields
from tournaments.toml_fields import (
    DefinitionError,
    int_field,
    name_field,
    reject_unknown,
    str_field,
)

OWN_CLOCKS = ("decision_ms", "bank_ms")
"""The clocks a bot may have of its own."""

_ADDRESS = re.compile(r"^grpcs?://(?P<host>[A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\]):(?P<port>[0-9]{1,5})$")
_BOT_KEYS = frozenset(
    {"name", "sample", "command", "address", "rating", "dir", *OWN_CLOCKS, *SECURITY_KEYS}
)


@dataclass(frozen=True)
class BotEntry:
    """One bot: exactly one of ``sample``, ``command`` (argv) or ``address`` is set."""

    name: str
    sample: str | None = None
    command: tuple[str, ...] | None = None
    address: str | None = None
    rating: float | None = None
    dir: str | None = None
    """The folder a ``command`` bot may read in its sandbox (default: its script's folder)."""
    ca: str | None = None
    """An address bot's TLS and token (:mod:`tournaments.bot_security`): the CA to trust, the
    name of the variable holding the token, and a client certificate and key."""
    token_env: str | None = None
    client_cert: str | None = None
    client_key: str | None = None
    decision_ms: int | None = None
    """The bot's own limit per decision (None: the definition's ``[clocks]``)."""
    bank_ms: int | None = None
    """The bot's own time bank per match (None: the definition's ``[clocks]``)."""

    @property
    def has_own_clocks(self) -> bool:
        """Whether the bot sets ``decision_ms`` or ``bank_ms`` of its own."""
        return self.decision_ms is not None or self.bank_ms is not None

    def clocks(self, defaults: Clocks) -> Clocks:
        """Return the bot's clocks: ``defaults`` with its own limit and bank over them."""
        return replace(
            defaults,
            decision_ms=defaults.decision_ms if self.decision_ms is None else self.decision_ms,
            bank_ms=defaults.bank_ms if self.bank_ms is None else self.bank_ms,
        )


def clock_field(table: dict[str, Any], field: str, default: int | None) -> int:
    """Return ``decision_ms`` or ``bank_ms`` (the last part of ``field``) within its bounds
    (``default`` when absent; None: required)."""
    low, high = Clocks.BOUNDS[field.rsplit(".", 1)[-1]]
    return int_field(table, field, default, low, high)


def parse_bots(data: dict[str, Any]) -> tuple[BotEntry, ...]:
    """Return the definition's bots; raise DefinitionError naming the first bad field."""
    for key, table in data.items():
        if isinstance(table, dict) and "bots" in table:
            raise DefinitionError(
                f"{key}.bots", "bots belong at the top level: move them above the first [table]"
            )
    value = data.get("bots")
    if not isinstance(value, list) or not value:
        raise DefinitionError("bots", "expected a non-empty array of bot tables")
    bots = tuple(parse_bot(entry, f"bots[{index}]") for index, entry in enumerate(value))
    seen: set[str] = set()
    for index, bot in enumerate(bots):
        if bot.name in seen:
            raise DefinitionError(f"bots[{index}].name", f"duplicate bot name {bot.name!r}")
        seen.add(bot.name)
    return bots


def parse_bot(entry: object, field: str) -> BotEntry:
    """Return one bot table (``field`` names it in errors); raise DefinitionError naming the
    first bad field."""
    if not isinstance(entry, dict):
        raise DefinitionError(field, "expected a table such as { name = ..., sample = ... }")
    reject_unknown(f"{field}.", entry, _BOT_KEYS)
    sources = [key for key in ("sample", "command", "address") if key in entry]
    if len(sources) != 1:
        raise DefinitionError(field, "set exactly one of sample, command, address")
    rating = entry.get("rating")
    if rating is not None and (not isinstance(rating, int | float) or isinstance(rating, bool)):
        raise DefinitionError(f"{field}.rating", f"expected a number, got {rating!r}")
    return BotEntry(
        name=name_field(entry, f"{field}.name"),
        sample=name_field(entry, f"{field}.sample") if "sample" in entry else None,
        command=_command(entry["command"], f"{field}.command") if "command" in entry else None,
        address=_address(entry, f"{field}.address") if "address" in entry else None,
        rating=float(rating) if rating is not None else None,
        dir=_bot_dir(entry, field),
        decision_ms=_own_clock(entry, f"{field}.decision_ms"),
        bank_ms=_own_clock(entry, f"{field}.bank_ms"),
        **security_fields(entry, field),
    )


def _own_clock(entry: dict[str, Any], field: str) -> int | None:
    """Return the bot's own ``decision_ms`` or ``bank_ms`` (``field``), None when not set."""
    if field.rsplit(".", 1)[-1] not in entry:
        return None
    return clock_field(entry, field, None)


def _bot_dir(entry: dict[str, Any], field: str) -> str | None:
    if "dir" not in entry:
        return None
    if "command" not in entry:
        raise DefinitionError(f"{field}.dir", "only a command bot has a folder")
    return str_field(entry, f"{field}.dir")


def _command(value: object, field: str) -> tuple[str, ...]:
    if isinstance(value, str):
        try:
            argv = shlex.split(value)
        except ValueError as error:
            raise DefinitionError(field, str(error)) from None
    elif isinstance(value, list) and all(isinstance(part, str) for part in value):
        argv = list(value)
    else:
        raise DefinitionError(field, "expected a string or an array of strings")
    if not argv:
        raise DefinitionError(field, "empty command")
    return tuple(argv)


def _address(entry: dict[str, Any], field: str) -> str:
    value = str_field(entry, field)
    match = _ADDRESS.match(value)
    if match is None or not 1 <= int(match["port"]) <= 65535:
        raise DefinitionError(field, f"{value!r}: expected grpc://HOST:PORT or grpcs://HOST:PORT")
    return value
