"""Decisions a seat can take, as small frozen dataclasses, with labels and JSON forms."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from referee.games.base import JsonValue, field_names


@dataclass(frozen=True, slots=True)
class Buy:
    """BUY(type): buy a critter into the start space (setup, MAIN or ACTIVATION points)."""

    critter_type: str


@dataclass(frozen=True, slots=True)
class Done:
    """DONE: end this seat's setup purchases."""


@dataclass(frozen=True, slots=True)
class Upgrade:
    """UPGRADE(critter, type): upgrade a critter standing in its start space (G44)."""

    critter: int
    critter_type: str


@dataclass(frozen=True, slots=True)
class Activate:
    """ACTIVATE(critter): start the activation of a critter not yet activated this turn."""

    critter: int


@dataclass(frozen=True, slots=True)
class EndActivation:
    """END_ACTIVATION: stop the current activation; its unused actions are lost."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """END_TURN: finish the turn (MAIN menu only)."""


@dataclass(frozen=True, slots=True)
class Move:
    """MOVE(dir): one step N/E/S/W (or a diagonal, G31); ``STAY`` scuffles in place (G32)."""

    direction: str


@dataclass(frozen=True, slots=True)
class PickUp:
    """PICK_UP(token): take a face-up food or sparkly in the critter's cell (G11, G12)."""

    token: int
    token_kind: str


@dataclass(frozen=True, slots=True)
class Open:
    """OPEN(target): a trap or dumpster token (``token``) or a wall edge (``wall`` direction)."""

    target: str
    token: int = 0
    wall: str = ""


@dataclass(frozen=True, slots=True)
class Sniff:
    """SNIFF(token): look privately at a face-down token within one cell (G30)."""

    token: int


@dataclass(frozen=True, slots=True)
class Redirect:
    """REDIRECT(x, y): choose where a townsfolk goes after an off-board or forbidden spin (G24)."""

    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Avoid:
    """AVOID(yes/no): a Turtle or a Squirrel on a tree decides whether to avoid a scuffle (G38)."""

    yes: bool


@dataclass(frozen=True, slots=True)
class OptionalScuffle:
    """OPTIONAL_SCUFFLE(yes/no): fight the enemy critters of the cell just entered (G33)."""

    yes: bool


@dataclass(frozen=True, slots=True)
class PushStep:
    """PUSH_STEP(dir): push the beaten townsfolk one step (G37); ``OFF`` is never a direction."""

    direction: str


@dataclass(frozen=True, slots=True)
class PushStop:
    """STOP: end a push early."""


@dataclass(frozen=True, slots=True)
class DumpsterTake:
    """DUMPSTER_TAKE(token): swap the opened dumpster for a discarded token (G42)."""

    token: int
    token_kind: str


@dataclass(frozen=True, slots=True)
class DumpsterDecline:
    """DECLINE: leave the opened dumpster in place."""


Action = (
    Buy
    | Done
    | Upgrade
    | Activate
    | EndActivation
    | EndTurn
    | Move
    | PickUp
    | Open
    | Sniff
    | Redirect
    | Avoid
    | OptionalScuffle
    | PushStep
    | PushStop
    | DumpsterTake
    | DumpsterDecline
)

# One shared instance per value, for the legal actions listed anew at every decision: a frozen
# action is the same value however often it is listed, and a cache look-up costs a fraction of
# building one.
buy_action = functools.cache(Buy)
done_action = functools.cache(Done)
upgrade_action = functools.cache(Upgrade)
activate_action = functools.cache(Activate)
end_activation_action = functools.cache(EndActivation)
end_turn_action = functools.cache(EndTurn)
move_action = functools.cache(Move)
pick_up_action = functools.cache(PickUp)
open_action = functools.cache(Open)
sniff_action = functools.cache(Sniff)
redirect_action = functools.cache(Redirect)
avoid_action = functools.cache(Avoid)
optional_scuffle_action = functools.cache(OptionalScuffle)
push_step_action = functools.cache(PushStep)
push_stop_action = functools.cache(PushStop)
dumpster_take_action = functools.cache(DumpsterTake)
dumpster_decline_action = functools.cache(DumpsterDecline)

_KINDS: dict[type[Any], str] = {
    Buy: "buy",
    Done: "done",
    Upgrade: "upgrade",
    Activate: "activate",
    EndActivation: "end_activation",
    EndTurn: "end_turn",
    Move: "move",
    PickUp: "pick_up",
    Open: "open",
    Sniff: "sniff",
    Redirect: "redirect",
    Avoid: "avoid",
    OptionalScuffle: "optional_scuffle",
    PushStep: "push_step",
    PushStop: "stop",
    DumpsterTake: "dumpster_take",
    DumpsterDecline: "decline",
}


def _yes_no(flag: bool) -> str:
    """Return ``yes`` or ``no``."""
    return "yes" if flag else "no"


def _argument(action: Action) -> str:
    """Return the text inside the parentheses of a label ('' for bare actions)."""
    match action:
        case Buy(critter_type=kind):
            return kind
        case Upgrade(critter=critter, critter_type=kind):
            return f"{critter}, {kind}"
        case Activate(critter=critter):
            return str(critter)
        case Move(direction=direction) | PushStep(direction=direction):
            return direction
        case PickUp(token=token, token_kind=kind) | DumpsterTake(token=token, token_kind=kind):
            return f"{kind} {token}"
        case Open(target="wall", wall=wall):
            return f"wall {wall}"
        case Open(target=target, token=token):
            return f"{target} {token}"
        case Sniff(token=token):
            return str(token)
        case Redirect(x=x, y=y):
            return f"{x},{y}"
        case Avoid(yes=yes) | OptionalScuffle(yes=yes):
            return _yes_no(yes)
    return ""


def action_label(action: Action) -> str:
    """Return a short label such as ``MOVE(N)``, ``BUY(fox)`` or ``OPEN(wall E)``."""
    name = _KINDS[type(action)].upper()
    argument = _argument(action)
    return f"{name}({argument})" if argument else name


def action_data(action: Action) -> dict[str, JsonValue]:
    """Return the action as a JSON-ready dict with a ``kind`` key and its fields."""
    data: dict[str, JsonValue] = {"kind": _KINDS[type(action)]}
    for name in field_names(type(action)):
        data[name] = getattr(action, name)
    return data
