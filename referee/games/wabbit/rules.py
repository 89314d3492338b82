"""Legal actions per decision and the dispatch of an action to its rule.

Decision cap (H31): once a turn has taken ``max_actions_per_turn`` decisions, each
decision offers only its closing option (draw, first character, end move, pass, roll,
accept, stop looting, end turn, first hole cell) so the turn ends within a few more
decisions; a ``turn_cap`` event records it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games.wabbit import combat, movement, tasks, whomp
from referee.games.wabbit.actions import (
    Accept,
    AttackBuilding,
    AttackChar,
    Choose,
    Claim,
    Detonate,
    Discard,
    Draw,
    Drop,
    EndMove,
    EndTurn,
    Harvest,
    LootCarrot,
    LootDone,
    LootItem,
    Move,
    Pass,
    PickUp,
    PlaceHole,
    Plant,
    Play,
    Repair,
    Roll,
    TakeCarrots,
    Tunnel,
    accept_action,
    choose_action,
    discard_action,
    draw_action,
    end_move_action,
    end_turn_action,
    loot_done_action,
    pass_action,
    place_hole_action,
    roll_action,
)
from referee.games.wabbit.cardplay import play_card, turn_plays, window_plays
from referee.games.wabbit.config import HAND_SIZE
from referee.games.wabbit.queries import own_chars
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
    State,
)
from referee.games.wabbit.turns import (
    begin_move,
    deposit_carrots,
    emit,
    end_move,
    end_turn,
    finish_discards,
    hole_cells,
    place_hole,
    remove_from_hand,
)


def _discard_options(state: State) -> list[Any]:
    """Return step 1 options: discard one more card (up to three in all) or draw."""
    options: list[Any] = []
    if state.discards < HAND_SIZE:
        options.extend(discard_action(card) for card in state.hands[state.seat])
    options.append(draw_action())
    return options


def _loot(state: State) -> list[Any]:
    """Return the loot options of the pending whomp."""
    assert state.loot is not None and state.attack is not None
    return whomp.loot_options(state, state.loot, state.chars[state.attack.attacker])


_PRIMARY: dict[str, Callable[[State], list[Any]]] = {
    PLACE_HOLE: lambda s: [place_hole_action(cell) for cell in hole_cells(s)],
    DISCARD: _discard_options,
    CHOOSE: lambda s: [choose_action(c.cid) for c in own_chars(s, s.seat)],
    MOVE: movement.move_actions,
    ACTION: tasks.action_options,
    PRE_ROLL: lambda s: [roll_action()],
    POST_ROLL: lambda s: [accept_action()],
    LOOT: _loot,
    END_TURN: lambda s: [end_turn_action()],
}
_NO_CARDS = frozenset((PLACE_HOLE, LOOT))
_WINDOWS = frozenset((PRE_ROLL, POST_ROLL))
_CLOSING: dict[str, Any] = {
    DISCARD: draw_action(),
    MOVE: end_move_action(),
    ACTION: pass_action(),
    PRE_ROLL: roll_action(),
    POST_ROLL: accept_action(),
    LOOT: loot_done_action(),
    END_TURN: end_turn_action(),
}


def compute_legal(state: State) -> list[Any]:
    """Return the legal actions of the current decision, primary options first, then cards.

    Every primary finder returns a new list, which the card plays extend in place.
    """
    phase = state.phase
    if phase == OVER:
        return []
    primary = _PRIMARY[phase](state)
    if state.decisions >= state.config.max_actions_per_turn:
        return [_CLOSING.get(phase, primary[0])]
    if phase in _NO_CARDS:
        return primary
    if phase in _WINDOWS:
        primary += window_plays(state)
    else:
        primary += turn_plays(state)
    return primary


def _discard(state: State, action: Discard) -> None:
    """Step 1: discard one card to the discard pile (public)."""
    remove_from_hand(state, state.seat, action.card)
    state.discard = (*state.discard, action.card)
    state.discards += 1
    emit(
        state,
        "discard",
        {"seat": state.seat, "card": action.card, "card_kind": state.deck_kinds[action.card]},
    )


_HANDLERS: dict[type[Any], Callable[[State, Any], None]] = {
    PlaceHole: lambda s, a: place_hole(s, a.cell),
    Discard: _discard,
    Draw: lambda s, a: finish_discards(s),
    Choose: lambda s, a: begin_move(s, a.char),
    Move: movement.do_move,
    Tunnel: movement.do_tunnel,
    PickUp: movement.do_pick_up,
    Drop: movement.do_drop,
    Claim: movement.do_claim,
    TakeCarrots: movement.do_take_carrots,
    EndMove: lambda s, a: end_move(s),
    AttackChar: combat.declare_char_attack,
    AttackBuilding: combat.declare_building_attack,
    Detonate: combat.declare_bomb,
    Plant: tasks.do_plant,
    Harvest: tasks.do_harvest,
    Repair: tasks.do_repair,
    Pass: tasks.do_pass,
    Roll: lambda s, a: combat.do_roll(s),
    Accept: lambda s, a: combat.do_accept(s),
    LootItem: whomp.do_loot_item,
    LootCarrot: whomp.do_loot_carrot,
    LootDone: whomp.do_loot_done,
    EndTurn: lambda s, a: end_turn(s),
    Play: play_card,
}


def perform(state: State, action: Any) -> None:
    """Apply a legal action to a fresh copy in place, then deposit carrots and check the cap."""
    state.decisions += 1
    _HANDLERS[type(action)](state, action)
    if state.phase != OVER:
        deposit_carrots(state)
    if state.decisions == state.config.max_actions_per_turn:
        emit(state, "turn_cap", {"seat": state.seat, "decisions": state.decisions})
