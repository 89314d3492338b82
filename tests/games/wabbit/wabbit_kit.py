"""Helpers to build hand-made Wabbit positions for rule tests."""

from __future__ import annotations

from typing import Any

from referee.games.rng import Rng
from referee.games.wabbit import GAME
from referee.games.wabbit.actions import EndTurn
from referee.games.wabbit.board import cell_of
from referee.games.wabbit.state import ACTION, END_TURN, State
from referee.games.wabbit.turns import begin_move

FARMER, HAND, WABBIT_1, BUNNY_1, WABBIT_2, BUNNY_2, WABBIT_3, BUNNY_3 = range(8)


def at(x: int, y: int) -> int:
    return cell_of(x, y)


def new(players: int = 2, seed: int = 0, **config: Any) -> State:
    return GAME.new_state(GAME.make_config(**config), players, seed)


def edit(state: State) -> State:
    """Return a copy that a test may change freely."""
    return state.copy()


def board(
    players: int = 2,
    round: int = 1,
    seed: int = 0,
    clear_items: bool = True,
    **config: Any,
) -> State:
    """A fresh match, copied for editing, optionally with no items on the board."""
    state = edit(new(players, seed, **config))
    state.round = round
    if clear_items:
        state.items = ()
    return state


def place(state: State, cid: int, x: int, y: int, **changes: Any) -> None:
    state.set_char(state.chars[cid].evolve(cell=cell_of(x, y), **changes))


def put(state: State, item: str, x: int, y: int) -> None:
    state.items = tuple(sorted((*state.items, (item, cell_of(x, y)))))


def card_of_kind(state: State, kind: str, taken: tuple[int, ...] = ()) -> int:
    """Return a card of ``kind`` not in ``taken``, preferring one that is in no hand."""
    in_hands = {c for hand in state.hands for c in hand}
    free = [c for c, k in enumerate(state.deck_kinds) if k == kind and c not in taken]
    return min(free, key=lambda c: (c in in_hands, c))


def give_hand(state: State, seat: int, kinds: list[str]) -> tuple[int, ...]:
    """Give ``seat`` a hand of cards of these kinds; other cards keep their places."""
    hand: tuple[int, ...] = ()
    for kind in kinds:
        hand = (*hand, card_of_kind(state, kind, hand))
    old = [c for c in state.hands[seat] if c not in hand]
    state.draw = tuple(c for c in state.draw if c not in hand) + tuple(old)
    state.discard = tuple(c for c in state.discard if c not in hand)
    hands = [tuple(c for c in h if c not in hand) for h in state.hands]
    hands[seat] = hand
    state.hands = tuple(hands)
    return hand


def stack_draw(state: State, kinds: list[str]) -> None:
    """Put cards of these kinds (taken from the draw pile) on top of it, in order."""
    top: tuple[int, ...] = ()
    for kind in kinds:
        top = (*top, next(c for c in state.draw if state.deck_kinds[c] == kind and c not in top))
    state.draw = top + tuple(c for c in state.draw if c not in top)


def to_action(state: State, cid: int, moved: bool = False) -> None:
    """Make ``cid`` the active character at its action step (step 3)."""
    state.seat = state.chars[cid].seat
    state.active = cid
    state.moved = moved
    state.move_done = (cid,)
    state.action_done = ()
    state.phase = ACTION


def to_move(state: State, cid: int) -> None:
    """Make ``cid`` the active character at the start of its move step."""
    state.seat = state.chars[cid].seat
    state.move_done = ()
    state.action_done = ()
    begin_move(state, cid)
    state.events = ()


def seed_for_totals(totals: list[int], dice: int = 2) -> int:
    """Return an Rng seed whose next rolls of ``dice`` d6 sum to ``totals`` in order."""
    for seed in range(200_000):
        rng = Rng(seed)
        if all(sum(rng.dice(dice)) == total for total in totals):
            return seed
    raise AssertionError(f"no seed rolls {totals}")


def rig_dice(state: State, totals: list[int]) -> None:
    """Make the next attack rolls of ``state`` come out as ``totals``."""
    state.rng = Rng(seed_for_totals(totals, state.config.dice_per_roll()))


def play(state: State, *actions: Any) -> State:
    """Apply actions in order (a hand-edited state first drops its cached legal actions)."""
    state.legal_cache = None
    for action in actions:
        state = GAME.apply(state, action)
    return state


def legal(state: State) -> list[Any]:
    state.legal_cache = None
    return GAME.legal_actions(state)


def kinds(state: State) -> list[str]:
    return [e.kind for e in GAME.events(state)]


def event(state: State, kind: str) -> dict[str, Any]:
    return next(dict(e.data) for e in GAME.events(state) if e.kind == kind)


def end_turn_now(state: State) -> State:
    """Skip to the end of the current turn and end it."""
    state = edit(state)
    state.phase = END_TURN
    state.active = -1
    return play(state, EndTurn())
