"""What differs between the definition a run started with and the one it is resumed with.

``resume`` refuses a definition whose :func:`~tournaments.definition.played_fields` changed;
this names each changed field, as ``bots.mine.command: ["python", "mybott/bot.py"] then,
["python", "mybot/bot.py"] now``, so the refusal says what to put back.
"""

from __future__ import annotations

import json
from typing import Any

from tournaments.definition import TournamentDefinition, played_fields

ABSENT = "(not set)"
"""How a field that one of the two definitions does not have is shown."""


def changed_fields(before: TournamentDefinition, now: TournamentDefinition) -> list[str]:
    """Return one line per played field that differs between ``before`` and ``now``, in the
    order of ``before``'s fields (then ``now``'s new ones); bots are named by their names."""
    then, later = _flat(played_fields(before)), _flat(played_fields(now))
    lines = [
        f"{key}: {_shown(then, key)} then, {_shown(later, key)} now"
        for key in [*then, *(key for key in later if key not in then)]
        if then.get(key, ABSENT) != later.get(key, ABSENT)
    ]
    order_then, order_now = _bot_names(before), _bot_names(now)
    if not lines and order_then != order_now:
        lines.append(f"the order of [[bots]]: {order_then} then, {order_now} now")
    return lines


def _bot_names(definition: TournamentDefinition) -> str:
    return ", ".join(bot.name for bot in definition.bots)


def _flat(value: Any, prefix: str = "") -> dict[str, Any]:
    """Flatten nested tables to dotted keys; a list of named tables is keyed by the names."""
    if isinstance(value, dict):
        flat: dict[str, Any] = {}
        for key, item in value.items():
            flat.update(_flat(item, f"{prefix}{key}."))
        return flat
    if isinstance(value, list) and value and all(_named(item) for item in value):
        flat = {}
        for item in value:
            flat.update(_flat(item, f"{prefix}{item['name']}."))
        return flat
    return {prefix.removesuffix("."): value}


def _named(item: Any) -> bool:
    return isinstance(item, dict) and isinstance(item.get("name"), str)


def _shown(fields: dict[str, Any], key: str) -> str:
    return json.dumps(fields[key]) if key in fields else ABSENT
