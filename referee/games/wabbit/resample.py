"""Determinisation for search: a Wabbit state one seat cannot tell from the real one.

What a seat cannot see (rules section 5.2): the other seats' hands, the order of the draw
pile and the random source. Everything else is public or its own. ``resample`` pools the
cards of the draw pile and of every other hand, shuffles them with the caller's random
source and deals them back (every hand keeps its size, the pile its length), then gives
the state a fresh random source for the dice and later shuffles. Which cards are out of
play (discarded, set aside, in the mail, held as items) stays as it is: the seat saw them.
With V2 hidden mail orders the other seats' mail keeps its real cards: only hands and the
draw pile are drawn afresh.

Events keep what the seat saw of the last ``apply``; another seat's private events (its
``draw_cards``, its V2 mail) are dropped, as they would name the cards it held before.
"""

from __future__ import annotations

import random

from referee.games.rng import Rng
from referee.games.wabbit.rules import compute_legal
from referee.games.wabbit.state import State


def resample(state: State, seat: int, rng: random.Random) -> State:
    """Return a state ``seat`` cannot tell from ``state``: the other hands and the draw pile
    dealt afresh from the cards it has not seen, and a new random source."""
    others = [other for other in range(state.players) if other != seat]
    pool = [*state.draw, *(card for other in others for card in state.hands[other])]
    rng.shuffle(pool)
    hands = list(state.hands)
    for other in others:
        size = len(state.hands[other])
        hands[other], pool = tuple(pool[:size]), pool[size:]
    new = state.copy()
    new.draw = tuple(pool)
    new.hands = tuple(hands)
    new.rng = Rng(rng.getrandbits(63))
    new.events = tuple(event for event in state.events if event.is_visible_to(seat))
    new.legal_cache = compute_legal(new)
    return new
