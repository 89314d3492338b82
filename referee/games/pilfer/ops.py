"""Small state changes shared by several phases: blips, drops, going home, traps, discards."""

from __future__ import annotations

from referee.games.pilfer.state import Critter, Scuffle, State


def draw_token(state: State, x: int, y: int) -> int:
    """Deal the next bag token face down onto ``(x, y)``; return its id (G20)."""
    state.dealt += 1
    token = state.dealt
    state.set_tokens((x, y), (*state.tokens.get((x, y), ()), token))
    return token


def place_blip(state: State, x: int, y: int) -> None:
    """Place a new blip where a townsfolk just left, if the G25 conditions hold (G26)."""
    if state.dealt >= len(state.bag) or (x, y) in state.start_of:
        return
    if state.tokens.get((x, y)) or state.has_critter(x, y):
        return
    token = draw_token(state, x, y)
    state.emit("blip", {"token": token, "x": x, "y": y})


def remove_token(state: State, token: int, x: int, y: int) -> None:
    """Take ``token`` out of cell ``(x, y)``."""
    state.set_tokens((x, y), tuple(t for t in state.tokens[(x, y)] if t != token))


def discard_token(state: State, token: int, x: int, y: int) -> None:
    """Move a face-up token from the board to the public discard pile."""
    remove_token(state, token, x, y)
    state.discard = (*state.discard, token)
    state.emit("discard", {"token": token, "token_kind": state.kind_of(token), "x": x, "y": y})


def drop_carried(state: State, critter: Critter) -> Critter:
    """Drop a critter's food face up at the end of its cell's token list (G36); return it."""
    if not critter.carrying:
        return critter
    cell = (critter.x, critter.y)
    state.set_tokens(cell, (*state.tokens.get(cell, ()), *critter.carrying))
    state.emit(
        "drop",
        {"critter": critter.cid, "tokens": list(critter.carrying), "x": cell[0], "y": cell[1]},
    )
    return critter._replace(carrying=())


def send_home(state: State, critter: Critter, why: str) -> None:
    """Drop food and return the critter to its start space; end its activation if active."""
    critter = drop_carried(state, critter)
    hx, hy = state.start_cell(critter.owner)
    if critter.cid == state.active:
        state.active = 0
        critter = critter._replace(actions=0)
    state.set_critter(critter._replace(x=hx, y=hy))
    state.emit("sent_home", {"critter": critter.cid, "why": why, "x": hx, "y": hy})


def trap_critter(state: State, critter: Critter, token: int) -> None:
    """Spring trap ``token`` on ``critter`` (G29, G40)."""
    state.set_critter(critter._replace(trapped=token))
    state.emit("trapped", {"critter": critter.cid, "token": token})


def critter_scuffle(
    critter: Critter, x: int, y: int, token: int = 0, mover_may_avoid: bool = False
) -> tuple[str, Scuffle]:
    """Return a scuffle frame with ``critter`` as the attacker in ``(x, y)``."""
    stage = "mover" if mover_may_avoid else "target"
    return ("scuffle", Scuffle(x, y, False, critter.cid, token, stage, (), ()))


def townsfolk_scuffle(index: int, x: int, y: int) -> tuple[str, Scuffle]:
    """Return a scuffle frame with townsfolk ``index`` attacking the critters of ``(x, y)``."""
    return ("scuffle", Scuffle(x, y, True, index, 0, "target", (), ()))
