"""Card plays (S2, H17-H23, spec 4.5): which plays are legal now, and their effects.

A play removes the card from the hand, draws back up to three without any reshuffle
(H18), then resolves. Card attacks open their own pre-roll and post-roll windows and
then return to the decision they were played from.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games.wabbit.actions import Play, play_action
from referee.games.wabbit.board import (
    ADJACENT,
    BASE_TERRAIN,
    BUILDING_CELLS,
    BUILDING_IDS,
    CELLS,
    FARMHOUSE,
    FIELD,
    HIGHWAY,
    MAILBOX,
    MANHATTAN,
    NEAR_POND,
    OUTSIDE,
    xy_of,
)
from referee.games.wabbit.cards import (
    ANGRY_DUCKS,
    CARD_ATTACK_RANGE,
    CARD_ATTACKS,
    CARD_KINDS,
    CAREFUL_AIM,
    CAREFUL_AIM_BONUS,
    DISGUISE,
    FALLING_ANVIL,
    GREEN_THUMB,
    HOP_TO_IT,
    HOP_TO_IT_MP,
    KINDS_BY_KEY,
    KISSIN_COUSINS,
    MAIL,
    QUICK_FIX,
    SECOND_CHANCE,
    SEMI_TRUCK,
    SIC_EM_ROVER,
    SPECIAL_DELIVERY,
    TERMITES,
    TUNNEL,
    WINDOW_CARDS,
    side_allows,
)
from referee.games.wabbit.combat import damage_building, open_attack, reroll
from referee.games.wabbit.movement import tunnel_to
from referee.games.wabbit.queries import (
    SPRING,
    WINTER,
    empty_holes_from,
    has_disguise,
    own_chars,
    season,
    standing,
)
from referee.games.wabbit.records import Char
from referee.games.wabbit.state import MOVE, POST_ROLL, PRE_ROLL, State
from referee.games.wabbit.tasks import can_plant, plant_carrot, repair_building
from referee.games.wabbit.turns import (
    deliver_mail,
    draw_cards,
    emit,
    mail_audience,
    remove_from_hand,
)
from referee.games.wabbit.whomp import CARD

AROUND: tuple[frozenset[int], ...] = tuple(
    frozenset((cell, *(n for _, n in ADJACENT[cell]))) for cell in range(CELLS)
)
"""Per cell, the cell and its adjacent cells (whatever walls stand between them)."""
FIELDS_AROUND: tuple[frozenset[int], ...] = tuple(
    frozenset(c for c in around if BASE_TERRAIN[c] == FIELD) for around in AROUND
)
"""Per cell, the field cells among ``AROUND``: the only ones a carrot may be planted on."""
ROVER_CELLS = frozenset(
    cell
    for cell in range(CELLS)
    if any(MANHATTAN[cell][f] <= CARD_ATTACK_RANGE for f in BUILDING_CELLS[FARMHOUSE])
)


def window_plays(state: State) -> list[Play]:
    """Return the plays of the attack windows: Careful Aim before, Second Chance after."""
    plays: list[Play] = []
    for card in state.hands[state.seat]:
        kind = state.deck_kinds[card]
        if state.phase == PRE_ROLL and kind == CAREFUL_AIM:
            plays.append(play_action(card, kind))
        elif state.phase == POST_ROLL and kind == SECOND_CHANCE:
            assert state.attack is not None
            plays.extend(
                play_action(card, kind, target_index=i) for i in range(len(state.attack.rolls))
            )
    return plays


def turn_plays(state: State) -> list[Play]:
    """Return every legal play at an ordinary turn decision (not inside an attack)."""
    plays: list[Play] = []
    finders = _TURN_FINDERS[state.seat != 0]
    mine = own_chars(state, state.seat)
    for card in state.hands[state.seat]:
        kind = state.deck_kinds[card]
        finder = finders.get(kind)
        if finder is not None:
            plays += finder(state, card, kind, mine)
    return plays


_Finder = Callable[[State, int, str, tuple[Char, ...]], list[Play]]
"""The legal plays of one card in hand: ``(state, card, kind, player's characters)``."""


def _mail_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """A Mail Order card: playable while one of the player's characters is on the Mailbox."""
    for char in mine:
        if char.cell == MAILBOX:
            return [play_action(card, kind)]
    return []


def _hop_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Hop To It!: one play per own character whose move step is still to come or going on."""
    return [play_action(card, kind, char=c.cid) for c in mine if c.cid not in state.move_done]


def _disguise_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Disguise: one play per own character not wearing one."""
    return [play_action(card, kind, char=c.cid) for c in mine if not has_disguise(state, c.cid)]


def _green_thumb_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Green Thumb: one play per plantable cell on or next to the player's characters."""
    return [play_action(card, kind, cell=cell) for cell in green_thumb_cells(state, mine)]


def _quick_fix_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Quick Fix: one play per damaged standing building."""
    return [
        play_action(card, kind, building=b)
        for b in range(len(BUILDING_IDS))
        if standing(state, b) and state.damage[b]
    ]


def _termites_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Termites (Winter only): one play per standing building."""
    if season(state) != WINTER:
        return []
    return [
        play_action(card, kind, building=b) for b in range(len(BUILDING_IDS)) if standing(state, b)
    ]


def _delivery_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Special Delivery: playable while the player has mail on the way."""
    return [play_action(card, kind)] if state.in_mail[state.seat] else []


def _tunnel_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Tunnel: one play per empty hole the moving character in a hole may go to."""
    return [play_action(card, kind, cell=hole) for hole in tunnel_exits(state)]


# The card attacks (spec 4.5 #10-#14): one play per other player's character each may target.


def _anvil_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Falling Anvil: a target outside, within range of one of the player's characters."""
    seat, zone = state.seat, state.geometry.zone
    distances = [MANHATTAN[c.cell] for c in mine]
    plays: list[Play] = []
    for t in state.chars:
        if t.seat != seat and zone[t.cell] == OUTSIDE:
            for row in distances:
                if row[t.cell] <= CARD_ATTACK_RANGE:
                    plays.append(play_action(card, kind, char=t.cid))
                    break
    return plays


def _ducks_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Angry Ducks: a target outside, near the pond."""
    seat, zone = state.seat, state.geometry.zone
    return [
        play_action(card, kind, char=t.cid)
        for t in state.chars
        if t.seat != seat and t.cell in NEAR_POND and zone[t.cell] == OUTSIDE
    ]


def _truck_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Semi Truck!: a target on the highway (a hole on it is no highway)."""
    seat, holes = state.seat, state.holes
    return [
        play_action(card, kind, char=t.cid)
        for t in state.chars
        if t.seat != seat and BASE_TERRAIN[t.cell] == HIGHWAY and t.cell not in holes
    ]


def _rover_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Sic 'em, Rover!: a target near the Farmhouse and not in a hole."""
    seat, holes = state.seat, state.holes
    return [
        play_action(card, kind, char=t.cid)
        for t in state.chars
        if t.seat != seat and t.cell in ROVER_CELLS and t.cell not in holes
    ]


def _cousins_plays(state: State, card: int, kind: str, mine: tuple[Char, ...]) -> list[Play]:
    """Kissin' Cousins: a Farmer-side target in or next to a hole."""
    seat, holes = state.seat, state.holes
    return [
        play_action(card, kind, char=t.cid)
        for t in state.chars
        if t.seat != seat and t.seat == 0 and not holes.isdisjoint(AROUND[t.cell])
    ]


_FINDERS: dict[str, _Finder] = {
    HOP_TO_IT: _hop_plays,
    DISGUISE: _disguise_plays,
    GREEN_THUMB: _green_thumb_plays,
    QUICK_FIX: _quick_fix_plays,
    TERMITES: _termites_plays,
    SPECIAL_DELIVERY: _delivery_plays,
    TUNNEL: _tunnel_plays,
    FALLING_ANVIL: _anvil_plays,
    ANGRY_DUCKS: _ducks_plays,
    SEMI_TRUCK: _truck_plays,
    SIC_EM_ROVER: _rover_plays,
    KISSIN_COUSINS: _cousins_plays,
    **{k.key: _mail_plays for k in CARD_KINDS if k.type == MAIL},
}


def _turn_finders(seat: int) -> dict[str, _Finder]:
    """Return the finder of each kind ``seat`` may play at an ordinary turn decision."""
    return {
        k.key: _FINDERS[k.key]
        for k in CARD_KINDS
        if k.key in _FINDERS and k.key not in WINDOW_CARDS and side_allows(k, seat)
    }


_TURN_FINDERS = (_turn_finders(0), _turn_finders(1))
"""The finder of each kind of card the Farmer (index 0) or a Wabbit player (1) may play at
an ordinary turn decision; the window cards are played only inside an attack."""


def green_thumb_cells(state: State, mine: tuple[Char, ...]) -> list[int]:
    """Return plantable cells on or next to the player's characters (Spring only)."""
    if season(state) != SPRING:
        return []
    fields = frozenset().union(*(FIELDS_AROUND[c.cell] for c in mine))
    return sorted(cell for cell in fields if can_plant(state, cell))


def tunnel_exits(state: State) -> list[int]:
    """Return the empty holes the moving Wabbit-side character in a hole may tunnel to."""
    if state.phase != MOVE or state.seat == 0:
        return []
    char = state.chars[state.active]
    if char.cell not in state.holes:
        return []
    return empty_holes_from(state, char.cell)


def emit_card_played(state: State, action: Play) -> None:
    """Publish a played card and its parameters (absent parameters are None).

    With V2 hidden mail orders, a Mail Order card is published with ``card``, ``name`` and
    ``card_kind`` None: everyone learns that an order was placed, not what it was.
    """
    x, y = xy_of(action.cell) if action.cell != -1 else (None, None)
    kind = KINDS_BY_KEY[action.card_kind]
    hidden = state.config.hidden_mail_orders and kind.type == MAIL
    emit(
        state,
        "card_played",
        {
            "seat": state.seat,
            "card": None if hidden else action.card,
            "name": None if hidden else kind.name,
            "card_kind": None if hidden else action.card_kind,
            "char": action.char if action.char != -1 else None,
            "building": BUILDING_IDS[action.building] if action.building != -1 else None,
            "target_index": action.target_index if action.target_index != -1 else None,
            "x": x,
            "y": y,
        },
    )


def play_card(state: State, action: Play) -> None:
    """Play a card: out of the hand, draw back (no reshuffle), then resolve its effect."""
    seat = state.seat
    remove_from_hand(state, seat, action.card)
    emit_card_played(state, action)
    draw_cards(state, seat, reshuffle=False)
    if KINDS_BY_KEY[action.card_kind].type == MAIL:
        in_mail = list(state.in_mail)
        in_mail[seat] = (*in_mail[seat], action.card)
        state.in_mail = tuple(in_mail)
        audience = mail_audience(state)
        emit(
            state,
            "mail_order",
            {"seat": seat, "card": action.card, "item": action.card_kind},
            audience,
        )
        return
    if action.card_kind == DISGUISE:
        state.disguises = tuple(sorted((*state.disguises, (action.char, action.card))))
        return
    state.discard = (*state.discard, action.card)
    resolve_instant(state, action)


def resolve_instant(state: State, action: Play) -> None:
    """Apply the effect of an instant card that has gone to the discard pile."""
    kind = action.card_kind
    if kind == CAREFUL_AIM:
        assert state.attack is not None
        state.attack = state.attack.evolve(aim=state.attack.aim + CAREFUL_AIM_BONUS)
    elif kind == SECOND_CHANCE:
        reroll(state, action.target_index)
    elif kind in CARD_ATTACKS:
        bonus = KINDS_BY_KEY[kind].attack_bonus
        open_attack(state, CARD, -1, (action.char,), -1, kind, action.card, bonus)
    elif kind == HOP_TO_IT:
        hop_to_it(state, action.char)
    elif kind == GREEN_THUMB:
        plant_carrot(state, state.seat, action.cell)
    elif kind == QUICK_FIX:
        repair_building(state, action.building)
    elif kind == TERMITES:
        damage_building(state, state.seat, action.building)
    elif kind == SPECIAL_DELIVERY:
        deliver_mail(state, state.phase)
    elif kind == TUNNEL:
        tunnel_to(state, action.cell, 0)


def hop_to_it(state: State, cid: int) -> None:
    """+2 MP for that character's move step: now if it is moving, else when it starts."""
    if state.phase == MOVE and state.active == cid:
        state.mp += HOP_TO_IT_MP
        return
    bonus = list(state.bonus_mp)
    bonus[cid] += HOP_TO_IT_MP
    state.bonus_mp = tuple(bonus)
