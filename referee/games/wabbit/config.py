"""Match configuration: every tunable house-rule value, with its default and bounds.

Binding values (S1-S9) are module constants, never configuration fields.
Board geometry, the weapon and vehicle tables and the building doors are fixed data of
the ``farm`` scenario; character stats, building stats, scoring values and card counts
are fields here. The optional variants of spec section 4.14 are bool switches, all off by
default: ``permanent_tunnels`` (V1), ``hidden_mail_orders`` (V2), ``rotate_first_seat``
(V3) and ``single_die`` (V4).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from typing import Any

from referee.games.base import ConfigError

HAND_SIZE = 3
CHARACTERS_PER_PLAYER = 2
HOME_DEF_BONUS = 2
HOLE_DEF_BONUS = 2
HOLE_CAPACITY = 1
NOT_MOVED_ATK_BONUS = 1
WHOMP_VP = 1
SHOTGUN_RANGE = 2
SINGLE_DIE_DEFENSE_DROP = 4
DEFAULT_DICE_COUNT = 2

CHARACTER_KINDS: tuple[str, ...] = ("farmer", "hand", "wabbit", "bunny")
"""The character kinds, each with ``<kind>_attack``, ``_defense`` and ``_speed`` fields."""

SCENARIOS: tuple[str, ...] = ("farm",)
DEFAULT_SCENARIO = "farm"


def _bounded(default: int, low: int, high: int) -> Any:
    """Return a dataclass field with a default and inclusive bounds in its metadata."""
    return field(default=default, metadata={"min": low, "max": high})


def _switch(variant: str) -> Any:
    """Return a dataclass field for an optional variant switch (off by default)."""
    return field(default=False, metadata={"variant": variant})


@dataclass(frozen=True)
class Config:
    """Tunable parameters of spec section 4.14: house rules and optional variants only."""

    scenario: str = DEFAULT_SCENARIO
    dice_count: int = _bounded(DEFAULT_DICE_COUNT, 1, 3)
    rounds: int = _bounded(12, 1, 24)
    rounds_per_season: int = _bounded(3, 1, 6)
    autumn_whomp_bonus: int = _bounded(1, 0, 5)
    plough_vp: int = _bounded(1, 0, 5)
    plant_vp: int = _bounded(1, 0, 5)
    stockpile_vp: int = _bounded(1, 0, 5)
    leftover_carrot_vp: int = _bounded(1, 0, 5)
    carry_limit: int = _bounded(2, 1, 5)
    building_hit_vp: int = _bounded(1, 0, 5)
    building_destroy_bonus: int = _bounded(2, 0, 10)
    farmer_standing_building_vp: int = _bounded(2, 0, 10)
    repair_target: int = _bounded(9, 2, 20)
    free_actions_per_move_step: int = _bounded(6, 0, 20)
    max_actions_per_turn: int = _bounded(300, 20, 5000)
    farmer_attack: int = _bounded(1, 0, 6)
    farmer_defense: int = _bounded(12, 2, 20)
    farmer_speed: int = _bounded(4, 1, 12)
    hand_attack: int = _bounded(2, 0, 6)
    hand_defense: int = _bounded(11, 2, 20)
    hand_speed: int = _bounded(4, 1, 12)
    wabbit_attack: int = _bounded(2, 0, 6)
    wabbit_defense: int = _bounded(12, 2, 20)
    wabbit_speed: int = _bounded(5, 1, 12)
    bunny_attack: int = _bounded(1, 0, 6)
    bunny_defense: int = _bounded(11, 2, 20)
    bunny_speed: int = _bounded(6, 1, 12)
    farmhouse_defense: int = _bounded(12, 2, 20)
    farmhouse_structure: int = _bounded(4, 1, 10)
    barn_defense: int = _bounded(12, 2, 20)
    barn_structure: int = _bounded(4, 1, 10)
    tool_shed_defense: int = _bounded(11, 2, 20)
    tool_shed_structure: int = _bounded(2, 1, 10)
    outhouse_defense: int = _bounded(10, 2, 20)
    outhouse_structure: int = _bounded(1, 1, 10)
    count_bazooka: int = _bounded(1, 0, 6)
    count_dynamite: int = _bounded(3, 0, 6)
    count_atomic_bomb: int = _bounded(1, 0, 6)
    count_rocket_skates: int = _bounded(2, 0, 6)
    count_jet_pack: int = _bounded(1, 0, 6)
    count_portable_hole: int = _bounded(1, 0, 6)
    count_hop_to_it: int = _bounded(4, 0, 6)
    count_careful_aim: int = _bounded(4, 0, 6)
    count_second_chance: int = _bounded(3, 0, 6)
    count_falling_anvil: int = _bounded(2, 0, 6)
    count_angry_ducks: int = _bounded(2, 0, 6)
    count_semi_truck: int = _bounded(2, 0, 6)
    count_sic_em_rover: int = _bounded(2, 0, 6)
    count_kissin_cousins: int = _bounded(2, 0, 6)
    count_green_thumb: int = _bounded(2, 0, 6)
    count_quick_fix: int = _bounded(2, 0, 6)
    count_termites: int = _bounded(2, 0, 6)
    count_special_delivery: int = _bounded(2, 0, 6)
    count_tunnel: int = _bounded(2, 0, 6)
    count_disguise: int = _bounded(3, 0, 6)
    permanent_tunnels: bool = _switch("V1")
    hidden_mail_orders: bool = _switch("V2")
    rotate_first_seat: bool = _switch("V3")
    single_die: bool = _switch("V4")

    def __post_init__(self) -> None:
        validate(self)

    def season_of(self, round_number: int) -> int:
        """Return the season index (0 spring .. 3 winter) of a 1-based round."""
        return min(3, (round_number - 1) // self.rounds_per_season)

    def first_seat(self, round_number: int, players: int) -> int:
        """Return the seat that opens a round: 0, or one seat further each season (V3)."""
        return self.season_of(round_number) % players if self.rotate_first_seat else 0

    def dice_per_roll(self) -> int:
        """Return how many six-sided dice every roll uses (V4: always one)."""
        return 1 if self.single_die else self.dice_count

    def defense_change(self) -> int:
        """Return what is added to every printed Defense, characters and buildings (V4)."""
        return -SINGLE_DIE_DEFENSE_DROP if self.single_die else 0

    @functools.cached_property
    def character_stats(self) -> dict[str, tuple[int, int, int]]:
        """Per character kind, ``(attack bonus, printed defense, speed)`` with V4's lower
        defense: read at every activation and attack, so made once per config."""
        change = self.defense_change()
        return {
            kind: (
                getattr(self, f"{kind}_attack"),
                getattr(self, f"{kind}_defense") + change,
                getattr(self, f"{kind}_speed"),
            )
            for kind in CHARACTER_KINDS
        }

    def canonical(self) -> str:
        """Return the config as text for state digests.

        Variant switches appear only when on, so a default config keeps the text (and the
        golden digests) it had before the variants existed.
        """
        return self._canonical_text

    @functools.cached_property
    def _canonical_text(self) -> str:
        """The text of ``canonical``, made once per config (every state digest holds it)."""
        shown = [
            f"{item.name}={getattr(self, item.name)!r}"
            for item in fields(self)
            if "variant" not in item.metadata or getattr(self, item.name)
        ]
        return f"Config({', '.join(shown)})"


def validate(config: Config) -> None:
    """Raise ConfigError naming the first field that is out of bounds or of the wrong type."""
    if config.scenario not in SCENARIOS:
        raise ConfigError(f"scenario: unknown scenario {config.scenario!r}")
    for item in fields(config):
        if "variant" in item.metadata:
            value = getattr(config, item.name)
            if type(value) is not bool:
                raise ConfigError(f"{item.name}: expected a bool, got {value!r}")
            continue
        if "min" not in item.metadata:
            continue
        value = getattr(config, item.name)
        if type(value) is not int:
            raise ConfigError(f"{item.name}: expected an int, got {value!r}")
        low, high = item.metadata["min"], item.metadata["max"]
        if not low <= value <= high:
            raise ConfigError(f"{item.name}: {value} is outside [{low}, {high}]")
    if config.rounds > 4 * config.rounds_per_season:
        raise ConfigError("rounds: more rounds than four seasons of rounds_per_season")
    if config.single_die and config.dice_count != DEFAULT_DICE_COUNT:
        raise ConfigError("single_die: V4 rolls 1d6; leave dice_count at its default")


def make_config(scenario: str | None = None, **overrides: Any) -> Config:
    """Return the defaults of ``scenario`` with ``overrides``; unknown fields raise ConfigError."""
    known = {item.name for item in fields(Config)}
    for name in overrides:
        if name not in known or name == "scenario":
            raise ConfigError(f"{name}: unknown config field")
    return Config(scenario=scenario or DEFAULT_SCENARIO, **overrides)
