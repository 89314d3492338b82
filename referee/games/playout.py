"""Random legal play over any engine: for tests, benchmarks and quick demos."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.games.base import Game
from referee.games.joint import random_step
from referee.games.rng import Rng


@dataclass(frozen=True)
class Playout:
    """The end of a random playout: final state, decisions (steps) taken and action indices
    chosen (one per acting seat of a joint step, in seat order)."""

    state: Any
    decisions: int
    choices: tuple[int, ...]


def random_playout(
    game: Game[Any, Any], state: Any, seed: int, max_decisions: int = 1_000_000
) -> Playout:
    """Play uniformly random legal actions from ``state`` until the game ends.

    The chooser has its own random source (``seed``), separate from the game's.
    Raises RuntimeError if the game has not ended after ``max_decisions``.
    """
    chooser = Rng(seed)
    choices: list[int] = []
    decisions = 0
    joint = hasattr(game, "to_act")  # a sequential game keeps the loop free of joint steps
    while game.to_move(state) is not None:
        if decisions >= max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
        if joint:
            state, indices = random_step(game, state, chooser)
            choices.extend(indices)
        else:
            actions = game.legal_actions(state)
            index = chooser.below(len(actions))
            choices.append(index)
            state = game.apply(state, actions[index])
        decisions += 1
    return Playout(state=state, decisions=decisions, choices=tuple(choices))
