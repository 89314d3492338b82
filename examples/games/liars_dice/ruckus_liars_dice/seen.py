"""A state from what a seat has seen (``state_from_view``), for search bots.

The observation (``observe(state, seat)``, which the generic arm carries to a bot unchanged)
holds every public fact of the round: each seat's count of dice, the bids, the last reveal,
the seat to move. The seat's own cup is copied; every other cup is rolled afresh from the
caller's random source, as is the random source of later rounds. The order in which seats
went out is not in the observation: they are taken in seat order, which changes the place of
no seat still in.
"""

from __future__ import annotations

import random
from typing import Any

from referee.games.base import JsonValue
from referee.games.rng import Rng

from ruckus_liars_dice.actions import Bid
from ruckus_liars_dice.config import Config
from ruckus_liars_dice.state import Reveal, State


def _reveal(data: dict[str, Any] | None) -> Reveal | None:
    """Return the last reveal an observation shows, or None before the first one."""
    if not data:
        return None
    cups = tuple(tuple(int(die) for die in cup) for cup in data.get("dice", []))
    numbers = {key: int(data.get(key, 0)) for key in ("round", "bidder", "challenger")}
    counted = {key: int(data.get(key, 0)) for key in ("quantity", "face", "count", "loser")}
    return Reveal(dice=cups, **numbers, **counted)


def state_from_view(
    config: Config, players: int, seat: int, observation: dict[str, JsonValue], rng: random.Random
) -> State | None:
    """Return a state consistent with what ``seat`` observes, the other cups rolled from
    ``rng``; None once the game is over (there is no decision to rebuild)."""
    to_move = observation.get("to_move")
    rows = sorted(observation.get("seats") or [], key=lambda row: int(row.get("seat", 0)))
    if to_move is None or len(rows) != players:
        return None
    counts = tuple(int(row.get("dice_left", 0)) for row in rows)
    mine = tuple(sorted(int(die) for die in observation.get("dice") or []))
    if len(mine) != counts[seat]:
        return None
    state = State.__new__(State)
    state.config = config
    state.players = players
    state.rng = Rng(rng.getrandbits(64))
    state.round = int(observation.get("round", 0))
    state.seat = int(to_move)
    state.counts = counts
    state.dice = tuple(
        mine
        if other == seat
        else tuple(sorted(rng.randrange(config.faces) + 1 for _ in range(count)))
        for other, count in enumerate(counts)
    )
    state.bids = tuple(
        (int(bid.get("seat", 0)), Bid(int(bid.get("quantity", 0)), int(bid.get("face", 0))))
        for bid in observation.get("bids") or []
    )
    state.out = tuple(row for row, data in enumerate(rows) if data.get("out"))
    state.last_reveal = _reveal(observation.get("last_reveal"))
    state.reason = ""
    state.events = ()
    return state
