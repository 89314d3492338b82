"""Turn and round flow: turn start (T0), step 1 discard/draw, activation, end of turn,
seasons, end-of-Summer crop, end of game, and the automatic carrot deposit.
"""

from __future__ import annotations

from typing import Any

from referee.games.base import Event
from referee.games.wabbit.board import (
    BASE_TERRAIN,
    BUILDING,
    BUILDING_IDS,
    CELLS,
    FARMER_HOME,
    HAND_HOME,
    HIGHWAY_CELLS,
    MAILBOX,
    POND_CELLS,
    WARRENS,
    XY,
    cut_cells,
    foot_connected_without_holes,
)
from referee.games.wabbit.cards import PORTABLE_HOLE
from referee.games.wabbit.config import CHARACTERS_PER_PLAYER, HAND_SIZE
from referee.games.wabbit.items import mail_item_id
from referee.games.wabbit.queries import loose_at, move_allowance, own_chars, standing
from referee.games.wabbit.state import (
    ACTION,
    CHOOSE,
    CROP,
    DISCARD,
    END_TURN,
    MOVE,
    OVER,
    PLACE_HOLE,
    SEASONS,
    STANDING,
    STOCKPILE,
    State,
    reset_turn,
)


def emit(state: State, kind: str, data: dict[str, Any], visible_to: int | None = None) -> None:
    """Append an event (public unless ``visible_to`` names the only seat that may see it).

    There is about one per decision, so the data comes as a dict (half the cost of keywords)
    and the event is built as the tuple it is (a third quicker than calling ``Event``).
    """
    seen = None if visible_to is None else frozenset((visible_to,))
    state.events += (tuple.__new__(Event, (kind, data, seen)),)


def mail_audience(state: State) -> int | None:
    """Return the only seat that may see mail-order details (V2), or None for everyone."""
    return state.seat if state.config.hidden_mail_orders else None


def cell_json(cell: int) -> dict[str, int]:
    """Return a cell as ``{"x": .., "y": ..}``."""
    x, y = XY[cell]
    return {"x": x, "y": y}


def draw_cards(state: State, seat: int, reshuffle: bool) -> None:
    """Draw the seat back up to three cards; reshuffle the discard pile only if allowed (H18)."""
    hand = list(state.hands[seat])
    drawn: list[int] = []
    while len(hand) < HAND_SIZE:
        if not state.draw:
            if not (reshuffle and state.discard):
                break
            pile = list(state.discard)
            state.draw_source().shuffle(pile)
            state.draw, state.discard = tuple(pile), ()
            emit(state, "reshuffle", {"cards": len(pile)})
        hand.append(state.draw[0])
        drawn.append(state.draw[0])
        state.draw = state.draw[1:]
    if not drawn:
        return
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    state.hands = tuple(hands)
    emit(state, "draw", {"seat": seat, "count": len(drawn)})
    emit(state, "draw_cards", {"seat": seat, "cards": drawn}, seat)


def remove_from_hand(state: State, seat: int, card: int) -> None:
    """Take one card out of a seat's hand."""
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    state.hands = tuple(hands)


def start_turn(state: State) -> None:
    """T0: reset the turn, expire this player's Disguises and deliver the mail (H21)."""
    reset_turn(state)
    state.phase = DISCARD
    emit(state, "turn_start", {"seat": state.seat, "round": state.round})
    expire_disguises(state)
    deliver_mail(state, DISCARD)


def expire_disguises(state: State) -> None:
    """Discard the Disguises worn by the active player's characters."""
    mine = tuple(d for d in state.disguises if state.chars[d[0]].seat == state.seat)
    if not mine:
        return
    state.disguises = tuple(d for d in state.disguises if d not in mine)
    state.discard = state.discard + tuple(card for _, card in mine)
    for char, card in mine:
        emit(state, "disguise_expired", {"char": char, "card": card})


def deliver_mail(state: State, resume: str) -> None:
    """Move the active player's mail into the Parcel; a Portable Hole asks for placement."""
    seat = state.seat
    orders = state.in_mail[seat]
    if not orders:
        state.phase = resume
        return
    in_mail = list(state.in_mail)
    in_mail[seat] = ()
    state.in_mail = tuple(in_mail)
    parcel = list(state.parcel[seat])
    hole_card = -1
    for card in orders:
        kind = state.deck_kinds[card]
        if kind == PORTABLE_HOLE:
            hole_card = card
            continue
        parcel.append(mail_item_id(kind, card))
        emit(state, "mail_arrived", {"seat": seat, "item": parcel[-1]}, mail_audience(state))
    parcels = list(state.parcel)
    parcels[seat] = tuple(parcel)
    state.parcel = tuple(parcels)
    state.phase = resume
    if hole_card != -1:
        begin_hole_placement(state, hole_card, resume)


def hole_cells(state: State) -> tuple[int, ...]:
    """Return the cells where a Portable Hole may go now (spec 4.5 #6)."""
    blocked = {c.cell for c in state.chars} | {cell for _, cell in state.items}
    blocked |= {cell for cell, _ in state.loose} | state.planted | state.holes
    blocked |= {FARMER_HOME, HAND_HOME, MAILBOX, *WARRENS.values()}
    cuts = cut_cells(state.geometry, state.holes)
    result = []
    for cell in range(CELLS):
        if cell in blocked or BASE_TERRAIN[cell] == BUILDING:
            continue
        if cell in POND_CELLS or cell in HIGHWAY_CELLS:
            continue
        if cuts is None:  # already apart: only the brute check tells (never seen in play)
            if foot_connected_without_holes(state.geometry, state.holes | {cell}):
                result.append(cell)
        elif cell not in cuts:
            result.append(cell)
    return tuple(result)


def begin_hole_placement(state: State, card: int, resume: str) -> None:
    """Ask the orderer to place the Portable Hole, or discard it if no cell is legal."""
    if not hole_cells(state):
        state.discard = (*state.discard, card)
        emit(state, "portable_hole_lost", {"seat": state.seat, "card": card})
        return
    state.hole_card = card
    state.resume = resume
    state.phase = PLACE_HOLE


def place_hole(state: State, cell: int) -> None:
    """Put the Portable Hole on ``cell``: it is a hole, no longer a field; discard its card."""
    state.holes = state.holes | {cell}
    state.ploughed = state.ploughed - {cell}
    state.discard = (*state.discard, state.hole_card)
    emit(state, "hole_placed", {"seat": state.seat, "card": state.hole_card, **cell_json(cell)})
    state.hole_card = -1
    state.phase = state.resume
    state.resume = ""


def begin_move(state: State, cid: int) -> None:
    """Activate a character: its move step begins with its MP (H8)."""
    state.active = cid
    state.mp = move_allowance(state, state.chars[cid])
    state.moved = False
    state.free_used = 0
    state.phase = MOVE
    emit(state, "activate", {"char": cid, "mp": state.mp})


def end_move(state: State) -> None:
    """Finish the active character's move step; its action step (step 3) follows."""
    state.move_done = (*state.move_done, state.active)
    state.phase = ACTION


def end_action_step(state: State) -> None:
    """Finish step 3; step 4 activates the other character, or the turn may end."""
    state.action_done = (*state.action_done, state.active)
    others = [c.cid for c in own_chars(state, state.seat) if c.cid not in state.action_done]
    if others:
        begin_move(state, others[0])
    else:
        state.active = -1
        state.phase = END_TURN


def finish_discards(state: State) -> None:
    """Step 1 ends: draw back up to three (the only reshuffle point); step 2 follows."""
    draw_cards(state, state.seat, reshuffle=True)
    state.phase = CHOOSE


def deposit_carrots(state: State) -> None:
    """The active player's characters on their own home deposit carried carrots (H24c).

    This runs after every decision, so it reads the player's characters without a call.
    """
    first = CHARACTERS_PER_PLAYER * state.seat
    for char in state.chars[first : first + CHARACTERS_PER_PLAYER]:
        if char.carrots and char.cell == char.home:
            state.set_char(char.evolve(carrots=0))
            stock = list(state.stockpiled)
            stock[char.seat] += char.carrots
            state.stockpiled = tuple(stock)
            points = char.carrots * state.config.stockpile_vp
            state.add_vp(char.seat, STOCKPILE, points)
            emit(state, "deposit", {"char": char.cid, "carrots": char.carrots, "points": points})


def end_turn(state: State) -> None:
    """Pass the turn to the next seat; close the round, the Summer and the game as due.

    Seats play in increasing order, wrapping round; the round ends when the next seat
    would be the one that opened it (seat 0, or the season's first seat with V3).
    """
    emit(state, "turn_end", {"seat": state.seat})
    following = (state.seat + 1) % state.players
    if following != state.config.first_seat(state.round, state.players):
        state.seat = following
        start_turn(state)
        return
    end_round(state)


def end_round(state: State) -> None:
    """Score the end of Summer, end the game after the last round, else start a new round."""
    config = state.config
    if state.round == 2 * config.rounds_per_season:
        score_crop(state)
    if state.round >= config.rounds:
        end_game(state)
        return
    old_season = config.season_of(state.round)
    state.round += 1
    state.seat = config.first_seat(state.round, state.players)
    new_season = config.season_of(state.round)
    if new_season != old_season:
        emit(state, "season", {"season": SEASONS[new_season], "round": state.round})
    start_turn(state)


def score_crop(state: State) -> None:
    """End of Summer: the Farmer scores each planted carrot, then the crop is cleared."""
    count = len(state.planted)
    points = count * state.config.leftover_carrot_vp
    state.add_vp(0, CROP, points)
    state.planted = frozenset()
    emit(state, "crop_scored", {"seat": 0, "carrots": count, "points": points})


def end_game(state: State) -> None:
    """After the last round: the Farmer scores each standing building; the game is over."""
    standing_count = sum(1 for b in range(len(BUILDING_IDS)) if standing(state, b))
    points = standing_count * state.config.farmer_standing_building_vp
    state.add_vp(0, STANDING, points)
    emit(state, "standing_buildings", {"seat": 0, "buildings": standing_count, "points": points})
    state.phase = OVER
    state.reason = "rounds_complete"
    state.active = -1
    emit(state, "game_end", {"scores": [state.score(s) for s in range(state.players)]})


def set_loose(state: State, cell: int, count: int) -> None:
    """Set the number of loose carrots on a cell."""
    rest = tuple(entry for entry in state.loose if entry[0] != cell)
    state.loose = tuple(sorted((*rest, (cell, count)))) if count else rest


def add_loose(state: State, cell: int, count: int) -> None:
    """Add loose carrots to a cell."""
    if count:
        set_loose(state, cell, loose_at(state, cell) + count)


def put_item(state: State, item: str, cell: int) -> None:
    """Lay an item on a cell."""
    state.items = tuple(sorted((*state.items, (item, cell))))


def take_item(state: State, item: str) -> None:
    """Remove an item from the board."""
    state.items = tuple(entry for entry in state.items if entry[0] != item)
