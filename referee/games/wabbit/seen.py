"""A state from what a seat has seen (``state_from_view``): the engine behind search bots.

The observation is ``observe(state, seat)``, or its wire form as a bot reads it (proto field
names, unset fields absent: a missing key reads as zero, false or empty). Everything public
is copied; what the seat cannot see is *determinized*: the other hands and the order of the
draw pile are a random deal of the cards it has not seen, and the dice come from a fresh
random seed. Only decisions with nothing in progress are rebuilt (choosing a character,
moving, acting, ending the turn); any other gives None. Pending Hop To It! bonuses of the
second character are not visible and count as none.
"""

from __future__ import annotations

import random
from typing import Any

from referee.games.rng import Rng
from referee.games.wabbit.board import BUILDING_IDS, cell_of
from referee.games.wabbit.cards import build_deck
from referee.games.wabbit.config import Config
from referee.games.wabbit.records import Char
from referee.games.wabbit.rules import compute_legal
from referee.games.wabbit.state import SCORE_CATEGORIES, State

REBUILDABLE = frozenset({"choose_character", "move", "action", "end_turn"})


def _cell(item: dict[str, Any]) -> int:
    """Return the engine cell number of a dict with ``x`` and ``y``."""
    return cell_of(int(item.get("x", 0)), int(item.get("y", 0)))


def _card_of_item(item: str) -> int | None:
    """Return the card a mail-order item came with (``dynamite#2`` -> 2), if any."""
    _, _, suffix = item.partition("#")
    return int(suffix) if suffix.isdigit() else None


def _set_aside(observation: dict[str, Any]) -> set[int]:
    """Return the cards out of play that the seat can see: discarded, in the mail, in use."""
    cards = {int(c.get("card", 0)) for c in observation.get("discard_pile", [])}
    cards |= {int(c.get("card", 0)) for c in observation.get("hand") or []}
    cards |= {int(d.get("card", 0)) for d in observation.get("disguises", [])}
    items = [i.get("item", "") for i in observation.get("items", [])]
    for seat in observation.get("seats", []):
        cards |= {int(m.get("card", 0)) for m in seat.get("in_mail", [])}
        items += list(seat.get("parcel", []))
    for char in observation.get("characters", []):
        items += [char.get("weapon") or "", char.get("vehicle") or ""]
    cards |= {card for item in items if (card := _card_of_item(item)) is not None}
    return cards


def deal_unseen(
    observation: dict[str, Any], deck_size: int, seat: int, rng: random.Random
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]] | None:
    """Return (draw pile, hands) with the unseen cards dealt at random, or None if impossible."""
    seats = sorted(observation.get("seats", []), key=lambda s: int(s.get("seat", 0)))
    unseen = [card for card in range(deck_size) if card not in _set_aside(observation)]
    wanted = int(observation.get("deck_size", 0)) + sum(
        int(s.get("hand_size", 0)) for s in seats if int(s.get("seat", 0)) != seat
    )
    if len(unseen) != wanted or -1 in _set_aside(observation):
        return None
    rng.shuffle(unseen)
    hands = []
    for record in seats:
        if int(record.get("seat", 0)) == seat:
            hands.append(tuple(int(c.get("card", 0)) for c in observation.get("hand") or []))
        else:
            size = int(record.get("hand_size", 0))
            hands.append(tuple(unseen[:size]))
            unseen = unseen[size:]
    return tuple(unseen), tuple(hands)


def _chars(observation: dict[str, Any]) -> tuple[Char, ...]:
    """Return the engine character records, by id."""
    records = sorted(observation.get("characters", []), key=lambda c: int(c.get("id", 0)))
    return tuple(
        Char(
            int(c.get("id", 0)),
            int(c.get("owner", 0)),
            str(c.get("kind")),
            _cell(c),
            cell_of(int(c.get("home_x", 0)), int(c.get("home_y", 0))),
            c.get("weapon") or None,
            c.get("vehicle") or None,
            int(c.get("carrots", 0)),
        )
        for c in records
    )


def _done(observation: dict[str, Any], flag: str) -> tuple[int, ...]:
    """Return the ids of the characters whose step ``flag`` is done (the active one last)."""
    done = [int(c.get("id", 0)) for c in observation.get("characters", []) if c.get(flag)]
    active = observation.get("active_character")
    return tuple(sorted(done, key=lambda cid: cid == active))


def _board(state: State, observation: dict[str, Any]) -> None:
    """Copy the changing board facts into ``state``."""
    state.items = tuple((str(i.get("item", "")), _cell(i)) for i in observation.get("items", []))
    state.loose = tuple(
        (_cell(c), int(c.get("count", 0))) for c in observation.get("loose_carrots", [])
    )
    fields = observation.get("fields", [])
    state.ploughed = frozenset(_cell(f) for f in fields if f.get("ploughed"))
    state.planted = frozenset(_cell(f) for f in fields if f.get("planted"))
    state.holes = frozenset(_cell(h) for h in observation.get("holes", []))
    buildings = {b.get("id"): b for b in observation.get("buildings", [])}
    state.damage = tuple(int(buildings.get(b, {}).get("damage", 0)) for b in BUILDING_IDS)
    state.mask = sum(
        1 << i for i, b in enumerate(BUILDING_IDS) if not buildings.get(b, {}).get("standing", True)
    )


def _seats(state: State, observation: dict[str, Any]) -> None:
    """Copy scores, stockpiles, mail and parcels into ``state``."""
    seats = sorted(observation.get("seats", []), key=lambda s: int(s.get("seat", 0)))
    state.vp = tuple(
        tuple(int(s.get("score_breakdown", {}).get(k, 0)) for k in SCORE_CATEGORIES) for s in seats
    )
    state.stockpiled = tuple(int(s.get("carrots_stockpiled", 0)) for s in seats)
    state.in_mail = tuple(tuple(int(m.get("card", 0)) for m in s.get("in_mail", [])) for s in seats)
    state.parcel = tuple(tuple(s.get("parcel", [])) for s in seats)


def state_from_view(
    config: Config, players: int, seat: int, observation: dict[str, Any], rng: random.Random
) -> State | None:
    """Return one engine state consistent with what ``seat`` observes, or None if impossible."""
    if observation.get("phase") not in REBUILDABLE or observation.get("attack"):
        return None
    deck_kinds = build_deck(config)
    dealt = deal_unseen(observation, len(deck_kinds), seat, rng)
    if dealt is None:
        return None
    state = State.__new__(State)
    state.config = config
    state.players = players
    state.deck_kinds = deck_kinds
    state.rng = Rng(rng.getrandbits(63))
    state.round = int(observation.get("round", 1))
    state.seat = int(observation.get("turn_seat", 0))
    state.phase = str(observation.get("phase"))
    state.chars = _chars(observation)
    _board(state, observation)
    state.draw, state.hands = dealt
    state.discard = tuple(int(c.get("card", 0)) for c in observation.get("discard_pile", []))
    _seats(state, observation)
    disguises = observation.get("disguises", [])
    state.disguises = tuple((int(d.get("character", 0)), int(d.get("card", 0))) for d in disguises)
    active = observation.get("active_character")
    state.active = int(active) if active is not None else -1
    state.move_done = _done(observation, "move_done")
    state.action_done = _done(observation, "action_done")
    state.mp = int(observation.get("mp_left", 0))
    state.moved = bool(observation.get("moved"))
    state.free_used = config.free_actions_per_move_step - int(
        observation.get("free_actions_left", 0)
    )
    state.bonus_mp = (0,) * len(state.chars)
    state.discards = 0
    state.decisions = int(observation.get("decisions_this_turn", 0))
    state.attack = None
    state.queue = ()
    state.loot = None
    state.hole_card = -1
    state.resume = ""
    state.reason = ""
    state.events = ()
    state.legal_cache = compute_legal(state)
    return state
