"""Step 3 attacks (S3, S4, S7, S8, H7, H10, H14, H15, H19, H26, H27): options, windows,
dice, whomps and loot.

Chance order inside an attack: ``Roll`` draws ``dice_count`` d6 (one d6 with V4
``single_die``) per target, targets in increasing character id; each *Second Chance*
redraws the dice of one target.
"""

from __future__ import annotations

from referee.games.wabbit.actions import (
    AttackBuilding,
    AttackChar,
    Detonate,
    attack_building_action,
    attack_char_action,
    detonate_action,
)
from referee.games.wabbit.board import BUILDING_IDS, BUILDING_REACH, OUTSIDE, manhattan
from referee.games.wabbit.config import NOT_MOVED_ATK_BONUS
from referee.games.wabbit.items import (
    ATOMIC_BOMB,
    BOMB_MODIFIER,
    BOMB_RADIUS,
    VEHICLES,
    WEAPONS,
    card_of_item,
    kind_of,
)
from referee.games.wabbit.queries import (
    WINTER,
    building_defense,
    building_structure,
    defense,
    opponents,
    season,
    standing,
)
from referee.games.wabbit.records import Attack, Char
from referee.games.wabbit.roster import stats
from referee.games.wabbit.state import BUILDING_VP, POST_ROLL, PRE_ROLL, State
from referee.games.wabbit.turns import (
    emit,
)
from referee.games.wabbit.whomp import continue_whomps

UNARMED = "unarmed"
WEAPON = "weapon"
RAM = "ram"
CHARACTER = "character"
BUILDING = "building"
BOMB = "bomb"


def melee_reach(state: State, origin: int, target: int) -> bool:
    """Return whether ``target`` is on ``origin`` or on a connected adjacent cell (H7)."""
    return target in state.geometry.melee[origin]


def ranged_reach(state: State, origin: int, target: int, reach: int) -> bool:
    """Return whether ``target`` is within ``reach`` by a same-zone path (S7, H7)."""
    return state.geometry.zone_dist[origin].get(target, reach + 1) <= reach


def weapon_reaches(state: State, char: Char, cell: int, melee: bool) -> bool:
    """Return whether the held weapon (not the bomb) reaches ``cell``: melee, or ranged (S7)."""
    if char.weapon is None or kind_of(char.weapon) == ATOMIC_BOMB:
        return False
    reach = WEAPONS[kind_of(char.weapon)].reach
    return ranged_reach(state, char.cell, cell, reach) if reach else melee


def attack_modes(state: State, char: Char, target: Char) -> list[str]:
    """Return the modes with which ``char`` may attack ``target`` now (H10)."""
    modes = []
    melee = melee_reach(state, char.cell, target.cell)
    if melee:
        modes.append(UNARMED)
    if weapon_reaches(state, char, target.cell, melee):
        modes.append(WEAPON)
    zone = state.geometry.zone
    if (
        char.vehicle is not None
        and melee
        and zone[char.cell] == OUTSIDE
        and zone[target.cell] == OUTSIDE
        and target.cell not in state.holes
    ):
        modes.append(RAM)
    return modes


def building_modes(state: State, char: Char) -> list[str]:
    """Return the modes with which ``char`` may attack a building next to or around it."""
    modes = [UNARMED]
    if char.weapon is not None and kind_of(char.weapon) != ATOMIC_BOMB:
        modes.append(WEAPON)
    if char.vehicle is not None and state.geometry.zone[char.cell] == OUTSIDE:
        modes.append(RAM)
    return modes


def bomb_targets(state: State, char: Char) -> tuple[int, ...]:
    """Return the other players' characters within the blast, by character id (H27)."""
    return tuple(
        t.cid for t in opponents(state, char.seat) if manhattan(char.cell, t.cell) <= BOMB_RADIUS
    )


def attack_options(state: State, char: Char) -> list[object]:
    """Return the attack options of the acting character (characters, buildings, bomb)."""
    options: list[object] = []
    melee = state.geometry.melee[char.cell]
    held = kind_of(char.weapon) if char.weapon is not None else None
    ranged = held is not None and held != ATOMIC_BOMB and WEAPONS[held].reach > 0
    for target in state.chars:
        # Out of melee reach only a ranged weapon may attack.
        if target.seat == char.seat or not (ranged or target.cell in melee):
            continue
        options.extend(
            attack_char_action(target.cid, mode) for mode in attack_modes(state, char, target)
        )
    if season(state) == WINTER and char.seat != 0:
        for b in range(len(BUILDING_IDS)):
            if standing(state, b) and char.cell in BUILDING_REACH[b]:
                options.extend(
                    attack_building_action(b, mode) for mode in building_modes(state, char)
                )
    if (
        char.weapon is not None
        and kind_of(char.weapon) == ATOMIC_BOMB
        and bomb_targets(state, char)
    ):
        options.append(detonate_action())
    return options


def mode_modifier(char: Char, mode: str, vs_building: bool) -> int:
    """Return the modifier of an attack mode (weapon or vehicle, never both: H10)."""
    if mode == WEAPON and char.weapon is not None:
        weapon = WEAPONS[kind_of(char.weapon)]
        return weapon.modifier + (weapon.vs_building if vs_building else 0)
    if mode == RAM and char.vehicle is not None:
        return VEHICLES[kind_of(char.vehicle)].ram
    return 0


def character_bonus(state: State, char: Char) -> int:
    """Return the attack bonus plus S8's +1 if the character did not move."""
    bonus = stats(state.config, char.kind)[0]
    return bonus + (0 if state.moved else NOT_MOVED_ATK_BONUS)


def spend_single_use(state: State, char: Char) -> Char:
    """Remove a single-use weapon from the attacker; its card goes to the discard pile (H23)."""
    item = char.weapon
    if item is None or not WEAPONS[kind_of(item)].single_use:
        return char
    char = char.evolve(weapon=None)
    state.set_char(char)
    card = card_of_item(item)
    if card is not None:
        state.discard = (*state.discard, card)
    emit(state, "item_spent", {"char": char.cid, "item": item})
    return char


def declare_char_attack(state: State, action: AttackChar) -> None:
    """Declare a character attack: fix its bonus and open the pre-roll window."""
    char = state.chars[state.active]
    bonus = character_bonus(state, char) + mode_modifier(char, action.mode, False)
    if action.mode == WEAPON:
        spend_single_use(state, char)
    open_attack(state, CHARACTER, char.cid, (action.target,), -1, action.mode, -1, bonus)


def declare_building_attack(state: State, action: AttackBuilding) -> None:
    """Declare an attack on a building (Winter, Wabbit side, H26)."""
    char = state.chars[state.active]
    bonus = character_bonus(state, char) + mode_modifier(char, action.mode, True)
    if action.mode == WEAPON:
        spend_single_use(state, char)
    open_attack(state, BUILDING, char.cid, (), action.building, action.mode, -1, bonus)


def declare_bomb(state: State, action: Detonate) -> None:
    """Detonate the Atomic Bomb: one attack per target in the blast (H27)."""
    char = state.chars[state.active]
    targets = bomb_targets(state, char)
    bonus = character_bonus(state, char) + BOMB_MODIFIER
    spend_single_use(state, char)
    open_attack(state, BOMB, char.cid, targets, -1, WEAPON, -1, bonus)


def open_attack(
    state: State,
    source: str,
    attacker: int,
    targets: tuple[int, ...],
    building: int,
    mode: str,
    card: int,
    bonus: int,
) -> None:
    """Record the declared attack, remember where play resumes, and open the pre-roll window."""
    count = max(1, len(targets))
    state.attack = Attack(
        source, state.seat, attacker, targets, building, mode, card, (bonus,) * count, state.phase
    )
    state.phase = PRE_ROLL
    emit(
        state,
        "attack_declared",
        {
            "source": source,
            "seat": state.seat,
            "attacker": attacker if attacker >= 0 else None,
            "targets": list(targets),
            "building": BUILDING_IDS[building] if building >= 0 else None,
            "mode": mode,
            "card": card if card >= 0 else None,
        },
    )


def target_number(state: State, attack: Attack, index: int) -> int:
    """Return the Defense total the attack must reach for one target."""
    if attack.source == BUILDING:
        return building_defense(state.config, attack.building)
    return defense(state, state.chars[attack.targets[index]])


def roll_dice(state: State) -> tuple[int, ...]:
    """Roll the configured number of six-sided dice from the state's Rng (V4: one)."""
    return tuple(state.draw_source().dice(state.config.dice_per_roll()))


def emit_dice(state: State, attack: Attack, index: int, kind: str) -> None:
    """Publish one target's dice, total and target number."""
    rolls = attack.rolls[index]
    target = attack.targets[index] if attack.targets else None
    emit(
        state,
        kind,
        {
            "target": target,
            "dice": list(rolls),
            "total": attack.bonus[index] + attack.aim + sum(rolls),
            "target_number": target_number(state, attack, index),
        },
    )


def do_roll(state: State) -> None:
    """Roll for every target in order and open the post-roll window."""
    attack = state.attack
    assert attack is not None
    attack = attack.evolve(rolls=tuple(roll_dice(state) for _ in attack.bonus))
    state.attack = attack
    for index in range(len(attack.bonus)):
        emit_dice(state, attack, index, "dice")
    state.phase = POST_ROLL


def reroll(state: State, index: int) -> None:
    """Second Chance: roll one target's dice again; the new roll stands."""
    attack = state.attack
    assert attack is not None
    rolls = list(attack.rolls)
    rolls[index] = roll_dice(state)
    state.attack = attack.evolve(rolls=tuple(rolls))
    emit_dice(state, state.attack, index, "reroll")


def do_accept(state: State) -> None:
    """Resolve the attack: S3 total >= Defense hits; whomps follow in character id order."""
    attack = state.attack
    assert attack is not None
    hits = []
    for index, rolls in enumerate(attack.rolls):
        total = attack.bonus[index] + attack.aim + sum(rolls)
        hit = total >= target_number(state, attack, index)
        target = attack.targets[index] if attack.targets else None
        emit(state, "attack_result", {"target": target, "hit": hit})
        if hit and attack.source == BUILDING:
            damage_building(state, attack.seat, attack.building)
        elif hit:
            hits.append(attack.targets[index])
    state.queue = tuple(hits)
    continue_whomps(state)


def damage_building(state: State, seat: int, building: int) -> None:
    """Add 1 damage (+VP); the hit that reaches Structure destroys it (+bonus) (H26)."""
    config = state.config
    damage = list(state.damage)
    damage[building] += 1
    state.damage = tuple(damage)
    state.add_vp(seat, BUILDING_VP, config.building_hit_vp)
    name = BUILDING_IDS[building]
    emit(
        state,
        "building_damaged",
        {
            "building": name,
            "damage": damage[building],
            "seat": seat,
            "points": config.building_hit_vp,
        },
    )
    if damage[building] >= building_structure(config, building):
        state.mask |= 1 << building
        state.add_vp(seat, BUILDING_VP, config.building_destroy_bonus)
        emit(
            state,
            "building_destroyed",
            {"building": name, "seat": seat, "points": config.building_destroy_bonus},
        )
