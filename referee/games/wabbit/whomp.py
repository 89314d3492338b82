"""Whomps (S4, H15, H25): drop belongings, loot choices, home and victory points; then the
attack closes and play resumes.
"""

from __future__ import annotations

from referee.games.wabbit.actions import (
    LootCarrot,
    LootDone,
    LootItem,
    loot_carrot_action,
    loot_done_action,
    loot_item_action,
)
from referee.games.wabbit.config import WHOMP_VP
from referee.games.wabbit.movement import hold, may_hold
from referee.games.wabbit.queries import AUTUMN, loose_at, season
from referee.games.wabbit.records import Char, Loot
from referee.games.wabbit.state import LOOT, WHOMP, State
from referee.games.wabbit.turns import (
    add_loose,
    cell_json,
    emit,
    end_action_step,
    put_item,
    set_loose,
    take_item,
)

CARD = "card"


def continue_whomps(state: State) -> None:
    """Whomp the queued targets one by one, pausing for loot; then finish the attack."""
    attack = state.attack
    assert attack is not None
    while state.queue:
        target = state.chars[state.queue[0]]
        loot = drop_belongings(state, target)
        if attack.attacker >= 0 and loot_options(state, loot, state.chars[attack.attacker]):
            state.loot = loot
            state.phase = LOOT
            return
        complete_whomp(state, target.cid)
    finish_attack(state)


def drop_belongings(state: State, target: Char) -> Loot:
    """S4 (1): the defender drops its weapon, vehicle and carried carrots on its cell."""
    items = tuple(i for i in (target.weapon, target.vehicle) if i is not None)
    for item in items:
        put_item(state, item, target.cell)
    add_loose(state, target.cell, target.carrots)
    state.set_char(target.evolve(weapon=None, vehicle=None, carrots=0))
    emit(state, "dropped", {"char": target.cid, "items": list(items), "carrots": target.carrots})
    return Loot(target.cid, target.cell, items, target.carrots)


def loot_options(state: State, loot: Loot, attacker: Char) -> list[object]:
    """Return what the attacking character may still take from the whomp (H15)."""
    options: list[object] = [
        loot_item_action(item) for item in loot.items if may_hold(state, item, attacker.cell)
    ]
    if loot.carrots and attacker.carrots < state.config.carry_limit:
        options.append(loot_carrot_action())
    if options:
        options.append(loot_done_action())
    return options


def do_loot_item(state: State, action: LootItem) -> None:
    """Take a dropped item (a swap drops the attacker's old one on the attacker's cell)."""
    loot = state.loot
    assert loot is not None and state.attack is not None
    attacker = state.chars[state.attack.attacker]
    take_item(state, action.item)
    hold(state, attacker, action.item, attacker.cell)
    state.loot = Loot(
        loot.target, loot.cell, tuple(i for i in loot.items if i != action.item), loot.carrots
    )
    emit(state, "loot", {"char": attacker.cid, "item": action.item, "carrots": 0})
    after_loot_choice(state)


def do_loot_carrot(state: State, action: LootCarrot) -> None:
    """Take one dropped carrot."""
    loot = state.loot
    assert loot is not None and state.attack is not None
    attacker = state.chars[state.attack.attacker]
    set_loose(state, loot.cell, loose_at(state, loot.cell) - 1)
    state.set_char(attacker.evolve(carrots=attacker.carrots + 1))
    state.loot = Loot(loot.target, loot.cell, loot.items, loot.carrots - 1)
    emit(state, "loot", {"char": attacker.cid, "item": None, "carrots": 1})
    after_loot_choice(state)


def after_loot_choice(state: State) -> None:
    """End the loot decision when nothing more can be taken."""
    assert state.loot is not None and state.attack is not None
    if not loot_options(state, state.loot, state.chars[state.attack.attacker]):
        do_loot_done(state, LootDone())


def do_loot_done(state: State, action: LootDone) -> None:
    """Stop looting: the whomp completes and the next queued target follows."""
    assert state.loot is not None
    target = state.loot.target
    state.loot = None
    complete_whomp(state, target)
    continue_whomps(state)


def complete_whomp(state: State, target: int) -> None:
    """S4 (2) the defender goes home; (3) the attacking player scores (+ Autumn bonus, H25)."""
    attack = state.attack
    assert attack is not None
    char = state.chars[target]
    state.set_char(char.evolve(cell=char.home))
    points = WHOMP_VP + (state.config.autumn_whomp_bonus if season(state) == AUTUMN else 0)
    state.add_vp(attack.seat, WHOMP, points)
    state.queue = state.queue[1:]
    emit(
        state,
        "whomp",
        {"target": target, "seat": attack.seat, "points": points, **cell_json(char.home)},
    )


def finish_attack(state: State) -> None:
    """Close the attack: a step-3 attack ends the action step; a card attack resumes play."""
    attack = state.attack
    assert attack is not None
    state.attack = None
    state.queue = ()
    if attack.source == CARD:
        state.phase = attack.resume
    else:
        end_action_step(state)
