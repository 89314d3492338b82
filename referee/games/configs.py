"""Config to and from JSON for engines whose config is a frozen dataclass of plain values.

``config_to_json`` is ``dataclasses.asdict`` with tuples as lists. ``config_from_json`` starts
from the scenario's defaults, overrides every field whose recorded value differs, and lets the
engine's own ``make_config`` check the bounds; it then checks that the rebuilt config writes
back to the same JSON, so a value the engine would silently change is refused.

A field's bounds are read from its dataclass metadata (:func:`field_bounds`): ``min`` and
``max`` for a number, ``choices`` for a value among a few; ``ruckus games GAME`` shows them.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from referee.games.base import ConfigError, JsonValue


def config_to_json(config: Any) -> dict[str, JsonValue]:
    """Return a dataclass config as a JSON-ready dict (tuples become lists)."""
    result: dict[str, JsonValue] = json.loads(json.dumps(dataclasses.asdict(config)))
    return result


def field_bounds(config_type: type[Any]) -> dict[str, str]:
    """Return each field's bounds as text, from its dataclass metadata: ``min``/``max`` as
    ``"1..10"``, ``choices`` as ``"a, b"``, a bool as ``"true, false"``; a field with no
    bounds is left out (so is anything that is not a dataclass)."""
    if not dataclasses.is_dataclass(config_type):
        return {}
    bounds: dict[str, str] = {}
    for item in dataclasses.fields(config_type):
        meta = item.metadata
        if "min" in meta and "max" in meta:
            bounds[item.name] = f"{meta['min']}..{meta['max']}"
        elif "choices" in meta:
            bounds[item.name] = ", ".join(json.dumps(choice) for choice in meta["choices"])
        elif isinstance(item.default, bool):
            bounds[item.name] = "true, false"
    return bounds


def _tuples(value: Any) -> Any:
    """Turn JSON lists back into the tuples engine configs use."""
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    if isinstance(value, dict):
        return {key: _tuples(item) for key, item in value.items()}
    return value


def config_from_json(
    make_config: Callable[..., Any], scenario: str, data: dict[str, JsonValue]
) -> Any:
    """Rebuild a dataclass config from ``config_to_json`` output; raise ConfigError if it
    names an unknown field, breaks a bound or does not write back to the same JSON."""
    if not isinstance(data, dict):
        raise ConfigError(f"config: expected an object, got {type(data).__name__}")
    base = dataclasses.asdict(make_config(scenario))
    recorded = {key: _tuples(value) for key, value in data.items()}
    overrides = {key: value for key, value in recorded.items() if _tuples(base.get(key)) != value}
    config = make_config(scenario, **overrides)
    if config_to_json(config) != data:
        raise ConfigError("config: the recorded config does not rebuild to the same config")
    return config


class DataclassConfigs:
    """The three config methods of an engine whose config is a frozen dataclass of plain
    values: set ``build_config`` to the game's ``make_config(scenario, **overrides)``
    (wrapped in ``staticmethod``) and inherit the rest."""

    build_config: Callable[..., Any]
    """The game's own ``make_config``: validates overrides with the engine's bounds."""

    def make_config(self, scenario: str | None = None, **overrides: Any) -> Any:
        """Build a validated config for ``scenario`` (the default one if None) with
        ``overrides`` (unknown field or bad value: ConfigError naming it)."""
        return self.build_config(scenario, **overrides)

    def config_to_json(self, config: Any) -> dict[str, JsonValue]:
        """Return the config as a JSON-ready dict."""
        return config_to_json(config)

    def config_from_json(self, scenario: str, data: dict[str, JsonValue]) -> Any:
        """Rebuild a config from ``config_to_json`` output (ConfigError on a bad value)."""
        return config_from_json(self.build_config, scenario, data)
