"""A critter's actions: MOVE, PICK_UP, OPEN and SNIFF (G10-G12, G27, G30-G32, G40-G43)."""

from __future__ import annotations

import functools

from referee.games.pilfer.actions import (
    Action,
    Open,
    move_action,
    open_action,
    pick_up_action,
    sniff_action,
)
from referee.games.pilfer.geometry import closed_walls, critter_steps
from referee.games.pilfer.maps import Cell, edge
from referee.games.pilfer.ops import critter_scuffle, discard_token, remove_token
from referee.games.pilfer.scoring import add_points
from referee.games.pilfer.state import DIRECTIONS, ROSTER, Critter, Pending, State


def _food_value(kind: str) -> int:
    """Return the value of a food kind (``food_2`` -> 2), 0 for other kinds."""
    return int(kind[5:]) if kind.startswith("food_") else 0


def _has_stay_target(state: State, critter: Critter, here: list[Critter]) -> bool:
    """Return whether MOVE(STAY) has an eligible target in the critter's cell (G32); ``here``
    holds the critters of that cell."""
    x, y = critter.x, critter.y
    if state.townsfolk_at(x, y):
        return True
    for token in state.tokens.get((x, y), ()):
        if token in state.face_up and state.kind_of(token) in ("cat", "dog"):
            return True
    return any(c.owner != critter.owner and not c.trapped for c in here)


def _pick_ups(state: State, critter: Critter) -> list[Action]:
    """Return PICK_UP actions: face-up food it may carry, and face-up sparkly tokens."""
    result: list[Action] = []
    room = len(critter.carrying) < state.config.carry_limit
    dice = ROSTER[critter.kind][0]
    for token in state.tokens.get((critter.x, critter.y), ()):
        if token not in state.face_up:
            continue
        kind = state.kind_of(token)
        value = _food_value(kind)
        if kind == "sparkly" or (value and room and value <= dice):
            result.append(pick_up_action(token, kind))
    return result


def _opens(state: State, critter: Critter, here: list[Critter]) -> list[Action]:
    """Return OPEN actions: traps holding others, face-up dumpsters, closed walls (G40-G43);
    ``here`` holds the critters of the critter's cell."""
    x, y = critter.x, critter.y
    result: list[Action] = [
        open_action("trap", other.trapped)
        for other in here
        if other.trapped and other.cid != critter.cid
    ]
    for token in state.tokens.get((x, y), ()):
        if token in state.face_up and state.kind_of(token) == "dumpster":
            result.append(open_action("dumpster", token))
    result.extend(open_action("wall", wall=direction) for direction in closed_walls(state, x, y))
    return result


def _sniffs(state: State, critter: Critter) -> list[Action]:
    """Return SNIFF actions for face-down tokens within one cell, diagonals included (G30)."""
    result: list[Action] = []
    tokens = state.tokens
    face_up = state.face_up
    for cell in _within_one(critter.x, critter.y):
        for token in tokens.get(cell, ()):
            if token not in face_up:
                result.append(sniff_action(token))
    return result


@functools.cache
def _within_one(x: int, y: int) -> tuple[Cell, ...]:
    """Return the nine cells within one of ``(x, y)``, diagonals included, row by row."""
    return tuple((x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))


def critter_actions(state: State, critter: Critter) -> list[Action]:
    """Return the action-costing choices of the active critter (trapped: only its trap)."""
    if critter.trapped:
        return [open_action("trap", critter.trapped)]
    result: list[Action] = [move_action(d) for d in critter_steps(state, critter)]
    here = state.critters_at(critter.x, critter.y)
    if _has_stay_target(state, critter, here):
        result.append(move_action("STAY"))
    result.extend(_pick_ups(state, critter))
    result.extend(_opens(state, critter, here))
    result.extend(_sniffs(state, critter))
    return result


def _deliver(state: State, critter: Critter) -> None:
    """Score carried food on entering the own start space; the food is discarded (G10)."""
    state.set_critter(critter._replace(carrying=()))
    for token in critter.carrying:
        state.discard = (*state.discard, token)
        value = _food_value(state.kind_of(token))
        state.emit("deliver", critter=critter.cid, token=token, value=value)
        add_points(state, critter.owner, value, "food")
        if state.phase == "over":
            return


def do_move(state: State, critter: Critter, direction: str) -> None:
    """MOVE: step (delivering food at home) and queue entry scuffles and reveals (G27, G33)."""
    if direction == "STAY":
        state.emit("move", critter=critter.cid, direction="STAY", x=critter.x, y=critter.y)
        state.stack.append(critter_scuffle(critter, critter.x, critter.y))
        return
    dx, dy = DIRECTIONS[direction]
    x, y = critter.x + dx, critter.y + dy
    critter = critter.at(x, y)
    state.set_critter(critter)
    state.emit("move", critter=critter.cid, direction=direction, x=x, y=y)
    if (x, y) == state.start_cell(critter.owner):
        if critter.carrying:
            _deliver(state, critter)
        return
    state.stack.append(("reveal", critter.cid, x, y))
    forced = bool(state.townsfolk_at(x, y)) or any(
        t in state.face_up and state.kind_of(t) in ("cat", "dog")
        for t in state.tokens.get((x, y), ())
    )
    if forced:
        state.stack.append(critter_scuffle(critter, x, y, mover_may_avoid=True))
    elif any(c.owner != critter.owner and not c.trapped for c in state.critters_at(x, y)):
        state.stack.append(("optional", critter.cid, x, y))


def do_pick_up(state: State, critter: Critter, token: int) -> None:
    """PICK_UP: carry a food token, or score a sparkly at once (G11, G12)."""
    kind = state.kind_of(token)
    state.emit("pick_up", critter=critter.cid, token=token, token_kind=kind)
    if kind == "sparkly":
        discard_token(state, token, critter.x, critter.y)
        add_points(state, critter.owner, 1, "sparkly")
        return
    remove_token(state, token, critter.x, critter.y)
    state.set_critter(critter._replace(carrying=(*critter.carrying, token)))


def _roll_open(state: State, critter: Critter, target: str) -> bool:
    """Roll the critter's base dice for an OPEN (a Raccoon succeeds without rolling, G3)."""
    if critter.kind == "raccoon":
        state.emit("open_roll", critter=critter.cid, target=target, dice=[], success=True)
        return True
    dice = state.rng.dice(ROSTER[critter.kind][0])
    success = any(die >= state.config.success_threshold for die in dice)
    state.emit("open_roll", critter=critter.cid, target=target, dice=dice, success=success)
    return success


def do_open(state: State, critter: Critter, action: Open) -> None:
    """OPEN a trap (+1, frees its critter), a dumpster (G42) or a wall edge (G43)."""
    if not _roll_open(state, critter, action.target):
        return
    if action.target == "wall":
        dx, dy = DIRECTIONS[action.wall]
        opening = edge((critter.x, critter.y), (critter.x + dx, critter.y + dy))
        state.openings = state.openings | {opening}
        state.emit("opening", x=critter.x, y=critter.y, wall=action.wall)
    elif action.target == "trap":
        held = next(c for c in state.critters if c.trapped == action.token)
        state.set_critter(held._replace(trapped=0))
        state.emit("freed", critter=held.cid, token=action.token)
        discard_token(state, action.token, critter.x, critter.y)
        add_points(state, critter.owner, 1, "trap")
    elif state.discard:
        state.pending = Pending("dumpster_take", critter.owner, (critter.cid, action.token))


def do_sniff(state: State, critter: Critter, token: int) -> None:
    """SNIFF: tell everyone who sniffed which token; tell only the sniffer what it is (G30)."""
    seat = critter.owner
    known = list(state.known)
    known[seat] = known[seat] | {token}
    state.known = tuple(known)
    state.sniffs = (*state.sniffs, (seat, token))
    state.emit("sniff", seat=seat, critter=critter.cid, token=token)
    state.emit(
        "sniff_result", frozenset({seat}), seat=seat, token=token, token_kind=state.kind_of(token)
    )
