"""A critter's actions: MOVE, PICK_UP, OPEN and SNIFF (G10-G12, G27, G30-G32, G40-G43)."""

from __future__ import annotations

from referee.games.pilfer.actions import (
    Action,
    Open,
    move_action,
    open_action,
    pick_up_action,
    sniff_action,
)
from referee.games.pilfer.geometry import cell_facts
from referee.games.pilfer.maps import edge
from referee.games.pilfer.ops import critter_scuffle, discard_token, remove_token
from referee.games.pilfer.scoring import add_points
from referee.games.pilfer.state import DIAGONAL_MOVERS, DIRECTIONS, ROSTER, Critter, Pending, State

FOOD_VALUES: dict[str, int] = {"food_1": 1, "food_2": 2, "food_3": 3}
"""The value of each food kind (other kinds are worth nothing)."""
STAY = move_action("STAY")


def _food_value(kind: str) -> int:
    """Return the value of a food kind (``food_2`` -> 2), 0 for other kinds."""
    return FOOD_VALUES.get(kind, 0)


def critter_actions(state: State, critter: Critter) -> list[Action]:
    """Return the action-costing choices of the active critter (trapped: only its trap), in
    menu order: its steps (G17, G19, G31), STAY when the cell holds a target (G32), PICK_UPs of
    face-up food it may carry and sparklies (G11, G12), OPENs of traps holding others,
    face-up dumpsters and closed walls (G40-G43), SNIFFs of face-down tokens within one cell,
    diagonals included (G30).

    The menu is listed at nearly every decision, so the cell's critters and tokens are each
    read once, in loops rather than calls, and its steps, walls and reach come from the
    scenario's table of cell facts.
    """
    if critter.trapped:
        return [open_action("trap", critter.trapped)]
    x, y = critter.x, critter.y
    cell = (x, y)
    owner = critter.owner
    facts = cell_facts(state.board.scenario)[cell]
    start_of = state.start_of
    openings = state.openings
    weasel = critter.kind == "weasel"
    result: list[Action] = []
    for move, target, wall in facts.all_steps if critter.kind in DIAGONAL_MOVERS else facts.steps:
        if start_of.get(target, owner) == owner and (wall is None or weasel or wall in openings):
            result.append(move)
    stay = state.has_townsfolk(x, y)
    traps: list[Action] = []
    for other in state.critters:
        if other.x == x and other.y == y:
            if other.trapped:
                traps.append(open_action("trap", other.trapped))
            elif other.owner != owner:
                stay = True
    tokens = state.tokens
    face_up = state.face_up
    picks: list[Action] = []
    dumpsters: list[Action] = []
    here = tokens.get(cell, ())
    if here:
        bag = state.bag
        room = len(critter.carrying) < state.config.carry_limit
        dice = ROSTER[critter.kind][0]
        for token in here:
            if token not in face_up:
                continue
            kind = bag[token - 1]
            if kind == "cat" or kind == "dog":
                stay = True
            elif kind == "sparkly":
                picks.append(pick_up_action(token, kind))
            elif kind == "dumpster":
                dumpsters.append(open_action("dumpster", token))
            elif room and 0 < FOOD_VALUES.get(kind, 0) <= dice:
                picks.append(pick_up_action(token, kind))
    if stay:
        result.append(STAY)
    result += picks
    result += traps
    result += dumpsters
    for _, wall, action in facts.walls:
        if wall not in openings:
            result.append(action)
    for near in facts.reach:
        for token in tokens.get(near, ()):
            if token not in face_up:
                result.append(sniff_action(token))
    return result


def _deliver(state: State, critter: Critter) -> None:
    """Score carried food on entering the own start space; the food is discarded (G10)."""
    state.set_critter(critter._replace(carrying=()))
    for token in critter.carrying:
        state.discard = (*state.discard, token)
        value = _food_value(state.kind_of(token))
        state.emit("deliver", {"critter": critter.cid, "token": token, "value": value})
        add_points(state, critter.owner, value, "food")
        if state.phase == "over":
            return


def do_move(state: State, critter: Critter, direction: str) -> None:
    """MOVE: spend one of the critter's actions and step (delivering food at home), queueing
    entry scuffles and reveals (G27, G33); STAY scuffles in place (G32)."""
    actions = critter.actions - 1
    if direction == "STAY":
        critter = critter.with_actions(actions, critter.activated)
        state.set_critter(critter)
        state.emit(
            "move", {"critter": critter.cid, "direction": "STAY", "x": critter.x, "y": critter.y}
        )
        state.stack.append(critter_scuffle(critter, critter.x, critter.y))
        return
    dx, dy = DIRECTIONS[direction]
    x, y = critter.x + dx, critter.y + dy
    critter = critter.moved(x, y, actions)
    state.set_critter(critter)
    state.emit("move", {"critter": critter.cid, "direction": direction, "x": x, "y": y})
    if state.start_of.get((x, y)) == critter.owner:  # its own start space
        if critter.carrying:
            _deliver(state, critter)
        return
    state.stack.append(("reveal", critter.cid, x, y))
    if state.has_townsfolk(x, y) or state.has_face_up_guard(x, y):
        state.stack.append(critter_scuffle(critter, x, y, mover_may_avoid=True))
    elif state.has_free_enemy(x, y, critter.owner):
        state.stack.append(("optional", critter.cid, x, y))


def do_pick_up(state: State, critter: Critter, token: int) -> None:
    """PICK_UP: carry a food token, or score a sparkly at once (G11, G12)."""
    kind = state.kind_of(token)
    state.emit("pick_up", {"critter": critter.cid, "token": token, "token_kind": kind})
    if kind == "sparkly":
        discard_token(state, token, critter.x, critter.y)
        add_points(state, critter.owner, 1, "sparkly")
        return
    remove_token(state, token, critter.x, critter.y)
    state.set_critter(critter._replace(carrying=(*critter.carrying, token)))


def _roll_open(state: State, critter: Critter, target: str) -> bool:
    """Roll the critter's base dice for an OPEN (a Raccoon succeeds without rolling, G3)."""
    if critter.kind == "raccoon":
        state.emit(
            "open_roll", {"critter": critter.cid, "target": target, "dice": [], "success": True}
        )
        return True
    dice = state.draw_source().dice(ROSTER[critter.kind][0])
    success = any(die >= state.config.success_threshold for die in dice)
    state.emit(
        "open_roll", {"critter": critter.cid, "target": target, "dice": dice, "success": success}
    )
    return success


def do_open(state: State, critter: Critter, action: Open) -> None:
    """OPEN a trap (+1, frees its critter), a dumpster (G42) or a wall edge (G43)."""
    if not _roll_open(state, critter, action.target):
        return
    if action.target == "wall":
        dx, dy = DIRECTIONS[action.wall]
        opening = edge((critter.x, critter.y), (critter.x + dx, critter.y + dy))
        state.openings = state.openings | {opening}
        state.emit("opening", {"x": critter.x, "y": critter.y, "wall": action.wall})
    elif action.target == "trap":
        held = next(c for c in state.critters if c.trapped == action.token)
        state.set_critter(held._replace(trapped=0))
        state.emit("freed", {"critter": held.cid, "token": action.token})
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
    state.emit("sniff", {"seat": seat, "critter": critter.cid, "token": token})
    state.emit(
        "sniff_result",
        {"seat": seat, "token": token, "token_kind": state.kind_of(token)},
        frozenset({seat}),
    )
