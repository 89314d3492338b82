"""Match configuration: the house-rule values of Liar's Dice, with scenario defaults and bounds.

A scenario is a named set of defaults (``classic``, ``plain``, ``quick``); every field may be
overridden within its bounds. The rules the fields tune are LD1 (dice per seat, faces), LD7
(wild ones) and LD13 (the round cap) of the package README.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from referee.games.base import ConfigError

DEFAULT_SCENARIO = "classic"
SCENARIO_DEFAULTS: dict[str, dict[str, Any]] = {
    "classic": {},
    "plain": {"wild_ones": False},
    "quick": {"dice_per_player": 2},
}
"""Scenario name -> the fields whose defaults it changes."""
SCENARIOS: tuple[str, ...] = tuple(SCENARIO_DEFAULTS)


def _bounded(default: int, low: int, high: int) -> Any:
    """Return a dataclass field with a default and inclusive bounds in its metadata."""
    return field(default=default, metadata={"min": low, "max": high})


@dataclass(frozen=True)
class Config:
    """The values a Liar's Dice match is played with; build one with :func:`make_config`."""

    scenario: str = DEFAULT_SCENARIO
    dice_per_player: int = _bounded(5, 1, 10)
    faces: int = _bounded(6, 3, 9)
    wild_ones: bool = True
    max_rounds: int = _bounded(60, 1, 120)

    def __post_init__(self) -> None:
        validate(self)

    def biddable_faces(self) -> range:
        """Return the faces a bid may name: 2..faces with wild ones (LD7), else 1..faces."""
        return range(2 if self.wild_ones else 1, self.faces + 1)


def validate(config: Config) -> None:
    """Raise ConfigError naming the first field that is out of bounds or of the wrong type."""
    if config.scenario not in SCENARIOS:
        raise ConfigError(f"scenario: unknown scenario {config.scenario!r}; known: {SCENARIOS}")
    if type(config.wild_ones) is not bool:
        raise ConfigError(f"wild_ones: expected a bool, got {config.wild_ones!r}")
    for item in fields(config):
        if "min" not in item.metadata:
            continue
        value = getattr(config, item.name)
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
