"""What a seat may know: ``observe`` and ``static_map`` (JSON-ready; mirrored by a proto schema).

All values are dict, list, str, int, bool or None; coordinates are ints (x west->east,
y north->south, 0..11); enums are lower_snake_case strings.

observe(state, seat) keys:

- ``scenario`` str: "raid" | "cars" | "driven_out".
- ``viewer`` int | None: the observing seat (None for a spectator).
- ``players`` int: number of seats.
- ``phase`` str: "setup" | "play" | "over".
- ``decision`` str | None: the decision being asked: "setup_buy", "main", "activation",
  "redirect", "avoid", "optional_scuffle", "push_step", "dumpster_take" (None when over).
- ``to_move`` int | None: the seat that owns that decision.
- ``round`` int: 0 during setup, then 1..max_rounds.
- ``turn_seat`` int: whose turn it is (the setup buyer during setup).
- ``turn_decisions`` int, ``decision_cap`` int: decisions used this turn and the G15 cap.
- ``active_critter`` int | None: id of the critter being activated.
- ``seats`` list of {``seat`` int, ``color`` str, ``start_x`` int, ``start_y`` int,
  ``points`` int (current), ``gross`` int (earned, start points excluded), ``spent`` int}.
- ``critters`` list of {``id`` int, ``owner`` int, ``type`` str, ``x`` int, ``y`` int,
  ``actions_left`` int, ``activated`` bool, ``trapped`` bool, ``trap_token`` int | None,
  ``carrying`` list of {``id`` int, ``kind`` str}} (carried food is public).
- ``townsfolk`` list of {``id`` str ("red-1"), ``color`` str, ``controller`` int, ``x`` int,
  ``y`` int, ``driven_out`` bool} in ascending id order.
- ``tokens`` list of board tokens {``id`` int, ``x`` int, ``y`` int, ``face_up`` bool,
  ``kind`` str | None, ``sniffed`` bool}: ``kind`` is set when face up or sniffed by the
  viewer; ``sniffed`` tells whether the viewer knows it privately.
- ``discard`` list of {``id`` int, ``kind`` str}: the public discard pile, oldest first.
- ``bag_count`` int: tokens left in the blip supply.
- ``openings`` list of {``x1``, ``y1``, ``x2``, ``y2`` int}: opened wall edges.
- ``sniffs`` list of {``seat`` int, ``token`` int}: the public sniff log.
- ``pending`` dict | None: context of a reactive decision, with ``kind`` and ``seat`` and
    redirect: ``townsfolk`` str, ``options`` list of {``x``, ``y``};
    avoid: ``critter`` int, ``role`` ("mover" | "target"), ``x``, ``y``;
    optional_scuffle: ``critter`` int, ``x``, ``y``;
    push_step: ``townsfolk`` str, ``steps_left`` int, ``directions`` list of str;
    dumpster_take: ``critter`` int, ``dumpster`` int.
- ``end_reason`` str | None: "win_points" | "round_cap" | "all_driven_out".
- ``winner`` int | None: the seat that won instantly on points, else None.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.base import IdentityMemo, JsonValue
from referee.games.pilfer.flow import decision_kind, to_move
from referee.games.pilfer.maps import COLORS, Cell
from referee.games.pilfer.state import Pending, State, Townsfolk


def _xy(cell: Cell) -> dict[str, int]:
    """Return a cell as ``{"x", "y"}``."""
    return {"x": cell[0], "y": cell[1]}


def _seats(state: State) -> list[JsonValue]:
    """Return per-seat colors, start spaces and scores."""
    result: list[JsonValue] = []
    for seat in range(state.players):
        x, y = state.start_cell(seat)
        result.append(
            {
                "seat": seat,
                "color": COLORS[state.colors[seat]],
                "start_x": x,
                "start_y": y,
                "points": state.points[seat],
                "gross": state.gross[seat],
                "spent": state.spent[seat],
            }
        )
    return result


def _critters(state: State) -> list[JsonValue]:
    """Return every critter (all public)."""
    return [
        {
            "id": c.cid,
            "owner": c.owner,
            "type": c.kind,
            "x": c.x,
            "y": c.y,
            "actions_left": c.actions,
            "activated": c.activated,
            "trapped": bool(c.trapped),
            "trap_token": c.trapped or None,
            "carrying": [{"id": t, "kind": state.kind_of(t)} for t in c.carrying],
        }
        for c in state.critters
    ]


def _townsfolk(townsfolk: tuple[Townsfolk, ...]) -> list[JsonValue]:
    """Return every townsfolk (all public)."""
    return [
        {
            "id": t.name,
            "color": COLORS[t.color],
            "controller": t.controller,
            "x": t.x,
            "y": t.y,
            "driven_out": t.out,
        }
        for t in townsfolk
    ]


TOWNSFOLK = IdentityMemo(_townsfolk)
"""The townsfolk, made once per tuple of records (replaced whole when one changes)."""


def sorted_tokens(tokens: Mapping[Cell, tuple[int, ...]]) -> tuple[Any, ...]:
    """Return a token table as an ordered tuple of (cell, token ids) pairs."""
    return tuple(sorted(tokens.items()))


BOARD_TOKENS = IdentityMemo(sorted_tokens)
"""A token table in cell order, made once per table (copies of a state share their table)."""


def _tokens(state: State, seat: int | None) -> list[JsonValue]:
    """Return board tokens; face-down identities only where ``seat`` sniffed them (the same
    list while none of that changes)."""
    known = state.known[seat] if seat is not None else NOTHING_SNIFFED
    tokens: list[JsonValue] = SEEN_TOKENS(state.tokens, state.face_up, known, state.bag)
    return tokens


def _seen_tokens(
    tokens: Mapping[Cell, tuple[int, ...]],
    face_up: frozenset[int],
    known: frozenset[int],
    bag: tuple[str, ...],
) -> list[JsonValue]:
    """Return the board tokens of a token table as a seat that knows ``known`` sees them."""
    result: list[JsonValue] = []
    for (x, y), ids in BOARD_TOKENS(tokens):
        for token in ids:
            if token in face_up:
                shown, kind, sniffed = True, bag[token - 1], False
            elif token in known:
                shown, kind, sniffed = False, bag[token - 1], True
            else:
                shown, kind, sniffed = False, None, False
            result.append(
                {"id": token, "x": x, "y": y, "face_up": shown, "kind": kind, "sniffed": sniffed}
            )
    return result


NOTHING_SNIFFED: frozenset[int] = frozenset()
"""What a spectator knows of the face-down tokens: one object, so its view is made once too."""
SEEN_TOKENS = IdentityMemo(_seen_tokens)
"""A seat's view of the board tokens, made once per token table, face-up set, what the seat
sniffed and bag: the same list while those stay (observations are read-only)."""


def _sniffs(sniffs: tuple[tuple[int, int], ...]) -> list[JsonValue]:
    """Return the public sniff log."""
    return [{"seat": seat, "token": token} for seat, token in sniffs]


SNIFFS = IdentityMemo(_sniffs)
"""The sniff log, made once per log (it grows by a new tuple)."""


def _pending(state: State, pending: Pending | None) -> dict[str, JsonValue] | None:
    """Return the public context of a reactive decision."""
    if pending is None:
        return None
    data = pending.data
    context: dict[str, Any] = {"kind": pending.kind, "seat": pending.seat}
    if pending.kind == "redirect":
        context["townsfolk"] = state.townsfolk[data[0]].name
        context["options"] = [_xy(cell) for cell in data[1]]
    elif pending.kind == "avoid":
        scuffle, cid, role = data
        context.update(critter=cid, role=role, x=scuffle.x, y=scuffle.y)
    elif pending.kind == "optional_scuffle":
        context.update(critter=data[0], x=data[1], y=data[2])
    elif pending.kind == "push_step":
        context.update(
            townsfolk=state.townsfolk[data[0]].name, steps_left=data[1], directions=list(data[2])
        )
    else:
        context.update(critter=data[0], dumpster=data[1])
    return context


def observe(state: State, seat: int | None) -> dict[str, JsonValue]:
    """Return what ``seat`` may know (``None``: a spectator); see the module docstring."""
    return {
        "scenario": state.config.scenario,
        "viewer": seat,
        "players": state.players,
        "phase": state.phase,
        "decision": decision_kind(state),
        "to_move": to_move(state),
        "round": state.round,
        "turn_seat": state.turn_seat,
        "turn_decisions": state.turn_decisions,
        "decision_cap": state.config.turn_decision_cap,
        "active_critter": state.active or None,
        "seats": _seats(state),
        "critters": _critters(state),
        "townsfolk": TOWNSFOLK(state.townsfolk),
        "tokens": _tokens(state, seat),
        "discard": [{"id": t, "kind": state.kind_of(t)} for t in state.discard],
        "bag_count": len(state.bag) - state.dealt,
        "openings": [
            {"x1": a[0], "y1": a[1], "x2": b[0], "y2": b[1]} for a, b in sorted(state.openings)
        ],
        "sniffs": SNIFFS(state.sniffs),
        "pending": _pending(state, state.pending),
        "end_reason": state.end_reason or None,
        "winner": state.winner if state.winner >= 0 else None,
    }


def static_map(state: State) -> dict[str, JsonValue]:
    """Return the fixed board: size, seats, buildings, walls, trees, lanes, dots, scenario."""
    board = state.board
    return {
        "scenario": board.scenario,
        "width": board.width,
        "height": board.height,
        "seats": [
            {"seat": seat, "color": COLORS[color], **_xy(board.starts[color])}
            for seat, color in enumerate(state.colors)
        ],
        "buildings": [
            {"name": name, "cells": [_xy(cell) for cell in cells]}
            for name, cells in board.buildings
        ],
        "walls": [{"x1": a[0], "y1": a[1], "x2": b[0], "y2": b[1]} for a, b in sorted(board.walls)],
        "trees": [_xy(cell) for cell in sorted(board.trees)],
        "lanes": [
            {
                "id": lane.lane_id,
                "heading": lane.heading,
                "arrow": _xy(lane.arrow),
                "cells": [_xy(cell) for cell in lane.cells],
            }
            for lane in board.lanes
        ],
        "token_dots": [_xy(cell) for cell in board.dots],
        "townsfolk_starts": [
            {"color": COLORS[color], **_xy(cell)}
            for color, cell in enumerate(board.townsfolk_starts)
        ],
    }
