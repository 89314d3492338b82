"""Step 3 options as a whole, and the seasonal tasks: plant (H24b), harvest (H24c) and
repair (H26).

Chance order: a Repair draws ``dice_count`` d6 (one with V4 ``single_die``) when it is
chosen (no windows).
"""

from __future__ import annotations

from referee.games.wabbit.actions import (
    Harvest,
    Pass,
    Plant,
    Repair,
    harvest_action,
    pass_action,
    plant_action,
    repair_action,
)
from referee.games.wabbit.board import BUILDING_IDS, BUILDING_REACH, FIELD
from referee.games.wabbit.combat import attack_options, roll_dice
from referee.games.wabbit.queries import SPRING, SUMMER, season, standing, terrain
from referee.games.wabbit.records import Char
from referee.games.wabbit.roster import stats
from referee.games.wabbit.state import PLANT, State
from referee.games.wabbit.turns import cell_json, emit, end_action_step


def can_plant(state: State, cell: int) -> bool:
    """Return whether a carrot may be planted on ``cell`` (ploughed, empty field)."""
    return terrain(state, cell) == FIELD and cell in state.ploughed and cell not in state.planted


def repairable(state: State, char: Char) -> list[int]:
    """Return the damaged standing buildings the Farmer-side character can reach."""
    if char.seat != 0:
        return []
    return [
        b
        for b in range(len(BUILDING_IDS))
        if state.damage[b] and standing(state, b) and char.cell in BUILDING_REACH[b]
    ]


def task_options(state: State, char: Char) -> list[object]:
    """Return the seasonal task options of the acting character."""
    options: list[object] = []
    now = season(state)
    if now == SPRING and can_plant(state, char.cell):
        options.append(plant_action())
    if now == SUMMER and char.cell in state.planted and char.carrots < state.config.carry_limit:
        options.append(harvest_action())
    options.extend(repair_action(b) for b in repairable(state, char))
    return options


def action_options(state: State) -> list[object]:
    """Return every step-3 option of the active character (cards are added by the caller)."""
    char = state.chars[state.active]
    options = attack_options(state, char)
    options.extend(task_options(state, char))
    options.append(pass_action())
    return options


def plant_carrot(state: State, seat: int, cell: int) -> None:
    """Plant one carrot on a cell and score it."""
    state.planted = state.planted | {cell}
    state.add_vp(seat, PLANT, state.config.plant_vp)
    emit(state, "plant", {"seat": seat, "points": state.config.plant_vp, **cell_json(cell)})


def do_plant(state: State, action: Plant) -> None:
    """Plant on the acting character's cell; the action step ends."""
    plant_carrot(state, state.seat, state.chars[state.active].cell)
    end_action_step(state)


def do_harvest(state: State, action: Harvest) -> None:
    """Take the planted carrot from the cell and carry it; the action step ends."""
    char = state.chars[state.active]
    state.planted = state.planted - {char.cell}
    state.set_char(char.evolve(carrots=char.carrots + 1))
    emit(state, "harvest", {"char": char.cid, **cell_json(char.cell)})
    end_action_step(state)


def repair_building(state: State, building: int) -> None:
    """Remove one damage from a building (never below 0)."""
    damage = list(state.damage)
    damage[building] = max(0, damage[building] - 1)
    state.damage = tuple(damage)
    emit(
        state, "building_repaired", {"building": BUILDING_IDS[building], "damage": damage[building]}
    )


def do_repair(state: State, action: Repair) -> None:
    """Roll dice + attack bonus against the repair target; success removes 1 damage."""
    char = state.chars[state.active]
    dice = roll_dice(state)
    total = sum(dice) + stats(state.config, char.kind)[0]
    success = total >= state.config.repair_target
    emit(
        state,
        "repair_roll",
        {
            "char": char.cid,
            "dice": list(dice),
            "total": total,
            "target_number": state.config.repair_target,
            "success": success,
        },
    )
    if success:
        repair_building(state, action.building)
    end_action_step(state)


def do_pass(state: State, action: Pass) -> None:
    """Skip the action step."""
    end_action_step(state)
