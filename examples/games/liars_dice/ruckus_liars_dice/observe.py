"""What each seat may know (LD16): the static map and the observations.

A seat sees its own dice, every seat's count of dice, the bids of this round and the last
reveal; a spectator (``seat`` None) sees no die until it is revealed. Nothing of the random
source is ever shown.
"""

from __future__ import annotations

from referee.games.base import JsonValue

from ruckus_liars_dice.actions import Bid
from ruckus_liars_dice.state import State

JsonDict = dict[str, JsonValue]


def static_map(state: State) -> JsonDict:
    """Return the facts that hold for the whole match: seats and the rules in force."""
    config = state.config
    return {
        "players": state.players,
        "scenario": config.scenario,
        "dice_per_player": config.dice_per_player,
        "faces": config.faces,
        "wild_ones": config.wild_ones,
        "max_rounds": config.max_rounds,
    }


def bid_json(seat: int, bid: Bid) -> JsonDict:
    """Return one bid of this round as observations show it."""
    return {"seat": seat, "quantity": bid.quantity, "face": bid.face}


def observe(state: State, seat: int | None) -> JsonDict:
    """Return what ``seat`` may know now (None: a spectator, who sees no hidden die)."""
    return {
        "viewer": seat,
        "round": state.round,
        "to_move": None if state.over else state.seat,
        "faces": state.config.faces,
        "wild_ones": state.config.wild_ones,
        "dice_in_play": state.dice_in_play,
        "seats": [
            {"seat": row, "dice_left": count, "out": row in state.out}
            for row, count in enumerate(state.counts)
        ],
        "dice": None if seat is None else list(state.dice[seat]),
        "bid": bid_json(*state.bids[-1]) if state.bids else None,
        "bids": [bid_json(bidder, bid) for bidder, bid in state.bids],
        "last_reveal": None if state.last_reveal is None else state.last_reveal.to_json(),
    }
