"""Weapons and vehicles: stats, start cells, and where a vehicle may go.

A board item's id is its kind (``"shotgun"``); a mail-order item's id is
``"<kind>#<card id>"`` so that every item on the farm is unique (H23).
"""

from __future__ import annotations

from referee.games.wabbit.board import (
    BARN,
    BUILDING,
    FIELD,
    HIGHWAY,
    OPEN,
    POND,
    cell_of,
)
from referee.games.wabbit.config import SHOTGUN_RANGE


class Weapon:
    """A weapon's modifier, reach (0 = melee), extra against buildings and single use."""

    __slots__ = ("name", "modifier", "reach", "vs_building", "single_use")

    def __init__(self, name: str, modifier: int, reach: int, vs_building: int, single: bool):
        self.name = name
        self.modifier = modifier
        self.reach = reach
        self.vs_building = vs_building
        self.single_use = single


class Vehicle:
    """A vehicle's speed, ram modifier and the terrains it may enter."""

    __slots__ = ("name", "speed", "ram", "terrains", "barn")

    def __init__(self, name: str, speed: int, ram: int, terrains: frozenset[str], barn: bool):
        self.name = name
        self.speed = speed
        self.ram = ram
        self.terrains = terrains
        self.barn = barn


ATOMIC_BOMB = "atomic_bomb"
DYNAMITE = "dynamite"
TRACTOR = "tractor"
JET_PACK = "jet_pack"
BOMB_MODIFIER = 6
BOMB_RADIUS = 2

_ROADS = frozenset((OPEN, FIELD, HIGHWAY))

WEAPONS: dict[str, Weapon] = {
    w.name: w
    for w in (
        Weapon("shotgun", 2, SHOTGUN_RANGE, 0, False),
        Weapon("pitchfork", 1, 0, 0, False),
        Weapon("blowtorch", 2, 0, 2, False),
        Weapon("chainsaw", 3, 0, 1, False),
        Weapon("croquet_mallet", 1, 0, 0, False),
        Weapon("garden_hoe", 1, 0, 0, False),
        Weapon("bazooka", 4, 3, 0, False),
        Weapon(DYNAMITE, 5, 0, 2, True),
        Weapon(ATOMIC_BOMB, BOMB_MODIFIER, 0, 0, True),
    )
}

VEHICLES: dict[str, Vehicle] = {
    v.name: v
    for v in (
        Vehicle(TRACTOR, 4, 2, _ROADS, True),
        Vehicle("riding_mower", 5, 1, _ROADS, True),
        Vehicle("pickup_truck", 8, 3, frozenset((OPEN, HIGHWAY)), False),
        Vehicle("rocket_skates", 9, 1, _ROADS, False),
        Vehicle(JET_PACK, 7, 0, _ROADS | {POND}, False),
    )
}

ITEM_NAMES: dict[str, str] = {
    "shotgun": "Shotgun",
    "pitchfork": "Pitchfork",
    "blowtorch": "Blowtorch",
    "chainsaw": "Chainsaw",
    "croquet_mallet": "Croquet Mallet",
    "garden_hoe": "Garden Hoe",
    "bazooka": "Bazooka",
    DYNAMITE: "Dynamite",
    ATOMIC_BOMB: "Atomic Bomb",
    TRACTOR: "Tractor",
    "riding_mower": "Riding Mower",
    "pickup_truck": "Pickup Truck",
    "rocket_skates": "Rocket Skates",
    JET_PACK: "Jet Pack",
}

START_ITEMS: tuple[tuple[str, int], ...] = (
    ("blowtorch", cell_of(12, 7)),
    ("chainsaw", cell_of(0, 7)),
    ("croquet_mallet", cell_of(3, 4)),
    ("garden_hoe", cell_of(9, 3)),
    ("pickup_truck", cell_of(8, 8)),
    ("pitchfork", cell_of(12, 4)),
    ("riding_mower", cell_of(2, 7)),
    ("shotgun", cell_of(5, 6)),
    ("tractor", cell_of(11, 5)),
)


def kind_of(item: str) -> str:
    """Return the kind of an item id (mail-order ids carry a ``#card`` suffix)."""
    return item.partition("#")[0]


def mail_item_id(kind: str, card: int) -> str:
    """Return the id of the mail-order item ordered with ``card``."""
    return f"{kind}#{card}"


def card_of_item(item: str) -> int | None:
    """Return the card set aside with a mail-order item, or None for a board item."""
    _, sep, card = item.partition("#")
    return int(card) if sep else None


def is_vehicle(item: str) -> bool:
    """Return whether an item id is a vehicle."""
    return kind_of(item) in VEHICLES


def vehicle_may_enter(vehicle: str, terrain: str, building: int) -> bool:
    """Return whether a vehicle kind may be on a cell of ``terrain`` (``building`` if inside)."""
    spec = VEHICLES[vehicle]
    if terrain == BUILDING:
        return spec.barn and building == BARN
    return terrain in spec.terrains
