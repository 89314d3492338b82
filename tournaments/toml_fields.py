"""Reading typed fields out of parsed TOML tables, with errors that name the field."""

from __future__ import annotations

import re
import tomllib
from typing import Any

NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
"""Names of tournaments and bots: letters, digits, '.', '_', '-', at most 64."""


class DefinitionError(ValueError):
    """A definition that cannot be used; ``field`` is the dotted path of the offending value."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


def reject_unknown(prefix: str, data: dict[str, Any], allowed: frozenset[str]) -> None:
    """Raise DefinitionError for the first key of ``data`` not in ``allowed``."""
    for key in data:
        if key not in allowed:
            known = ", ".join(sorted(allowed))
            raise DefinitionError(f"{prefix}{key}", f"unknown field; known fields: {known}")


def table_field(data: dict[str, Any], field: str) -> dict[str, Any]:
    """Return the table ``field`` of ``data`` (empty when absent)."""
    value = data.get(field, {})
    if not isinstance(value, dict):
        raise DefinitionError(field, "expected a table")
    return value


def last_key(field: str) -> str:
    """Return the last part of a dotted field path: the key inside its table."""
    return field.rsplit(".", 1)[-1]


def int_field(data: dict[str, Any], field: str, default: int | None, low: int, high: int) -> int:
    """Return the integer ``field`` in ``low..high`` (``default`` when absent; None: required)."""
    key = last_key(field)
    if key not in data:
        if default is None:
            raise DefinitionError(field, "missing required field")
        return default
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise DefinitionError(field, f"expected an integer, got {value!r}")
    if not low <= value <= high:
        raise DefinitionError(field, f"must be between {low} and {high}, got {value}")
    return value


def str_field(data: dict[str, Any], field: str) -> str:
    """Return the required non-empty string ``field``."""
    key = last_key(field)
    if key not in data:
        raise DefinitionError(field, "missing required field")
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise DefinitionError(field, f"expected a non-empty string, got {value!r}")
    return value


def optional_str(data: dict[str, Any], field: str) -> str | None:
    """Return the string ``field``, or None when absent."""
    return str_field(data, field) if last_key(field) in data else None


def name_field(data: dict[str, Any], field: str) -> str:
    """Return the name ``field`` (see :data:`NAME_PATTERN`)."""
    value = str_field(data, field)
    if not NAME_PATTERN.match(value):
        raise DefinitionError(field, f"{value!r}: use letters, digits, '.', '_', '-' (max 64)")
    return value


def choice(data: dict[str, Any], field: str, options: tuple[str, ...], default: str | None) -> str:
    """Return ``field``, one of ``options`` (``default`` when absent; None: required)."""
    if default is not None and last_key(field) not in data:
        return default
    value = str_field(data, field)
    if value not in options:
        raise DefinitionError(field, f"{value!r} is not one of {', '.join(options)}")
    return value


def toml_value(text: str, field: str) -> Any:
    """Return ``text`` read as one TOML value (``5``, ``"x"``, ``[1, 2]``, ``true``)."""
    try:
        value = None if "\n" in text else tomllib.loads(f"value = {text}").get("value")
    except tomllib.TOMLDecodeError:
        value = None
    if value is None:
        raise DefinitionError(field, f"{text!r} is not a TOML value (quote a string: '\"{text}\"')")
    return value
