"""Read-only questions about a state: terrain now, occupancy, defense, movement costs."""

from __future__ import annotations

from referee.games.wabbit.board import (
    BASE_TERRAIN,
    BUILDING,
    BUILDING_IDS,
    FIELD,
    HOLE,
    OPEN,
    OUTSIDE,
    POND,
)
from referee.games.wabbit.cards import DISGUISE_BONUS
from referee.games.wabbit.config import (
    CHARACTERS_PER_PLAYER,
    HOLE_CAPACITY,
    HOLE_DEF_BONUS,
    HOME_DEF_BONUS,
    Config,
)
from referee.games.wabbit.items import JET_PACK, TRACTOR, VEHICLES, kind_of, vehicle_may_enter
from referee.games.wabbit.records import Char
from referee.games.wabbit.roster import is_wabbit_side, stats
from referee.games.wabbit.state import State

SPRING, SUMMER, AUTUMN, WINTER = range(4)


def season(state: State) -> int:
    """Return the current season index (0 spring .. 3 winter)."""
    return state.config.season_of(state.round)


def terrain(state: State, cell: int) -> str:
    """Return the terrain of a cell now (holes added, rubble open)."""
    if cell in state.holes:
        return HOLE
    base = BASE_TERRAIN[cell]
    if base == BUILDING and state.geometry.zone[cell] == OUTSIDE:
        return OPEN
    return base


def building_defense(config: Config, building: int) -> int:
    """Return a building's Defense (V4 lowers it)."""
    value: int = getattr(config, f"{BUILDING_IDS[building]}_defense")
    return value + config.defense_change()


def building_structure(config: Config, building: int) -> int:
    """Return a building's Structure (damage that destroys it)."""
    value: int = getattr(config, f"{BUILDING_IDS[building]}_structure")
    return value


def standing(state: State, building: int) -> bool:
    """Return whether a building is still standing."""
    return stands(state.mask, building)


def stands(mask: int, building: int) -> bool:
    """Return whether ``building`` stands by ``mask`` (a bit per fallen building)."""
    return not mask >> building & 1


def hole_taken(state: State, cell: int, by_other_than: int = -1) -> bool:
    """Return whether a hole is full (S6) with characters other than ``by_other_than``."""
    inside = sum(1 for c in state.chars if c.cell == cell and c.cid != by_other_than)
    return inside >= HOLE_CAPACITY


def empty_holes_from(state: State, cell: int) -> list[int]:
    """Return the empty holes other than ``cell``, in cell order (tunnel exits)."""
    return sorted(h for h in state.holes if h != cell and not hole_taken(state, h))


def items_at(state: State, cell: int) -> tuple[str, ...]:
    """Return the items lying on a cell, in id order."""
    return tuple([item for item, where in state.items if where == cell])


def loose_at(state: State, cell: int) -> int:
    """Return the number of loose carrots on a cell."""
    for where, count in state.loose:
        if where == cell:
            return count
    return 0


def has_disguise(state: State, cid: int) -> bool:
    """Return whether a character wears a Disguise."""
    return any(char == cid for char, _ in state.disguises)


def defense(state: State, char: Char) -> int:
    """Return a character's Defense total: printed + S5 home + S6 hole + Disguise."""
    total = stats(state.config, char.kind)[1]
    if char.cell == char.home:
        total += HOME_DEF_BONUS
    if char.cell in state.holes and is_wabbit_side(char.kind):
        total += HOLE_DEF_BONUS
    if has_disguise(state, char.cid):
        total += DISGUISE_BONUS
    return total


def may_hold_vehicle_at(state: State, vehicle: str, cell: int) -> bool:
    """Return whether a character on ``cell`` may hold this vehicle (H12)."""
    return vehicle_may_enter(kind_of(vehicle), terrain(state, cell), state.geometry.zone[cell])


def plough_here(state: State, char: Char, cell: int) -> bool:
    """Return whether entering ``cell`` now ploughs it (Tractor, Spring, unploughed field)."""
    return (
        char.vehicle is not None
        and kind_of(char.vehicle) == TRACTOR
        and season(state) == SPRING
        and terrain(state, cell) == FIELD
        and cell not in state.ploughed
    )


def enter_cost(state: State, char: Char, cell: int) -> int:
    """Return the MP to enter an adjacent connected cell, or 0 if it may not be entered."""
    if char.vehicle is None:  # on foot only a hole and the pond differ from 1 MP
        if cell in state.holes:
            return 0 if hole_taken(state, cell, char.cid) else 1
        return 2 if BASE_TERRAIN[cell] == POND else 1
    ground = terrain(state, cell)
    if ground == HOLE:
        return 0
    vehicle = kind_of(char.vehicle)
    if not vehicle_may_enter(vehicle, ground, state.geometry.zone[cell]):
        return 0
    if ground == POND and vehicle == JET_PACK:
        return 1
    return 2 if plough_here(state, char, cell) else 1


def move_allowance(state: State, char: Char) -> int:
    """Return the MP a character starts its move step with (H8)."""
    if char.vehicle is not None:
        base = VEHICLES[kind_of(char.vehicle)].speed
    else:
        base = stats(state.config, char.kind)[2]
    return base + state.bonus_mp[char.cid]


def opponents(state: State, seat: int) -> tuple[Char, ...]:
    """Return the characters of every other player."""
    return tuple(c for c in state.chars if c.seat != seat)


def own_chars(state: State, seat: int) -> tuple[Char, ...]:
    """Return a player's two characters."""
    first = CHARACTERS_PER_PLAYER * seat
    return state.chars[first : first + CHARACTERS_PER_PLAYER]
