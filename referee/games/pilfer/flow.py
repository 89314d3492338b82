"""The resolution loop: pending steps (a stack of frames), decisions and their legal actions.

Frames, processed last-in first-out until a decision is needed:

- ``("spin", townsfolk)``: spin and move one townsfolk (may ask REDIRECT);
- ``("cars",)``: sweep the empty lanes;
- ``("scuffle", Scuffle)``: choose the target, offer AVOID, roll, apply the result;
- ``("optional", critter, x, y)``: ask OPTIONAL_SCUFFLE;
- ``("push", seat, townsfolk, steps)``: ask the next PUSH_STEP;
- ``("reveal", critter, x, y)``: reveal the next face-down token of the cell;
- ``("discard", token)``: discard a resolved alarm.

When the stack is empty the decision falls back to the turn: setup buying, the
MAIN menu, or the ACTIVATION menu of the active critter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games.pilfer import activation, turns
from referee.games.pilfer.actions import (
    Action,
    Activate,
    Avoid,
    Buy,
    Done,
    DumpsterDecline,
    DumpsterTake,
    EndActivation,
    EndTurn,
    Move,
    Open,
    OptionalScuffle,
    PickUp,
    PushStep,
    PushStop,
    Redirect,
    Sniff,
    Upgrade,
    avoid_action,
    done_action,
    dumpster_decline_action,
    dumpster_take_action,
    end_activation_action,
    end_turn_action,
    optional_scuffle_action,
    push_step_action,
    push_stop_action,
    redirect_action,
)
from referee.games.pilfer.cars import handle_cars
from referee.games.pilfer.ops import critter_scuffle
from referee.games.pilfer.scuffle import answer_avoid, handle_scuffle
from referee.games.pilfer.state import Pending, State
from referee.games.pilfer.tokens import (
    answer_dumpster,
    dumpster_choices,
    handle_discard,
    handle_reveal,
)
from referee.games.pilfer.townsfolk import answer_push, answer_redirect, handle_push, handle_spin


def _ask_optional(state: State, cid: int, x: int, y: int) -> None:
    """Ask the mover's owner whether to fight the enemy critters of the cell (G33)."""
    state.pending = Pending("optional_scuffle", state.critters[cid - 1].owner, (cid, x, y))


def run(state: State) -> None:
    """Resolve frames until a decision is needed or the game ends; close spent activations.

    Each frame is run by its tag, the commonest tags first.
    """
    stack = state.stack
    while stack and state.pending is None and state.phase != "over":
        frame = stack.pop()
        tag = frame[0]
        if tag == "reveal":
            handle_reveal(state, frame[1], frame[2], frame[3])
        elif tag == "spin":
            handle_spin(state, frame[1])
        elif tag == "cars":
            handle_cars(state)
        elif tag == "scuffle":
            handle_scuffle(state, frame[1])
        elif tag == "optional":
            _ask_optional(state, frame[1], frame[2], frame[3])
        elif tag == "push":
            handle_push(state, frame[1], frame[2], frame[3])
        else:
            handle_discard(state, frame[1])
    if (
        state.phase == "play"
        and state.pending is None
        and state.active
        and state.critters[state.active - 1].actions <= 0
    ):
        turns.end_activation(state)


def decision_kind(state: State) -> str | None:
    """Return the kind of decision being asked, or None when the game is over."""
    if state.phase == "over":
        return None
    if state.pending is not None:
        return state.pending.kind
    if state.phase == "setup":
        return "setup_buy"
    return "activation" if state.active else "main"


def to_move(state: State) -> int | None:
    """Return the seat that owns the current decision (None when the game is over)."""
    if state.phase == "over":
        return None
    if state.pending is not None:
        return state.pending.seat
    return state.turn_seat


END_TURN = end_turn_action()
END_ACTIVATION = end_activation_action()


def _reactive_actions(state: State, pending: Pending) -> list[Action]:
    """Return the choices of a reactive decision."""
    kind = pending.kind
    if kind == "redirect":
        return [redirect_action(x, y) for x, y in pending.data[1]]
    if kind == "avoid":
        return [avoid_action(True), avoid_action(False)]
    if kind == "optional_scuffle":
        return [optional_scuffle_action(True), optional_scuffle_action(False)]
    if kind == "push_step":
        return [*(push_step_action(d) for d in pending.data[2]), push_stop_action()]
    takes: list[Action] = [
        dumpster_take_action(t, state.kind_of(t)) for t in dumpster_choices(state)
    ]
    return [*takes, dumpster_decline_action()]


def compute_legal(state: State) -> list[Action]:
    """Return the legal actions of the seat to move, in a fixed order."""
    if state.phase == "over":
        return []
    if state.pending is not None:
        return _reactive_actions(state, state.pending)
    seat = state.turn_seat
    if state.phase == "setup":
        return [*turns.buys(state, seat), done_action()]
    active = state.active
    if state.turn_decisions >= state.config.turn_decision_cap:  # the turn's cap (G15)
        return [END_ACTIVATION if active else END_TURN]
    # Every purchase costs at least one point.
    purchases = turns.purchases(state, seat) if state.points[seat] > 0 else []
    if not active:
        menu = turns.activations(state, seat)
        menu.append(END_TURN)
        return [*purchases, *menu] if purchases else menu
    menu = activation.critter_actions(state, state.critters[active - 1])
    menu += purchases
    menu.append(END_ACTIVATION)
    return menu


def _apply_reactive(state: State, pending: Pending, action: Action) -> None:
    """Resume the interrupted resolution with the answer to a reactive decision."""
    state.pending = None
    match action:
        case Redirect(x=x, y=y):
            answer_redirect(state, pending, x, y)
        case Avoid(yes=yes):
            answer_avoid(state, pending, yes)
        case OptionalScuffle(yes=yes):
            state.emit("optional_scuffle", {"critter": pending.data[0], "choice": yes})
            if yes:
                cid, x, y = pending.data
                state.stack.append(critter_scuffle(state.critters[cid - 1], x, y))
        case PushStep(direction=direction):
            answer_push(state, pending, direction)
        case PushStop():
            answer_push(state, pending, None)
        case DumpsterTake(token=token):
            answer_dumpster(state, pending, token)
        case DumpsterDecline():
            answer_dumpster(state, pending, 0)


def _move(state: State, action: Move) -> None:
    """MOVE the active critter (which spends one of its actions)."""
    activation.do_move(state, state.critters[state.active - 1], action.direction)


def _critter_action(state: State, action: Action) -> None:
    """Spend one action of the active critter and carry out a PICK_UP, SNIFF or OPEN."""
    critter = state.critters[state.active - 1]
    critter = critter.with_actions(critter.actions - 1, critter.activated)
    state.set_critter(critter)
    match action:
        case PickUp(token=token):
            activation.do_pick_up(state, critter, token)
        case Sniff(token=token):
            activation.do_sniff(state, critter, token)
        case Open():
            activation.do_open(state, critter, action)


def _buy(state: State, action: Buy) -> None:
    """BUY a critter (setup, MAIN or ACTIVATION)."""
    turns.do_buy(state, state.turn_seat, action.critter_type)


def _upgrade(state: State, action: Upgrade) -> None:
    """UPGRADE a critter in the start space."""
    turns.do_upgrade(state, state.turn_seat, action.critter, action.critter_type)


def _done(state: State, action: Done) -> None:
    """DONE: end this seat's setup purchases."""
    turns.finish_setup_seat(state)


def _activate(state: State, action: Activate) -> None:
    """ACTIVATE a critter."""
    turns.do_activate(state, action.critter)


def _end_activation(state: State, action: EndActivation) -> None:
    """END_ACTIVATION."""
    turns.end_activation(state)


def _end_turn(state: State, action: EndTurn) -> None:
    """END_TURN."""
    turns.end_turn(state)


_TURN_ACTIONS: dict[type[Any], Callable[[State, Any], None]] = {
    Move: _move,
    PickUp: _critter_action,
    Sniff: _critter_action,
    Open: _critter_action,
    Buy: _buy,
    Upgrade: _upgrade,
    Done: _done,
    Activate: _activate,
    EndActivation: _end_activation,
    EndTurn: _end_turn,
}
"""How each setup, MAIN or ACTIVATION decision is carried out, by its action's type (looked up
once per decision instead of matched case by case)."""


def apply_action(state: State, action: Action) -> State:
    """Return the state after a legal ``action`` (legality is checked by the caller)."""
    new = state.copy()
    if new.phase == "play":
        new.turn_decisions += 1
    pending = new.pending
    if pending is not None:
        _apply_reactive(new, pending, action)
    else:
        _TURN_ACTIONS[type(action)](new, action)
    run(new)
    return new
