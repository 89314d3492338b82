"""Actions: one small frozen record per decision, with labels and JSON forms.

Cells in actions are cell numbers; ``action_data`` turns them into ``x``/``y``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.games.base import field_names
from referee.games.wabbit.board import BUILDING_IDS, xy_of
from referee.games.wabbit.cards import KINDS_BY_KEY, MAIL


@dataclass(frozen=True, slots=True)
class PlaceHole:
    """Place the arrived Portable Hole on a cell."""

    kind: ClassVar[str] = "place_hole"
    cell: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Step 1: discard one card from hand."""

    kind: ClassVar[str] = "discard"
    card: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Step 1: stop discarding and draw back up to three cards."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Choose:
    """Step 2: choose which character activates first."""

    kind: ClassVar[str] = "choose"
    char: int


@dataclass(frozen=True, slots=True)
class Move:
    """Move step: enter the adjacent cell in a direction (N, E, S, W)."""

    kind: ClassVar[str] = "move"
    direction: str


@dataclass(frozen=True, slots=True)
class Tunnel:
    """Move step (V1 permanent tunnels): go from a hole to an empty hole for 2 MP."""

    kind: ClassVar[str] = "tunnel"
    cell: int


@dataclass(frozen=True, slots=True)
class PickUp:
    """Move step free action: pick up an item on the character's cell."""

    kind: ClassVar[str] = "pick_up"
    item: str


@dataclass(frozen=True, slots=True)
class Drop:
    """Move step free action: drop a held item on the character's cell."""

    kind: ClassVar[str] = "drop"
    item: str


@dataclass(frozen=True, slots=True)
class Claim:
    """Move step free action: take an item from the player's Parcel."""

    kind: ClassVar[str] = "claim"
    item: str


@dataclass(frozen=True, slots=True)
class TakeCarrots:
    """Move step free action: pick up loose carrots (as many as there is room for)."""

    kind: ClassVar[str] = "take_carrots"


@dataclass(frozen=True, slots=True)
class EndMove:
    """End the move step."""

    kind: ClassVar[str] = "end_move"


@dataclass(frozen=True, slots=True)
class AttackChar:
    """Action step: attack a character with a mode (unarmed, weapon, ram)."""

    kind: ClassVar[str] = "attack"
    target: int
    mode: str


@dataclass(frozen=True, slots=True)
class AttackBuilding:
    """Action step (Winter, Wabbit side): attack a standing building with a mode."""

    kind: ClassVar[str] = "attack_building"
    building: int
    mode: str


@dataclass(frozen=True, slots=True)
class Detonate:
    """Action step: detonate the held Atomic Bomb."""

    kind: ClassVar[str] = "detonate"


@dataclass(frozen=True, slots=True)
class Plant:
    """Action step task (Spring): plant a carrot on this ploughed field cell."""

    kind: ClassVar[str] = "plant"


@dataclass(frozen=True, slots=True)
class Harvest:
    """Action step task (Summer): harvest the carrot on this cell."""

    kind: ClassVar[str] = "harvest"


@dataclass(frozen=True, slots=True)
class Repair:
    """Action step task (Farmer side): try to repair a damaged building."""

    kind: ClassVar[str] = "repair"
    building: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Action step: do nothing."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Roll:
    """Pre-roll window: roll the dice."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Accept:
    """Post-roll window: accept the dice and resolve the attack."""

    kind: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class LootItem:
    """Loot: take an item the whomped character dropped."""

    kind: ClassVar[str] = "loot_item"
    item: str


@dataclass(frozen=True, slots=True)
class LootCarrot:
    """Loot: take one carrot the whomped character dropped."""

    kind: ClassVar[str] = "loot_carrot"


@dataclass(frozen=True, slots=True)
class LootDone:
    """Loot: take nothing more."""

    kind: ClassVar[str] = "loot_done"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn (offered only after the second character's action step)."""

    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card; the parameters the card needs are set, the others are -1."""

    kind: ClassVar[str] = "play"
    card: int
    card_kind: str
    char: int = -1
    cell: int = -1
    building: int = -1
    target_index: int = -1


Action = (
    PlaceHole
    | Discard
    | Draw
    | Choose
    | Move
    | Tunnel
    | PickUp
    | Drop
    | Claim
    | TakeCarrots
    | EndMove
    | AttackChar
    | AttackBuilding
    | Detonate
    | Plant
    | Harvest
    | Repair
    | Pass
    | Roll
    | Accept
    | LootItem
    | LootCarrot
    | LootDone
    | EndTurn
    | Play
)


# One shared instance per value, for the legal actions listed anew at every decision: a frozen
# action is the same value however often it is listed, and a cache look-up costs a fraction of
# building one.
place_hole_action = functools.cache(PlaceHole)
discard_action = functools.cache(Discard)
draw_action = functools.cache(Draw)
choose_action = functools.cache(Choose)
move_action = functools.cache(Move)
tunnel_action = functools.cache(Tunnel)
pick_up_action = functools.cache(PickUp)
drop_action = functools.cache(Drop)
claim_action = functools.cache(Claim)
take_carrots_action = functools.cache(TakeCarrots)
end_move_action = functools.cache(EndMove)
attack_char_action = functools.cache(AttackChar)
attack_building_action = functools.cache(AttackBuilding)
detonate_action = functools.cache(Detonate)
plant_action = functools.cache(Plant)
harvest_action = functools.cache(Harvest)
repair_action = functools.cache(Repair)
pass_action = functools.cache(Pass)
roll_action = functools.cache(Roll)
accept_action = functools.cache(Accept)
loot_item_action = functools.cache(LootItem)
loot_carrot_action = functools.cache(LootCarrot)
loot_done_action = functools.cache(LootDone)
end_turn_action = functools.cache(EndTurn)
play_action = functools.cache(Play)


def _field_text(name: str, value: Any) -> str:
    """Return the label text of one action field."""
    if name in ("char", "target"):
        return f"c{value}"
    if name == "cell":
        x, y = xy_of(value)
        return f"({x},{y})"
    if name == "building":
        return str(BUILDING_IDS[value])
    if name == "target_index":
        return f"roll {value}"
    return str(value)


def action_label(action: Any) -> str:
    """Return a short label such as ``MOVE(E)`` or ``PLAY(card 12: Hop To It! c3)``."""
    if isinstance(action, Play):
        parts = [f"card {action.card}: {KINDS_BY_KEY[action.card_kind].name}"]
        for name in ("char", "cell", "building", "target_index"):
            value = getattr(action, name)
            if value != -1:
                parts.append(_field_text(name, value))
        return f"PLAY({' '.join(parts)})"
    values = [_field_text(name, getattr(action, name)) for name in field_names(type(action))]
    name = str(action.kind).upper()
    return f"{name}({', '.join(values)})" if values else name


def public_label(action: Any, hidden_mail_orders: bool) -> str:
    """Return ``action_label``, or ``PLAY(mail order)`` for a hidden Mail Order card (V2)."""
    hidden = isinstance(action, Play) and KINDS_BY_KEY[action.card_kind].type == MAIL
    if hidden_mail_orders and hidden:
        return "PLAY(mail order)"
    return action_label(action)


def action_data(action: Any) -> dict[str, Any]:
    """Return the action as a JSON-ready dict with a ``kind`` key and its fields."""
    data: dict[str, Any] = {"kind": action.kind}
    for name in field_names(type(action)):
        value = getattr(action, name)
        if name == "cell":
            data["x"], data["y"] = xy_of(value) if value != -1 else (-1, -1)
        elif name == "building":
            data["building"] = BUILDING_IDS[value] if value != -1 else None
        else:
            data[name] = value
    return data
