"""A state from what a seat has seen (``state_from_view``): the engine behind search bots.

The observation is ``observe(state, seat)``, or its wire form as a bot reads it (proto field
names, unset fields absent: a missing key reads as zero, false or empty). Everything public
is copied; what the seat cannot see is *determinized*: the kinds of unseen blips and of the
bag are a random permutation of what is left of the token mix, other seats know exactly the
tokens the sniff log says they sniffed, and the dice come from a fresh random seed. Only
MAIN and ACTIVATION decisions are rebuilt (no resolution is in progress there); any other
gives None. The sniff log is in the observation.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from referee.games.pilfer import flow
from referee.games.pilfer.config import Config
from referee.games.pilfer.maps import BAG, COLORS, SEATS_BY_COUNT
from referee.games.pilfer.setup import blank_state
from referee.games.pilfer.state import Critter, State, Townsfolk
from referee.games.rng import Rng

REBUILDABLE = frozenset({"main", "activation"})


def _xy(item: dict[str, Any]) -> tuple[int, int]:
    """Return the cell of a dict with ``x`` and ``y``."""
    return (int(item.get("x", 0)), int(item.get("y", 0)))


def _known_kinds(observation: dict[str, Any]) -> dict[int, str]:
    """Return token id -> kind for every token whose kind the viewer knows."""
    known = {int(t["id"]): t["kind"] for t in observation.get("tokens", []) if t.get("kind")}
    for token in observation.get("discard", []):
        known[int(token["id"])] = token["kind"]
    for critter in observation.get("critters", []):
        for token in critter.get("carrying", []):
            known[int(token["id"])] = token["kind"]
    return known


def sample_bag(observation: dict[str, Any], rng: random.Random) -> tuple[str, ...] | None:
    """Return a full bag (kind by token id - 1) consistent with the observation, or None."""
    known = _known_kinds(observation)
    left = Counter(BAG)
    left.subtract(known.values())
    if any(count < 0 for count in left.values()):
        return None
    unseen = [kind for kind, count in left.items() for _ in range(count)]
    rng.shuffle(unseen)
    slots = [i for i in range(1, len(BAG) + 1) if i not in known]
    if len(slots) != len(unseen) or any(not 1 <= i <= len(BAG) for i in known):
        return None
    bag = dict(known)
    bag.update(zip(slots, unseen, strict=True))
    return tuple(bag[i] for i in range(1, len(BAG) + 1))


def _critters(observation: dict[str, Any]) -> list[Critter] | None:
    """Return the engine critter records (index = id - 1), or None if ids have gaps."""
    records = sorted(observation.get("critters", []), key=lambda c: int(c.get("id", 0)))
    result = []
    for index, c in enumerate(records, start=1):
        if int(c.get("id", 0)) != index:
            return None
        carrying = tuple(int(t["id"]) for t in c.get("carrying", []))
        trap = int(c.get("trap_token", 0)) if c.get("trapped") else 0
        result.append(
            Critter(
                index,
                int(c.get("owner", 0)),
                c["type"],
                *_xy(c),
                int(c.get("actions_left", 0)),
                bool(c.get("activated")),
                trap,
                carrying,
            )
        )
    return result


def _townsfolk(observation: dict[str, Any]) -> tuple[Townsfolk, ...]:
    """Return the engine townsfolk records in ascending id order."""
    return tuple(
        Townsfolk(
            num,
            t["id"],
            COLORS.index(t["color"]),
            int(t.get("controller", 0)),
            *_xy(t),
            bool(t.get("driven_out")),
        )
        for num, t in enumerate(observation.get("townsfolk", []))
    )


def _knowledge(observation: dict[str, Any], players: int, seat: int) -> tuple[frozenset[int], ...]:
    """Return what each seat knows: the viewer its sniffed tokens, others their sniff log."""
    face_down = {int(t["id"]) for t in observation.get("tokens", []) if not t.get("face_up")}
    known: list[set[int]] = [set() for _ in range(players)]
    for sniff in observation.get("sniffs", []):
        token = int(sniff.get("token", 0))
        if token in face_down:
            known[int(sniff.get("seat", 0))].add(token)
    known[seat] = {int(t["id"]) for t in observation.get("tokens", []) if t.get("sniffed")}
    return tuple(frozenset(k) for k in known)


def state_from_view(
    config: Config, players: int, seat: int, observation: dict[str, Any], rng: random.Random
) -> State | None:
    """Return one engine state consistent with what ``seat`` observes, or None if impossible."""
    if observation.get("decision") not in REBUILDABLE or observation.get("pending"):
        return None
    bag = sample_bag(observation, rng)
    critters = _critters(observation)
    if bag is None or critters is None or players not in SEATS_BY_COUNT:
        return None
    state = blank_state(config, players)
    state.rng = Rng(rng.getrandbits(63))
    state.bag = bag
    state.dealt = len(BAG) - int(observation.get("bag_count", 0))
    tokens: dict[tuple[int, int], tuple[int, ...]] = {}
    for token in observation.get("tokens", []):
        cell = _xy(token)
        tokens[cell] = (*tokens.get(cell, ()), int(token["id"]))
    state.tokens = tokens
    state.face_up = frozenset(
        int(t["id"]) for t in observation.get("tokens", []) if t.get("face_up")
    )
    state.discard = tuple(int(t["id"]) for t in observation.get("discard", []))
    state.critters = critters
    state.townsfolk = _townsfolk(observation)
    seats = sorted(observation.get("seats", []), key=lambda s: int(s.get("seat", 0)))
    state.points = tuple(int(s.get("points", 0)) for s in seats)
    state.gross = tuple(int(s.get("gross", 0)) for s in seats)
    state.spent = tuple(int(s.get("spent", 0)) for s in seats)
    state.openings = frozenset(
        ((int(o.get("x1", 0)), int(o.get("y1", 0))), (int(o.get("x2", 0)), int(o.get("y2", 0))))
        for o in observation.get("openings", [])
    )
    state.known = _knowledge(observation, players, seat)
    state.sniffs = tuple(
        (int(s.get("seat", 0)), int(s.get("token", 0))) for s in observation.get("sniffs", [])
    )
    state.round = int(observation.get("round", 0))
    state.turn_seat = int(observation.get("turn_seat", 0))
    state.phase = str(observation.get("phase", "play"))
    state.active = int(observation.get("active_critter") or 0)
    state.turn_decisions = int(observation.get("turn_decisions", 0))
    state.stack = []
    state.pending = None
    state.end_reason = ""
    state.winner = -1
    state.events = []
    state.legal_cache = None
    flow.run(state)
    state.legal_cache = flow.compute_legal(state)
    return state
