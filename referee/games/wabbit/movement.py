"""Step 2, the move step: single cell steps, tunnels and free item actions (H5, H8, H9,
H12, H22, V1).
"""

from __future__ import annotations

from referee.games.wabbit.actions import (
    Claim,
    Drop,
    Move,
    PickUp,
    TakeCarrots,
    Tunnel,
    claim_action,
    drop_action,
    end_move_action,
    move_action,
    pick_up_action,
    take_carrots_action,
    tunnel_action,
)
from referee.games.wabbit.board import (
    BASE_TERRAIN,
    CELLS,
    DIRECTIONS,
    GEOMETRY,
    MAILBOX,
    POND,
    XY,
    Geometry,
)
from referee.games.wabbit.items import is_vehicle
from referee.games.wabbit.queries import (
    empty_holes_from,
    enter_cost,
    hole_taken,
    loose_at,
    may_hold_vehicle_at,
    plough_here,
)
from referee.games.wabbit.records import Char
from referee.games.wabbit.roster import is_wabbit_side
from referee.games.wabbit.state import PLOUGH, State
from referee.games.wabbit.turns import cell_json, emit, put_item, set_loose, take_item

PERMANENT_TUNNEL_MP = 2


def may_hold(state: State, item: str, cell: int) -> bool:
    """Return whether a character on ``cell`` may take ``item`` into its hands (H12)."""
    return not is_vehicle(item) or may_hold_vehicle_at(state, item, cell)


StepTable = tuple[tuple[tuple[Move, int, int], ...], ...]
"""Per cell, ``(move action, neighbour, MP on foot unless it is a hole)`` of each connected
neighbour, in direction order."""


def _step_table(geometry: Geometry) -> StepTable:
    """Return the step table of one geometry: a foot step costs 2 MP into the pond, else 1."""
    return tuple(
        tuple(
            (move_action(DIRECTIONS[d][0]), n, 2 if BASE_TERRAIN[n] == POND else 1)
            for d, n in geometry.neighbors[cell]
        )
        for cell in range(CELLS)
    )


STEPS: tuple[StepTable, ...] = tuple(_step_table(geometry) for geometry in GEOMETRY)
"""The step table of each standing/destroyed mask (``State.mask``)."""
NEIGHBOUR: tuple[tuple[dict[str, int], ...], ...] = tuple(
    tuple({move.direction: n for move, n, _ in steps} for steps in table) for table in STEPS
)
"""Per mask and cell, the connected neighbour in each direction a step may take."""


def step_moves(state: State, char: Char) -> list[Move]:
    """Return the move action of each adjacent cell the character may enter now."""
    mp = state.mp
    if mp <= 0:  # every step costs at least 1 MP
        return []
    steps = STEPS[state.mask][char.cell]
    if char.vehicle is not None:
        return [move for move, cell, _ in steps if 0 < enter_cost(state, char, cell) <= mp]
    holes = state.holes
    result: list[Move] = []
    for move, cell, cost in steps:
        if cell in holes:  # a hole costs 1 MP unless another character fills it
            if hole_taken(state, cell, char.cid):
                continue
            cost = 1
        if cost <= mp:
            result.append(move)
    return result


def permanent_tunnel_exits(state: State, char: Char) -> list[int]:
    """Return the holes a Wabbit-side character in a hole may tunnel to for 2 MP (V1)."""
    if (
        not state.config.permanent_tunnels
        or state.mp < PERMANENT_TUNNEL_MP
        or char.cell not in state.holes
        or not is_wabbit_side(char.kind)
    ):
        return []
    return empty_holes_from(state, char.cell)


def free_actions(state: State, char: Char) -> list[PickUp | Drop | Claim | TakeCarrots]:
    """Return the free item actions open to the moving character (capped per move step)."""
    if state.free_used >= state.config.free_actions_per_move_step:
        return []
    cell = char.cell
    result: list[PickUp | Drop | Claim | TakeCarrots] = [
        pick_up_action(item)
        for item, where in state.items
        if where == cell and may_hold(state, item, cell)
    ]
    if char.weapon is not None:
        result.append(drop_action(char.weapon))
    if char.vehicle is not None:
        result.append(drop_action(char.vehicle))
    if cell == MAILBOX or cell == char.home:
        for item in state.parcel[char.seat]:
            if may_hold(state, item, cell):
                result.append(claim_action(item))
    if state.loose and loose_at(state, cell) and char.carrots < state.config.carry_limit:
        result.append(take_carrots_action())
    return result


_END_MOVE = end_move_action()
"""The End move action, last of the options at every move-step decision."""


def move_actions(state: State) -> list[object]:
    """Return the move-step options (card plays are added by the caller)."""
    char = state.chars[state.active]
    options: list[object] = list(step_moves(state, char))
    if state.config.permanent_tunnels:
        options += [tunnel_action(hole) for hole in permanent_tunnel_exits(state, char)]
    options += free_actions(state, char)
    options.append(_END_MOVE)
    return options


def do_move(state: State, action: Move) -> None:
    """Enter the adjacent cell: pay MP, plough if due, mark the character as moved (H9)."""
    char = state.chars[state.active]
    d = action.direction
    cell = NEIGHBOUR[state.mask][char.cell][d]
    cost = enter_cost(state, char, cell)
    ploughs = plough_here(state, char, cell)
    state.mp -= cost
    state.moved = True
    state.set_char(char.at(cell))
    x, y = XY[cell]
    emit(state, "move", {"char": char.cid, "direction": d, "mp_left": state.mp, "x": x, "y": y})
    if ploughs:
        state.ploughed = state.ploughed | {cell}
        state.add_vp(char.seat, PLOUGH, state.config.plough_vp)
        emit(
            state, "plough", {"char": char.cid, "points": state.config.plough_vp, **cell_json(cell)}
        )


def tunnel_to(state: State, hole: int, cost: int) -> None:
    """Move the moving character into another hole for ``cost`` MP; it counts as moving (H9).

    The *Tunnel* card costs 0 MP; a V1 permanent tunnel costs 2.
    """
    char = state.chars[state.active]
    state.mp -= cost
    state.moved = True
    state.set_char(char.evolve(cell=hole))
    emit(state, "tunnel", {"char": char.cid, **cell_json(hole)})


def do_tunnel(state: State, action: Tunnel) -> None:
    """V1: take a permanent tunnel from the character's hole to an empty hole (2 MP)."""
    tunnel_to(state, action.cell, PERMANENT_TUNNEL_MP)


def hold(state: State, char: Char, item: str, drop_cell: int) -> Char:
    """Give ``item`` to the character; an item of the same type already held drops (a swap)."""
    if is_vehicle(item):
        old, char = char.vehicle, char.evolve(vehicle=item)
    else:
        old, char = char.weapon, char.evolve(weapon=item)
    if old is not None:
        put_item(state, old, drop_cell)
        emit(state, "drop", {"char": char.cid, "item": old, **cell_json(drop_cell)})
    state.set_char(char)
    return char


def do_pick_up(state: State, action: PickUp) -> None:
    """Pick up an item from the character's cell."""
    char = state.chars[state.active]
    take_item(state, action.item)
    state.free_used += 1
    hold(state, char, action.item, char.cell)
    emit(state, "pick_up", {"char": char.cid, "item": action.item, **cell_json(char.cell)})


def do_drop(state: State, action: Drop) -> None:
    """Drop a held item on the character's cell."""
    char = state.chars[state.active]
    empty_hand = {"weapon": None} if char.weapon == action.item else {"vehicle": None}
    char = char.evolve(**empty_hand)
    state.set_char(char)
    put_item(state, action.item, char.cell)
    state.free_used += 1
    emit(state, "drop", {"char": char.cid, "item": action.item, **cell_json(char.cell)})


def do_claim(state: State, action: Claim) -> None:
    """Take an item from the player's Parcel (on the Mailbox or the character's home)."""
    char = state.chars[state.active]
    parcels = list(state.parcel)
    parcels[char.seat] = tuple(i for i in parcels[char.seat] if i != action.item)
    state.parcel = tuple(parcels)
    state.free_used += 1
    hold(state, char, action.item, char.cell)
    emit(state, "claim", {"char": char.cid, "item": action.item})


def do_take_carrots(state: State, action: TakeCarrots) -> None:
    """Pick up loose carrots from the cell, up to the carry limit."""
    char = state.chars[state.active]
    here = loose_at(state, char.cell)
    taken = min(here, state.config.carry_limit - char.carrots)
    set_loose(state, char.cell, here - taken)
    state.set_char(char.evolve(carrots=char.carrots + taken))
    state.free_used += 1
    emit(state, "take_carrots", {"char": char.cid, "carrots": taken})
