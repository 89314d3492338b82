"""Steps of any engine, joint or sequential, for the code that walks games generically.

A step is one decision of the seat to move, or a joint step of every seat an engine's
``to_act`` names (``referee.games.base.Simultaneous``). Random playouts, golden perft counts
and the conformance suite advance games through these helpers, so they walk simultaneous
games as they walk sequential ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

from referee.games.base import Game, Simultaneous
from referee.games.rng import Rng


def as_joint(game: Game[Any, Any]) -> Simultaneous[Any, Any]:
    """Return ``game`` as the ``Simultaneous`` engine it is at a joint state (only call it
    where ``joint_seats`` named seats: an engine without ``to_act`` has no joint methods)."""
    return cast(Simultaneous[Any, Any], game)


def joint_seats(game: Game[Any, Any], state: Any) -> tuple[int, ...]:
    """Return the seats acting together at ``state`` (empty: a sequential state or the end)."""
    to_act = getattr(game, "to_act", None)
    return () if to_act is None else tuple(to_act(state))


def seat_actions(game: Game[Any, Any], state: Any, seat: int) -> list[Any]:
    """Return the legal actions of ``seat`` at ``state``, joint or sequential."""
    if joint_seats(game, state):
        return as_joint(game).legal_actions_for(state, seat)
    return game.legal_actions(state)


def random_step(game: Game[Any, Any], state: Any, chooser: Rng) -> tuple[Any, tuple[int, ...]]:
    """Apply one step of random legal actions, drawn from ``chooser`` in seat order; return
    the new state and the indices drawn (one per acting seat)."""
    seats = joint_seats(game, state)
    if not seats:
        actions = game.legal_actions(state)
        index = chooser.below(len(actions))
        return game.apply(state, actions[index]), (index,)
    chosen: dict[int, Any] = {}
    indices = []
    for seat in seats:
        actions = as_joint(game).legal_actions_for(state, seat)
        index = chooser.below(len(actions))
        chosen[seat] = actions[index]
        indices.append(index)
    return as_joint(game).apply_joint(state, chosen), tuple(indices)


def successors(game: Game[Any, Any], state: Any) -> Iterator[tuple[str, Any]]:
    """Yield (label, state) for every step from ``state``: each legal action, or each
    combination of the acting seats' actions (labelled as a joint step's log line reads it:
    ``0: MOVE(N) + 1: MOVE(W)``)."""
    seats = joint_seats(game, state)
    if not seats:
        for action in game.legal_actions(state):
            yield game.action_label(action), game.apply(state, action)
        return
    combos: list[tuple[list[str], dict[int, Any]]] = [([], {})]
    for seat in seats:
        actions = as_joint(game).legal_actions_for(state, seat)
        combos = [
            ([*labels, f"{seat}: {game.action_label(action)}"], {**chosen, seat: action})
            for labels, chosen in combos
            for action in actions
        ]
    for labels, chosen in combos:
        yield " + ".join(labels), as_joint(game).apply_joint(state, chosen)
