"""Match configuration: every house-rule switch of the rules, with scenario defaults and bounds."""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields, replace
from typing import Any

from referee.games.base import ConfigError

SCENARIOS: tuple[str, ...] = ("raid", "cars", "driven_out")

_CHOICES: dict[str, tuple[object, ...]] = {
    "scenario": SCENARIOS,
    "spinner_dirs": (4, 8),
    "win_mode": ("current", "gross"),
    "group_loss": ("principal", "all"),
    "final_tiebreak": ("draw", "later_seat"),
    "car_mode": ("sweep",),
}

_BOUNDS: dict[str, tuple[int, int]] = {
    "success_threshold": (2, 6),
    "townsfolk_dice": (1, 6),
    "carry_limit": (1, 3),
    "max_critters": (1, 10),
    "max_rounds": (1, 1000),
    "start_points": (0, 50),
    "win_points": (1, 100),
    "townsfolk_per_x": (1, 2),
    "drive_out_points": (0, 10),
    "turn_decision_cap": (1, 100_000),
}


@dataclass(frozen=True)
class Config:
    """All switches of a Pilfer match (G1..G48 defaults); build one with :func:`make_config`."""

    scenario: str = "raid"
    success_threshold: int = 4
    townsfolk_dice: int = 2
    spinner_dirs: int = 4
    win_mode: str = "current"
    win_points: int | None = 7
    carry_limit: int = 1
    group_loss: str = "principal"
    max_critters: int = 4
    max_rounds: int = 40
    final_tiebreak: str = "draw"
    car_mode: str = "sweep"
    start_points: int = 2
    townsfolk_per_x: int = 1
    drive_out_points: int = 2
    turn_decision_cap: int = 300

    def __post_init__(self) -> None:
        validate(self)

    def as_tuple(self) -> tuple[object, ...]:
        """Return every field value in declaration order (for digests)."""
        return self._values

    @functools.cached_property
    def _values(self) -> tuple[object, ...]:
        """The tuple of ``as_tuple``, made once per config (every state digest holds it)."""
        return tuple(getattr(self, f.name) for f in fields(self))


def _check_type(name: str, value: object, expected: object) -> None:
    """Raise ConfigError when ``value`` is not of the type of ``expected``."""
    if isinstance(expected, bool) != isinstance(value, bool) or not isinstance(
        value, type(expected)
    ):
        raise ConfigError(f"{name}: expected {type(expected).__name__}, got {value!r}")


def validate(config: Config) -> None:
    """Raise ConfigError naming the first field whose value is out of bounds."""
    for name, choices in _CHOICES.items():
        value = getattr(config, name)
        if value not in choices:
            raise ConfigError(f"{name}: {value!r} is not one of {list(choices)}")
    for name, (low, high) in _BOUNDS.items():
        value = getattr(config, name)
        if value is None and name == "win_points":
            continue
        _check_type(name, value, 0)
        if not low <= value <= high:
            raise ConfigError(f"{name}: {value!r} is outside {low}..{high}")


_SCENARIO_DEFAULTS: dict[str, dict[str, Any]] = {
    "raid": {},
    "cars": {},
    "driven_out": {"start_points": 3, "win_points": None, "townsfolk_per_x": 2},
}


def make_config(scenario: str | None = None, **overrides: Any) -> Config:
    """Build the defaults of ``scenario`` (raid if None) and apply ``overrides``."""
    name = "raid" if scenario is None else scenario
    if name not in SCENARIOS:
        raise ConfigError(f"scenario: {name!r} is not one of {list(SCENARIOS)}")
    known = {f.name for f in fields(Config)}
    for key in overrides:
        if key not in known or key == "scenario":
            raise ConfigError(f"{key}: unknown config field")
    values = {"scenario": name, **_SCENARIO_DEFAULTS[name], **overrides}
    return replace(Config(), **values)
