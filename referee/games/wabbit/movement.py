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
from referee.games.wabbit.board import DIRECTIONS, MAILBOX
from referee.games.wabbit.items import is_vehicle
from referee.games.wabbit.queries import (
    empty_holes_from,
    enter_cost,
    items_at,
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


def step_targets(state: State, char: Char) -> list[tuple[str, int, int]]:
    """Return ``(direction, cell, cost)`` for each adjacent cell the character may enter now."""
    result: list[tuple[str, int, int]] = []
    mp = state.mp
    if mp <= 0:  # every step costs at least 1 MP
        return result
    for d, cell in state.geometry.neighbors[char.cell]:
        cost = enter_cost(state, char, cell)
        if 0 < cost <= mp:
            result.append((DIRECTIONS[d][0], cell, cost))
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
    result: list[PickUp | Drop | Claim | TakeCarrots] = []
    for item in items_at(state, char.cell):
        if may_hold(state, item, char.cell):
            result.append(pick_up_action(item))
    for held in (char.weapon, char.vehicle):
        if held is not None:
            result.append(drop_action(held))
    if char.cell in (MAILBOX, char.home):
        for item in state.parcel[char.seat]:
            if may_hold(state, item, char.cell):
                result.append(claim_action(item))
    if loose_at(state, char.cell) and char.carrots < state.config.carry_limit:
        result.append(take_carrots_action())
    return result


def move_actions(state: State) -> list[object]:
    """Return the move-step options (card plays are added by the caller)."""
    char = state.chars[state.active]
    options: list[object] = [move_action(d) for d, _, _ in step_targets(state, char)]
    options.extend(tunnel_action(hole) for hole in permanent_tunnel_exits(state, char))
    options.extend(free_actions(state, char))
    options.append(end_move_action())
    return options


def do_move(state: State, action: Move) -> None:
    """Enter the adjacent cell: pay MP, plough if due, mark the character as moved (H9)."""
    char = state.chars[state.active]
    d = action.direction
    cell = next(n for i, n in state.geometry.neighbors[char.cell] if DIRECTIONS[i][0] == d)
    cost = enter_cost(state, char, cell)
    ploughs = plough_here(state, char, cell)
    state.mp -= cost
    state.moved = True
    state.set_char(char.at(cell))
    emit(state, "move", char=char.cid, direction=d, mp_left=state.mp, **cell_json(cell))
    if ploughs:
        state.ploughed = state.ploughed | {cell}
        state.add_vp(char.seat, PLOUGH, state.config.plough_vp)
        emit(state, "plough", char=char.cid, points=state.config.plough_vp, **cell_json(cell))


def tunnel_to(state: State, hole: int, cost: int) -> None:
    """Move the moving character into another hole for ``cost`` MP; it counts as moving (H9).

    The *Tunnel* card costs 0 MP; a V1 permanent tunnel costs 2.
    """
    char = state.chars[state.active]
    state.mp -= cost
    state.moved = True
    state.set_char(char.evolve(cell=hole))
    emit(state, "tunnel", char=char.cid, **cell_json(hole))


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
        emit(state, "drop", char=char.cid, item=old, **cell_json(drop_cell))
    state.set_char(char)
    return char


def do_pick_up(state: State, action: PickUp) -> None:
    """Pick up an item from the character's cell."""
    char = state.chars[state.active]
    take_item(state, action.item)
    state.free_used += 1
    hold(state, char, action.item, char.cell)
    emit(state, "pick_up", char=char.cid, item=action.item, **cell_json(char.cell))


def do_drop(state: State, action: Drop) -> None:
    """Drop a held item on the character's cell."""
    char = state.chars[state.active]
    empty_hand = {"weapon": None} if char.weapon == action.item else {"vehicle": None}
    char = char.evolve(**empty_hand)
    state.set_char(char)
    put_item(state, action.item, char.cell)
    state.free_used += 1
    emit(state, "drop", char=char.cid, item=action.item, **cell_json(char.cell))


def do_claim(state: State, action: Claim) -> None:
    """Take an item from the player's Parcel (on the Mailbox or the character's home)."""
    char = state.chars[state.active]
    parcels = list(state.parcel)
    parcels[char.seat] = tuple(i for i in parcels[char.seat] if i != action.item)
    state.parcel = tuple(parcels)
    state.free_used += 1
    hold(state, char, action.item, char.cell)
    emit(state, "claim", char=char.cid, item=action.item)


def do_take_carrots(state: State, action: TakeCarrots) -> None:
    """Pick up loose carrots from the cell, up to the carry limit."""
    char = state.chars[state.active]
    here = loose_at(state, char.cell)
    taken = min(here, state.config.carry_limit - char.carrots)
    set_loose(state, char.cell, here - taken)
    state.set_char(char.evolve(carrots=char.carrots + taken))
    state.free_used += 1
    emit(state, "take_carrots", char=char.cid, carrots=taken)
