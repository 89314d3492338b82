"""Encounter tokens: reveals (G27-G29), their effects, and the dumpster swap (G42)."""

from __future__ import annotations

from referee.games.pilfer.ops import critter_scuffle, discard_token, trap_critter
from referee.games.pilfer.state import Critter, Pending, State
from referee.games.pilfer.townsfolk import fire_alarm


def token_cell(state: State, token: int) -> tuple[int, int]:
    """Return the cell of a token on the board."""
    return next(cell for cell, ids in state.tokens.items() if token in ids)


def handle_discard(state: State, token: int) -> None:
    """Discard a face-up token still on the board (the alarm after its scuffles, G41)."""
    x, y = token_cell(state, token)
    discard_token(state, token, x, y)


def handle_reveal(state: State, cid: int, x: int, y: int) -> None:
    """Reveal the next face-down token of the mover's cell, while it is there and free (G28)."""
    critter = state.critters[cid - 1]
    if critter.x != x or critter.y != y or critter.trapped:
        return
    face_up = state.face_up
    for token in state.tokens.get((x, y), ()):
        if token not in face_up:
            break
    else:  # nothing face down is left here
        return
    state.face_up = state.face_up | {token}
    state.emit(
        "reveal",
        {"token": token, "token_kind": state.kind_of(token), "x": x, "y": y, "critter": cid},
    )
    state.stack.append(("reveal", cid, x, y))
    resolve_revealed(state, critter, token, deliberate=False)


def resolve_revealed(state: State, critter: Critter, token: int, deliberate: bool) -> None:
    """Apply a token just revealed by ``critter`` (or swapped in by it when ``deliberate``)."""
    kind = state.kind_of(token)
    if kind in ("cat", "dog"):
        state.stack.append(
            critter_scuffle(critter, critter.x, critter.y, token, mover_may_avoid=not deliberate)
        )
    elif kind == "trap":
        trap_critter(state, critter, token)
    elif kind == "alarm":
        fire_alarm(state, (critter.x, critter.y), token)


def dumpster_choices(state: State) -> list[int]:
    """Return one discarded token per kind (the earliest discarded), in discard order."""
    seen: set[str] = set()
    choices = []
    for token in state.discard:
        kind = state.kind_of(token)
        if kind not in seen:
            seen.add(kind)
            choices.append(token)
    return choices


def answer_dumpster(state: State, pending: Pending, token: int) -> None:
    """Swap the dumpster for a discarded token, which acts as just revealed; 0 declines (G42)."""
    cid, dumpster = pending.data
    if not token:
        state.emit("dumpster_decline", {"critter": cid, "dumpster": dumpster})
        return
    cell = token_cell(state, dumpster)
    state.set_tokens(cell, tuple(token if t == dumpster else t for t in state.tokens[cell]))
    state.discard = (*tuple(t for t in state.discard if t != token), dumpster)
    state.face_up = state.face_up | {token}
    state.emit(
        "dumpster_swap",
        {
            "critter": cid,
            "dumpster": dumpster,
            "token": token,
            "token_kind": state.kind_of(token),
            "x": cell[0],
            "y": cell[1],
        },
    )
    resolve_revealed(state, state.critters[cid - 1], token, deliberate=True)
