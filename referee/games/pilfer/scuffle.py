"""Scuffles (G33-G38): target choice, avoidance, pooled dice and results."""

from __future__ import annotations

from typing import Any

from referee.games.pilfer.ops import discard_token, send_home
from referee.games.pilfer.scoring import add_points
from referee.games.pilfer.state import ROSTER, Critter, Pending, Scuffle, State

Model = tuple[str, int]
"""A scuffle participant: ("critter", id), ("townsfolk", index) or ("token", id)."""

_KIND_RANK = {"townsfolk": 0, "dog": 1, "cat": 2, "critter": 3}
_TOKEN_DICE = {"cat": 1, "dog": 2}


def may_avoid(state: State, critter: Critter, x: int, y: int) -> bool:
    """Return whether a critter may avoid a scuffle in ``(x, y)`` (Turtle; Squirrel on tree)."""
    if critter.kind == "turtle":
        return True
    return critter.kind == "squirrel" and (x, y) in state.board.trees


def _critter_dice(critter: Critter) -> int:
    """Return a critter's scuffle dice: its dice value plus any +1 bonus (G5)."""
    dice, bonus, _ = ROSTER[critter.kind]
    return dice + bonus


def _dice(state: State, model: Model) -> int:
    """Return the scuffle dice of one participant (G5)."""
    kind, ident = model
    if kind == "critter":
        return _critter_dice(state.critters[ident - 1])
    if kind == "townsfolk":
        return state.config.townsfolk_dice
    return _TOKEN_DICE[state.kind_of(ident)]


def _target_key(state: State, model: Model, order: int) -> tuple[int, ...]:
    """Return the G34 sort key of a candidate target (smallest key is attacked)."""
    kind, ident = model
    if kind == "townsfolk":
        return (-state.config.townsfolk_dice, 0, 0, 0, ident)
    if kind == "token":
        token_kind = state.kind_of(ident)
        return (-_TOKEN_DICE[token_kind], _KIND_RANK[token_kind], 0, 0, order)
    critter = state.critters[ident - 1]
    after_active = (critter.owner - state.turn_seat - 1) % state.players
    size = ROSTER[critter.kind][0]
    return (-size, 3, -state.points[critter.owner], after_active, ident)


def _candidates(state: State, scuffle: Scuffle) -> list[Model]:
    """Return the eligible targets of the attacker in the scuffle cell (G33, G34, G40)."""
    x, y = scuffle.x, scuffle.y
    free = [c for c in state.critters_at(x, y) if not c.trapped and c.cid not in scuffle.avoided]
    if scuffle.by_townsfolk:
        return [("critter", c.cid) for c in free]
    owner = state.critters[scuffle.attacker - 1].owner
    models: list[Model] = [("townsfolk", t.num) for t in state.townsfolk_at(x, y)]
    for token in state.tokens.get((x, y), ()):
        if token in state.face_up and state.kind_of(token) in _TOKEN_DICE:
            models.append(("token", token))
    models.extend(("critter", c.cid) for c in free if c.owner != owner)
    return models


def choose_target(state: State, scuffle: Scuffle) -> Model | None:
    """Return the target by the largest-target rule and its tie-breaks, or None (G34)."""
    if scuffle.token:
        return ("token", scuffle.token)
    candidates = _candidates(state, scuffle)
    if not candidates:
        return None
    ranked = sorted((_target_key(state, m, i), m) for i, m in enumerate(candidates))
    return ranked[0][1]


def _side(state: State, principal: Model, scuffle: Scuffle) -> list[Model]:
    """Return the principal and its friends in the cell who add dice (G35)."""
    kind, ident = principal
    x, y = scuffle.x, scuffle.y
    if kind == "townsfolk":
        others = [("townsfolk", t.num) for t in state.townsfolk_at(x, y) if t.num != ident]
        return [principal, *others]
    if kind == "token":
        return [principal]
    owner = state.critters[ident - 1].owner
    helpers = [
        ("critter", c.cid)
        for c in state.critters_at(x, y)
        if c.owner == owner and c.cid != ident and not c.trapped and c.cid not in scuffle.avoided
    ]
    return [principal, *helpers]


def describe(state: State, model: Model) -> dict[str, Any]:
    """Return a JSON-ready description of a participant for events."""
    kind, ident = model
    if kind == "townsfolk":
        return {"model": "townsfolk", "id": state.townsfolk[ident].name}
    if kind == "token":
        return {"model": state.kind_of(ident), "id": ident}
    return {"model": "critter", "id": ident, "owner": state.critters[ident - 1].owner}


def handle_scuffle(state: State, scuffle: Scuffle) -> None:
    """Advance a scuffle frame: offer AVOID where allowed, else roll and apply the result."""
    if scuffle.stage == "mover":
        mover = state.critters[scuffle.attacker - 1]
        if may_avoid(state, mover, scuffle.x, scuffle.y):
            state.pending = Pending("avoid", mover.owner, (scuffle, mover.cid, "mover"))
            return
        scuffle = scuffle._replace(stage="target")
    target = choose_target(state, scuffle)
    if target is None:
        return
    if target[0] == "critter" and target[1] not in scuffle.declined:
        critter = state.critters[target[1] - 1]
        if may_avoid(state, critter, scuffle.x, scuffle.y):
            state.pending = Pending("avoid", critter.owner, (scuffle, critter.cid, "target"))
            return
    attacker: Model = ("townsfolk" if scuffle.by_townsfolk else "critter", scuffle.attacker)
    _resolve(state, scuffle, attacker, target)


def answer_avoid(state: State, pending: Pending, yes: bool) -> None:
    """Apply an AVOID answer: cancel, re-target or continue the scuffle (G36, G38)."""
    scuffle, cid, role = pending.data
    state.emit("avoid", {"critter": cid, "role": role, "choice": yes})
    if role == "mover":
        if not yes:
            state.stack.append(("scuffle", scuffle._replace(stage="target")))
        return
    if yes:
        scuffle = scuffle._replace(avoided=(*scuffle.avoided, cid))
    else:
        scuffle = scuffle._replace(declined=(*scuffle.declined, cid))
    state.stack.append(("scuffle", scuffle))


def _successes(dice: list[int], threshold: int) -> int:
    """Count dice showing at least ``threshold`` (G1)."""
    return sum(1 for die in dice if die >= threshold)


def _resolve(state: State, scuffle: Scuffle, attacker: Model, target: Model) -> None:
    """Roll both pools (attacker first, G3) and apply the result (G36 step 5)."""
    attackers = _side(state, attacker, scuffle)
    defenders = _side(state, target, scuffle)
    rng = state.draw_source()
    attack_dice = rng.dice(sum(_dice(state, m) for m in attackers))
    defend_dice = rng.dice(sum(_dice(state, m) for m in defenders))
    threshold = state.config.success_threshold
    attack_hits = _successes(attack_dice, threshold)
    defend_hits = _successes(defend_dice, threshold)
    if attack_hits == defend_hits:
        result = "tie"
    else:
        result = "attacker" if attack_hits > defend_hits else "defender"
    state.emit(
        "scuffle",
        {
            "x": scuffle.x,
            "y": scuffle.y,
            "attacker": describe(state, attacker),
            "defender": describe(state, target),
            "attacker_side": [describe(state, m) for m in attackers],
            "defender_side": [describe(state, m) for m in defenders],
            "attacker_dice": attack_dice,
            "defender_dice": defend_dice,
            "attacker_successes": attack_hits,
            "defender_successes": defend_hits,
            "result": result,
        },
    )
    if result == "attacker":
        _apply_loss(state, attackers[0], defenders, attack_hits - defend_hits)
    elif result == "defender":
        _apply_loss(state, defenders[0], attackers, defend_hits - attack_hits)


def _apply_loss(state: State, winner: Model, losers: list[Model], margin: int) -> None:
    """Apply the results table to the losing side (G35, G36, G37)."""
    principal = losers[0]
    hit = losers if state.config.group_loss == "all" else [principal]
    kind, ident = principal
    if kind == "critter":
        for _, cid in sorted(hit):
            send_home(state, state.critters[cid - 1], "scuffle")
        return
    pusher = state.critters[winner[1] - 1].owner
    if kind == "token":
        x, y = next(cell for cell, ids in state.tokens.items() if ident in ids)
        token_kind = state.kind_of(ident)
        discard_token(state, ident, x, y)
        add_points(state, pusher, 1, token_kind)
        return
    for _, index in sorted(hit, reverse=True):
        state.stack.append(("push", pusher, index, margin))
