"""Random legal play over any engine: for tests, benchmarks and quick demos."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.games.base import Game
from referee.games.rng import Rng


@dataclass(frozen=True)
class Playout:
    """The end of a random playout: final state, decisions taken and action indices chosen."""

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
    while game.to_move(state) is not None:
        if len(choices) >= max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
        actions = game.legal_actions(state)
        index = chooser.below(len(actions))
        choices.append(index)
        state = game.apply(state, actions[index])
    return Playout(state=state, decisions=len(choices), choices=tuple(choices))
