"""Match configuration: the board size, food and turn cap of Grid Race, with scenario defaults.

A scenario is a named set of defaults (``classic``, ``small``); every field may be overridden
within its bounds (rules GR1, GR5 and GR9 of the package README).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from referee.games.base import ConfigError

DEFAULT_SCENARIO = "classic"
SCENARIO_DEFAULTS: dict[str, dict[str, Any]] = {
    "classic": {},
    "small": {"width": 5, "height": 5, "food": 2, "max_turns": 40},
}
"""Scenario name -> the fields whose defaults it changes."""
SCENARIOS: tuple[str, ...] = tuple(SCENARIO_DEFAULTS)


def _bounded(default: int, low: int, high: int) -> Any:
    """Return a dataclass field with a default and inclusive bounds in its metadata."""
    return field(default=default, metadata={"min": low, "max": high})


@dataclass(frozen=True)
class Config:
    """The values a Grid Race match is played with; build one with :func:`make_config`."""

    scenario: str = DEFAULT_SCENARIO
    width: int = _bounded(7, 5, 15)
    height: int = _bounded(7, 5, 15)
    food: int = _bounded(3, 1, 8)
    max_turns: int = _bounded(80, 1, 500)

    def __post_init__(self) -> None:
        if self.scenario not in SCENARIOS:
            raise ConfigError(f"scenario: unknown scenario {self.scenario!r}; known: {SCENARIOS}")
        for item in fields(self):
            if "min" not in item.metadata:
                continue
            value = getattr(self, item.name)
            if type(value) is not int:
                raise ConfigError(f"{item.name}: expected an int, got {value!r}")
            low, high = item.metadata["min"], item.metadata["max"]
            if not low <= value <= high:
                raise ConfigError(f"{item.name}: {value} is outside [{low}, {high}]")


def make_config(scenario: str | None = None, **overrides: Any) -> Config:
    """Return the defaults of ``scenario`` with ``overrides``; an unknown field is a ConfigError."""
    known = {item.name for item in fields(Config)} - {"scenario"}
    for name in overrides:
        if name not in known:
            raise ConfigError(f"{name}: unknown config field")
    chosen = scenario or DEFAULT_SCENARIO
    if chosen not in SCENARIO_DEFAULTS:
        raise ConfigError(f"scenario: unknown scenario {chosen!r}; known: {SCENARIOS}")
    return Config(scenario=chosen, **{**SCENARIO_DEFAULTS[chosen], **overrides})
