"""Setup buys, the turn structure and the MAIN menu: BUY, UPGRADE, ACTIVATE, END_TURN."""

from __future__ import annotations

from referee.games.pilfer.actions import (
    Action,
    activate_action,
    buy_action,
    upgrade_action,
)
from referee.games.pilfer.scoring import end_game, spend
from referee.games.pilfer.state import CRITTER_TYPES, ROSTER, Critter, State

_TOP_COST = max(dice for dice, _, _ in ROSTER.values())
_BUYS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(buy_action(kind) for kind in CRITTER_TYPES if ROSTER[kind][0] <= points)
    for points in range(_TOP_COST + 1)
)
"""The BUY actions affordable with 0, 1, ... points, up to the dearest critter's cost."""


def buys(state: State, seat: int) -> list[Action]:
    """Return the affordable BUY actions while under the critter cap (G7, G15, G45)."""
    points = state.points[seat]
    if points <= 0 or [c.owner for c in state.critters].count(seat) >= state.config.max_critters:
        return []
    return list(_BUYS[min(points, _TOP_COST)])


def upgrades(state: State, seat: int) -> list[Action]:
    """Return UPGRADE actions for own critters in the start space (G44)."""
    points = state.points[seat]
    result: list[Action] = []
    if points <= 0:  # every upgrade costs at least one point
        return result
    hx, hy = state.start_cell(seat)
    for critter in state.critters:
        if critter.owner != seat or critter.x != hx or critter.y != hy:
            continue
        dice = ROSTER[critter.kind][0]
        for kind in CRITTER_TYPES:
            if dice < ROSTER[kind][0] <= dice + points:
                result.append(upgrade_action(critter.cid, kind))
    return result


def purchases(state: State, seat: int) -> list[Action]:
    """Return the BUY and then the UPGRADE actions of the MAIN and ACTIVATION menus."""
    return [*buys(state, seat), *upgrades(state, seat)]


def activations(state: State, seat: int) -> list[Action]:
    """Return ACTIVATE actions for own critters not yet activated this turn (G15, G46); a loop,
    not a comprehension, as it runs at every MAIN menu."""
    result: list[Action] = []
    for critter in state.critters:
        if critter.owner == seat and not critter.activated:
            result.append(activate_action(critter.cid))
    return result


def do_buy(state: State, seat: int, kind: str) -> None:
    """Buy a critter into the start space, not yet activated (G45)."""
    dice, _, allowance = ROSTER[kind]
    spend(state, seat, dice)
    x, y = state.start_cell(seat)
    cid = len(state.critters) + 1
    state.critters.append(Critter(cid, seat, kind, x, y, allowance, False, 0, ()))
    state.emit("buy", {"seat": seat, "critter": cid, "critter_type": kind, "cost": dice})


def do_upgrade(state: State, seat: int, cid: int, kind: str) -> None:
    """Upgrade a critter, keeping its id, activation status and actions left (G44)."""
    critter = state.critters[cid - 1]
    cost = ROSTER[kind][0] - ROSTER[critter.kind][0]
    spend(state, seat, cost)
    state.set_critter(critter._replace(kind=kind))
    state.emit(
        "upgrade",
        {
            "seat": seat,
            "critter": cid,
            "from_type": critter.kind,
            "critter_type": kind,
            "cost": cost,
        },
    )


def do_activate(state: State, cid: int) -> None:
    """Start an activation: the critter becomes the active one (G46)."""
    critter = state.critters[cid - 1]
    state.set_critter(critter.with_actions(critter.actions, True))
    state.active = cid
    state.emit("activate", {"critter": cid, "actions": critter.actions})


def end_activation(state: State) -> None:
    """End the current activation; unused actions are lost (G46)."""
    critter = state.critters[state.active - 1]
    state.set_critter(critter.with_actions(0, critter.activated))
    state.active = 0


def start_turn(state: State, seat: int) -> None:
    """Refresh the seat's critters and queue its townsfolk moves and the cars phase (G23)."""
    state.turn_seat = seat
    state.turn_decisions = 0
    state.active = 0
    critters = state.critters
    for index, critter in enumerate(critters):
        if critter.owner == seat:
            critters[index] = critter.with_actions(ROSTER[critter.kind][2], False)
    state.emit("turn_start", {"seat": seat, "round": state.round})
    if state.board.lanes:
        state.stack.append(("cars",))
    for folk in reversed(state.townsfolk):  # the lowest id spins first
        if folk.controller == seat and not folk.out:
            state.stack.append(("spin", folk.num))


def end_turn(state: State) -> None:
    """Finish the turn; start the next seat's, or end the game at the round cap (G14, G22)."""
    seat = state.turn_seat
    critters = state.critters
    for index, critter in enumerate(critters):
        if critter.owner == seat:
            critters[index] = critter.with_actions(0, False)
    state.emit("turn_end", {"seat": seat, "round": state.round})
    if seat + 1 < state.players:
        start_turn(state, seat + 1)
        return
    if state.round >= state.config.max_rounds:
        end_game(state, "round_cap")
        return
    state.round += 1
    start_turn(state, 0)


def finish_setup_seat(state: State) -> None:
    """Pass setup buying to the next seat, or begin round 1 with seat 0 (G9)."""
    if state.turn_seat + 1 < state.players:
        state.turn_seat += 1
        return
    state.phase = "play"
    state.round = 1
    start_turn(state, 0)
