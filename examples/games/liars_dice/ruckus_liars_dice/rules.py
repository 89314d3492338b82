"""The rules in play: rounds and rolls, legal actions, bids and challenges (LD1-LD15).

Everything here works on a state the engine has just copied (``perform``, ``start_round``) or
only reads it (``legal_actions``, ``is_legal``). Chance order (LD2): at the start of every
round the seats still in roll in ascending seat order, each seat's dice one after another,
each die ``rng.below(faces) + 1``; nothing else draws.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ruckus_liars_dice.actions import Action, Bid, Liar
from ruckus_liars_dice.state import Reveal, State

LIAR = Liar()


class EndReason(StrEnum):
    """Why a match of Liar's Dice ended."""

    LAST_SEAT_STANDING = "last_seat_standing"
    """One seat alone has dice left (LD12)."""
    ROUND_CAP = "round_cap"
    """Round ``max_rounds`` ended with more than one seat still in (LD13)."""


def next_seat(state: State, seat: int) -> int:
    """Return the first seat after ``seat`` that has dice, in ascending order, wrapping (LD3)."""
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.counts[candidate]:
            return candidate
    raise ValueError("no seat has dice")


def shows(die: int, face: int, wild_ones: bool) -> bool:
    """Return whether ``die`` counts toward a bid on ``face`` (LD7: ones are wild)."""
    return die == face or (wild_ones and die == 1)


def count_showing(dice: tuple[tuple[int, ...], ...], face: int, wild_ones: bool) -> int:
    """Return how many dice of every seat count toward a bid on ``face`` (LD8)."""
    return sum(1 for cup in dice for die in cup if shows(die, face, wild_ones))


def start_round(state: State, opener: int) -> None:
    """Begin the next round: every seat still in rolls in secret (LD2); ``opener`` bids first."""
    state.round += 1
    state.seat = opener
    state.bids = ()
    state.emit("round_start", round=state.round, opener=opener, dice_left=list(state.counts))
    faces = state.config.faces
    cups = []
    for seat, count in enumerate(state.counts):
        cup = tuple(sorted(state.rng.below(faces) + 1 for _ in range(count)))
        cups.append(cup)
        if count:
            state.emit("roll", visible_to=seat, seat=seat, dice=list(cup))
    state.dice = tuple(cups)


def legal_actions(state: State) -> list[Action]:
    """Return every raise of the standing bid in ascending (quantity, face) order, then LIAR
    when there is a bid to challenge (LD4-LD6, LD8, LD15); nothing once the game is over."""
    if state.over:
        return []
    standing = state.standing_bid
    faces = state.config.biddable_faces()
    actions: list[Action] = []
    if standing is None:
        low = 1
    else:
        actions.extend(Bid(standing.quantity, f) for f in faces if f > standing.face)
        low = standing.quantity + 1
    actions.extend(Bid(q, f) for q in range(low, state.dice_in_play + 1) for f in faces)
    if standing is not None:
        actions.append(LIAR)
    return actions


def is_legal(state: State, action: Any) -> bool:
    """Return whether ``action`` is among ``legal_actions(state)``, without listing them."""
    if state.over:
        return False
    if isinstance(action, Liar):
        return bool(state.bids)
    if not isinstance(action, Bid) or type(action.quantity) is not int:
        return False
    return (
        1 <= action.quantity <= state.dice_in_play
        and action.face in state.config.biddable_faces()
        and action.raises(state.standing_bid)
    )


def perform(state: State, action: Action) -> None:
    """Play a legal ``action`` of the seat to move on ``state`` (a fresh copy)."""
    if isinstance(action, Bid):
        state.bids = (*state.bids, (state.seat, action))
        state.emit("bid", seat=state.seat, quantity=action.quantity, face=action.face)
        state.seat = next_seat(state, state.seat)
    else:
        challenge(state)


def challenge(state: State) -> None:
    """Resolve LIAR: reveal and count (LD8), take a die from the loser (LD9), put a seat with
    none out (LD10), then end the game (LD12, LD13) or start the next round (LD11)."""
    bidder, bid = state.bids[-1]
    challenger = state.seat
    count = count_showing(state.dice, bid.face, state.config.wild_ones)
    stands = count >= bid.quantity
    loser = challenger if stands else bidder
    state.emit("liar", seat=challenger, bidder=bidder, quantity=bid.quantity, face=bid.face)
    state.last_reveal = Reveal(
        state.round, bidder, challenger, bid.quantity, bid.face, state.dice, count, loser
    )
    state.emit("reveal", **state.last_reveal.to_json(), bid_stands=stands)
    counts = list(state.counts)
    counts[loser] -= 1
    state.counts = tuple(counts)
    state.emit("lose_die", seat=loser, dice_left=counts[loser])
    if not counts[loser]:
        state.out = (*state.out, loser)
        state.emit("out", seat=loser, place=state.players - len(state.out) + 1)
    if sum(1 for count_left in counts if count_left) == 1:
        end_game(state, EndReason.LAST_SEAT_STANDING)
    elif state.round >= state.config.max_rounds:
        end_game(state, EndReason.ROUND_CAP)
    else:
        start_round(state, loser if counts[loser] else next_seat(state, loser))


def end_game(state: State, reason: EndReason) -> None:
    """End the match: the cups are emptied (the last reveal shows them) and nobody moves."""
    state.reason = reason.value
    state.dice = ((),) * state.players
    state.bids = ()
    state.emit("game_end", reason=reason.value, scores=list(state.counts))
