"""Observations and the static map: JSON-ready dicts (dict, list, str, int, bool, None).

Coordinates are ints ``x`` (0..13, west to east) and ``y`` (0..9, north to south).
Enums are lower_snake_case strings. Key names are stable.

``observe(state, seat)`` keys:

- ``game`` str "wabbit"; ``scenario`` str; ``players`` int; ``viewer`` int | None (the seat
  this view is for; None for a spectator).
- ``round`` int (1-based); ``rounds`` int; ``season`` str (spring, summer, autumn, winter).
- ``turn_seat`` int: the active player; ``to_move`` int | None (None once the game is over).
- ``phase`` str: the decision being asked: place_hole, discard, choose_character, move,
  action, pre_roll, post_roll, loot, end_turn, game_over.
- ``step`` int: the S1 step of the turn (0 turn start, 1 discard/draw, 2 first move,
  3 first action, 4 second character, 5 end of turn); 0 once the game is over.
- ``active_character`` int | None; ``mp_left`` int; ``moved`` bool (S8: the active
  character entered another cell this move step); ``free_actions_left`` int;
  ``discards_left`` int; ``decisions_this_turn`` int; ``decision_cap`` int.
- ``seats``: list, per seat: ``seat`` int, ``side`` str (farmer or wabbit), ``warren`` str |
  None (a, b, c), ``score`` int, ``score_breakdown`` dict of int (whomp, plough, plant,
  stockpile, crop, building, standing), ``carrots_stockpiled`` int, ``hand_size`` int,
  ``in_mail`` list of {``card`` int, ``item`` str}, ``parcel`` list of item id str.
- ``characters``: list, per character: ``id`` int, ``name`` str, ``kind`` str (farmer,
  hand, wabbit, bunny), ``owner`` int, ``x``, ``y``, ``home_x``, ``home_y`` int, ``weapon`` str |
  None, ``vehicle`` str | None (item ids), ``carrots`` int, ``in_hole`` bool, ``at_home``
  bool, ``disguised`` bool, ``defense`` int (with S5/S6/Disguise), ``move_done`` bool,
  ``action_done`` bool, ``active`` bool.
- ``items``: list of {``item`` str id, ``kind`` str, ``x``, ``y``} lying on the board.
- ``loose_carrots``: list of {``x``, ``y``, ``count``}.
- ``fields``: list of {``x``, ``y``, ``ploughed`` bool, ``planted`` bool} for field cells.
- ``holes``: list of {``x``, ``y``, ``portable`` bool, ``occupied_by`` int | None}.
- ``buildings``: list of {``id`` str, ``name`` str, ``damage`` int, ``structure`` int,
  ``defense`` int, ``standing`` bool}.
- ``deck_size`` int; ``discard_pile`` list of cards (bottom first); ``disguises`` list of
  {``card`` int, ``character`` int}. A card is {``card`` int, ``kind`` str, ``name`` str}.
- ``hand``: list of cards (the viewer's own hand), or None for a spectator.
- ``attack``: None, or the declared attack: ``source`` str (character, building, bomb,
  card), ``seat`` int, ``attacker`` int | None, ``targets`` list of int, ``building`` str |
  None, ``mode`` str, ``card`` int | None, ``bonus`` list of int (per target), ``aim`` int,
  ``rolls`` list of list of int (empty before the roll), ``target_numbers`` list of int.
- ``loot``: None, or {``target`` int, ``x``, ``y``, ``items`` list of str, ``carrots`` int}.

Never included: other seats' hands, the draw pile's order, the Rng seed or counter.

V2 hidden mail orders (config ``hidden_mail_orders``): the keys and their types do not
change; values a viewer may not know are blanked. In ``seats``, for every seat other than
the viewer (every seat, for a spectator), each ``in_mail`` entry becomes {``card``: -1,
``item``: ""} and each ``parcel`` entry becomes "". List lengths stay, so the number of
orders and Parcel items is public; which cards and items they are is not, until an item
is claimed (then it is a held item like any other) or a Portable Hole is placed. The
viewer's own mail and Parcel are shown in full.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from referee.games.base import IdentityMemo
from referee.games.wabbit.board import (
    BASE_TERRAIN,
    BUILDING_CELLS,
    BUILDING_IDS,
    BUILDING_NAMES,
    CARROT_PATCH,
    DOORS,
    FIELD,
    FIELD_CELLS,
    HEIGHT,
    HIGHWAY_CELLS,
    MAILBOX,
    POND_CELLS,
    START_HOLES,
    WIDTH,
    XY,
    xy_of,
)
from referee.games.wabbit.cards import KINDS_BY_KEY
from referee.games.wabbit.combat import target_number
from referee.games.wabbit.config import HAND_SIZE, Config
from referee.games.wabbit.items import kind_of
from referee.games.wabbit.queries import (
    building_defense,
    building_structure,
    defense,
    has_disguise,
    season,
    stands,
)
from referee.games.wabbit.records import Attack, Char
from referee.games.wabbit.roster import KIND_NAMES, seat_warrens
from referee.games.wabbit.state import (
    ACTION,
    CHOOSE,
    DISCARD,
    END_TURN,
    LOOT,
    MOVE,
    OVER,
    PLACE_HOLE,
    POST_ROLL,
    PRE_ROLL,
    SCORE_CATEGORIES,
    SEASONS,
    State,
)
from referee.games.wabbit.turns import cell_json

HIDDEN_CARD = -1
HIDDEN_ITEM = ""
FIELD_XY: tuple[tuple[int, int, int], ...] = tuple(
    (cell, *xy_of(cell)) for cell in FIELD_CELLS if BASE_TERRAIN[cell] == FIELD
)
"""``(cell, x, y)`` of the cells that are fields while no hole is dug in them."""


def card_entry(card: int, deck_kinds: tuple[str, ...]) -> dict[str, Any]:
    """Return a card's id, kind and name in a deck of ``deck_kinds``."""
    kind = deck_kinds[card]
    return {"card": card, "kind": kind, "name": KINDS_BY_KEY[kind].name}


def turn_step(state: State) -> int:
    """Return the S1 step number of the current decision (windows count as their step)."""
    phase = state.phase
    if phase == PLACE_HOLE:
        if state.decisions == 0:
            return 0
        phase = state.resume
    elif phase in (PRE_ROLL, POST_ROLL, LOOT) and state.attack is not None:
        phase = state.attack.resume
    if phase in (MOVE, ACTION):
        if state.action_done:
            return 4
        return 2 if phase == MOVE else 3
    return {DISCARD: 1, CHOOSE: 2, END_TURN: 5}.get(phase, 0)


def mail_json(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    """Return a seat's ``in_mail`` and ``parcel``, blanked for other viewers with V2."""
    if state.config.hidden_mail_orders and seat != viewer:
        return {
            "in_mail": [{"card": HIDDEN_CARD, "item": HIDDEN_ITEM} for _ in state.in_mail[seat]],
            "parcel": [HIDDEN_ITEM for _ in state.parcel[seat]],
        }
    return {
        "in_mail": [{"card": card, "item": state.deck_kinds[card]} for card in state.in_mail[seat]],
        "parcel": list(state.parcel[seat]),
    }


def seats_json(state: State, viewer: int | None) -> list[dict[str, Any]]:
    """Return the per-seat facts ``viewer`` may know (all public unless V2 hides mail)."""
    warrens = seat_warrens(state.players)
    return [
        {
            "seat": seat,
            "side": "farmer" if seat == 0 else "wabbit",
            "warren": warrens[seat] or None,
            "score": state.score(seat),
            "score_breakdown": dict(zip(SCORE_CATEGORIES, state.vp[seat], strict=True)),
            "carrots_stockpiled": state.stockpiled[seat],
            "hand_size": len(state.hands[seat]),
            **mail_json(state, seat, viewer),
        }
        for seat in range(state.players)
    ]


def char_json(state: State, char: Char) -> dict[str, Any]:
    """Return the public facts of one character."""
    x, y = XY[char.cell]
    home_x, home_y = XY[char.home]
    return {
        "id": char.cid,
        "name": KIND_NAMES[char.kind],
        "kind": char.kind,
        "owner": char.seat,
        "x": x,
        "y": y,
        "home_x": home_x,
        "home_y": home_y,
        "weapon": char.weapon,
        "vehicle": char.vehicle,
        "carrots": char.carrots,
        "in_hole": char.cell in state.holes,
        "at_home": char.cell == char.home,
        "disguised": has_disguise(state, char.cid),
        "defense": defense(state, char),
        "move_done": char.cid in state.move_done,
        "action_done": char.cid in state.action_done,
        "active": char.cid == state.active,
    }


def attack_json(state: State, attack: Attack | None) -> dict[str, Any] | None:
    """Return the public facts of the declared attack."""
    if attack is None:
        return None
    return {
        "source": attack.source,
        "seat": attack.seat,
        "attacker": attack.attacker if attack.attacker >= 0 else None,
        "targets": list(attack.targets),
        "building": BUILDING_IDS[attack.building] if attack.building >= 0 else None,
        "mode": attack.mode,
        "card": attack.card if attack.card >= 0 else None,
        "bonus": list(attack.bonus),
        "aim": attack.aim,
        "rolls": [list(r) for r in attack.rolls],
        "target_numbers": [target_number(state, attack, i) for i in range(len(attack.bonus))],
    }


def board_json(state: State) -> dict[str, Any]:
    """Return the changing board facts: items, carrots, fields, holes, buildings (the same
    lists of items, fields and buildings while they do not change)."""
    occupant = {c.cell: c.cid for c in state.chars}
    return {
        "items": ITEMS(state.items),
        "loose_carrots": [{**cell_json(cell), "count": count} for cell, count in state.loose],
        "fields": FIELDS(state.holes, state.ploughed, state.planted),
        "holes": [
            {
                "x": XY[cell][0],
                "y": XY[cell][1],
                "portable": cell not in START_HOLES,
                "occupied_by": occupant.get(cell),
            }
            for cell in sorted(state.holes)
        ],
        "buildings": BUILDINGS(state.config, state.damage, state.mask),
    }


def _items(items: tuple[tuple[str, int], ...]) -> list[dict[str, Any]]:
    """Return the items lying on the farm."""
    return [
        {"item": item, "kind": kind_of(item), "x": XY[cell][0], "y": XY[cell][1]}
        for item, cell in items
    ]


def _fields(
    holes: frozenset[int], ploughed: frozenset[int], planted: frozenset[int]
) -> list[dict[str, Any]]:
    """Return the fields no hole is dug in, ploughed and planted or not."""
    return [
        {"x": x, "y": y, "ploughed": cell in ploughed, "planted": cell in planted}
        for cell, x, y in FIELD_XY
        if cell not in holes
    ]


def _buildings(config: Config, damage: tuple[int, ...], mask: int) -> list[dict[str, Any]]:
    """Return every building's damage, structure, defense and whether it stands (``mask``:
    a bit per fallen building)."""
    return [
        {
            "id": BUILDING_IDS[b],
            "name": BUILDING_NAMES[b],
            "damage": damage[b],
            "structure": building_structure(config, b),
            "defense": building_defense(config, b),
            "standing": stands(mask, b),
        }
        for b in range(len(BUILDING_IDS))
    ]


def _cards(cards: tuple[int, ...], deck_kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    """Return cards (a hand, the discard pile bottom first) with their ids, kinds and names."""
    return [card_entry(card, deck_kinds) for card in cards]


ITEMS = IdentityMemo(_items)
FIELDS = IdentityMemo(_fields)
BUILDINGS = IdentityMemo(_buildings)
DISCARD_PILE = IdentityMemo(_cards)
"""Parts of an observation made once per source (tuples and sets replaced whole when they
change): the same list while they stay (observations are read-only)."""


def observe(state: State, seat: int | None) -> dict[str, Any]:
    """Return what ``seat`` may know (None: a spectator); see the module docstring."""
    loot = state.loot
    obs: dict[str, Any] = {
        "game": "wabbit",
        "scenario": state.config.scenario,
        "players": state.players,
        "viewer": seat,
        "round": state.round,
        "rounds": state.config.rounds,
        "season": SEASONS[season(state)],
        "turn_seat": state.seat,
        "to_move": None if state.phase == OVER else state.seat,
        "phase": state.phase,
        "step": turn_step(state),
        "active_character": state.active if state.active >= 0 else None,
        "mp_left": state.mp if state.phase == MOVE else 0,
        "moved": state.moved,
        "free_actions_left": max(0, state.config.free_actions_per_move_step - state.free_used),
        "discards_left": max(0, HAND_SIZE - state.discards) if state.phase == DISCARD else 0,
        "decisions_this_turn": state.decisions,
        "decision_cap": state.config.max_actions_per_turn,
        "seats": seats_json(state, seat),
        "characters": [char_json(state, c) for c in state.chars],
        **board_json(state),
        "deck_size": len(state.draw),
        "discard_pile": DISCARD_PILE(state.discard, state.deck_kinds),
        "disguises": [{"card": card, "character": char} for char, card in state.disguises],
        "hand": None if seat is None else _cards(state.hands[seat], state.deck_kinds),
        "attack": attack_json(state, state.attack),
        "loot": None
        if loot is None
        else {
            "target": loot.target,
            **cell_json(loot.cell),
            "items": list(loot.items),
            "carrots": loot.carrots,
        },
    }
    return obs


def static_map(state: State) -> dict[str, Any]:
    """Return the fixed board: size, terrain, buildings and doors, holes, homes, config."""
    return {
        "scenario": state.config.scenario,
        "config": asdict(state.config),
        "width": WIDTH,
        "height": HEIGHT,
        "terrain": [[BASE_TERRAIN[y * WIDTH + x] for x in range(WIDTH)] for y in range(HEIGHT)],
        "buildings": [
            {
                "id": BUILDING_IDS[b],
                "name": BUILDING_NAMES[b],
                "cells": [cell_json(c) for c in BUILDING_CELLS[b]],
                "doors": [
                    {"inside": cell_json(inner), "outside": cell_json(outer)}
                    for inner, outer in DOORS
                    if inner in BUILDING_CELLS[b]
                ],
                "defense": building_defense(state.config, b),
                "structure": building_structure(state.config, b),
            }
            for b in range(len(BUILDING_IDS))
        ],
        "holes": [cell_json(c) for c in sorted(START_HOLES)],
        "pond": [cell_json(c) for c in POND_CELLS],
        "highway": [cell_json(c) for c in HIGHWAY_CELLS],
        "fields": [cell_json(c) for c in FIELD_CELLS],
        "carrot_patch": [cell_json(c) for c in CARROT_PATCH],
        "mailbox": cell_json(MAILBOX),
        "homes": [
            {"character": c.cid, "kind": c.kind, "owner": c.seat, **cell_json(c.home)}
            for c in state.chars
        ],
        "warrens": [
            {"warren": warren, "seat": seat, **cell_json(state.chars[2 * seat].home)}
            for seat, warren in enumerate(seat_warrens(state.players))
            if warren
        ],
    }
