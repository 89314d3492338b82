"""Positions for the Liar's Dice tests: a new match, cups set by hand, bids played."""

from __future__ import annotations

from ruckus_liars_dice.actions import Bid
from ruckus_liars_dice.engine import GAME
from ruckus_liars_dice.rules import LIAR
from ruckus_liars_dice.state import State

__all__ = ["GAME", "LIAR", "Bid", "new", "play", "with_cups"]


def new(players: int = 2, seed: int = 1, scenario: str | None = None, **config: object) -> State:
    """Return a new match."""
    return GAME.new_state(GAME.make_config(scenario, **config), players, seed)


def with_cups(state: State, *cups: tuple[int, ...], seat: int | None = None) -> State:
    """Return a copy whose seats hold ``cups`` this round; a seat with an empty cup is out
    (after the seats already out, in seat order)."""
    changed = state.copy()
    changed.dice = tuple(tuple(sorted(cup)) for cup in cups)
    changed.counts = tuple(len(cup) for cup in cups)
    emptied = tuple(s for s, cup in enumerate(cups) if not cup and s not in state.out)
    changed.out = (*state.out, *emptied)
    if seat is not None:
        changed.seat = seat
    return changed


def play(state: State, *labels: str) -> State:
    """Apply actions given by label (``BID(3x5)``, ``LIAR``) one after another."""
    for label in labels:
        actions = {GAME.action_label(a): a for a in GAME.legal_actions(state)}
        state = GAME.apply(state, actions[label])
    return state
