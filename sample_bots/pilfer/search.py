"""Rollout improvement of the greedy Pilfer policy (the method is in sample_bots.montecarlo).

Worlds are engine states rebuilt from the observation with the unseen tokens sampled
(``GAME.state_from_view``). The candidates are the greedy choice and the ``RUNNERS_UP``
other actions (purchases aside) that look best one action ahead in the first world. After
a candidate every seat plays on with the greedy policy for ``TURNS`` turns of the searching
seat (the other seats' replies and every townsfolk spin included), and the result is scored
by the chance of winning from there (value.py: a logistic model fitted to greedy self-play).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.games.pilfer import GAME
from sample_bots.montecarlo import Rollouts, search_decision, view_worlds
from sample_bots.pilfer import policy
from sample_bots.pilfer.board import Board
from sample_bots.pilfer.value import win_chance
from sample_bots.support import Deadline

TURNS: int | None = 1
"""Rollout horizon in turns of the searching seat (None: to the end of the game)."""
RUNNERS_UP = 3
NOT_SEARCHED = frozenset({"buy", "upgrade"})


def rollouts(board: Board) -> Rollouts[Any]:
    """Return the greedy rollouts of Pilfer on ``board``, scored by the chance of winning."""

    def greedy(observation: dict[str, Any], actions: list[dict[str, Any]], seat: int) -> int:
        return policy.choose(observation, actions, board, seat)

    return Rollouts(
        engine=GAME,
        policy=greedy,
        turn_seat=lambda state: GAME.status(state).turn_seat,
        evaluate=lambda state, seat: win_chance(state, seat, board),
        turns=TURNS,
    )


def candidates(
    world: Any,
    actions: Sequence[dict[str, Any]],
    greedy: int,
    seat: int,
    board: Board,
    runners_up: int = RUNNERS_UP,
) -> list[int]:
    """Return the greedy choice and ``runners_up`` more by their value one action ahead."""
    others = [i for i, a in enumerate(actions) if a.get("kind") not in NOT_SEARCHED and i != greedy]
    moves = GAME.legal_actions(world)
    ranked = sorted(
        others, key=lambda i: win_chance(GAME.apply(world, moves[i]), seat, board), reverse=True
    )
    return [greedy, *ranked[:runners_up]]


def search(
    observation: dict[str, Any],
    actions: Sequence[dict[str, Any]],
    action_labels: Sequence[str],
    board: Board,
    seat: int,
    config: Any,
    deadline: Deadline,
    rng: random.Random,
) -> int:
    """Return the index of the action to play (the greedy choice unless search beats it)."""
    greedy = policy.choose(observation, actions, board, seat)
    if sum(1 for a in actions if a.get("kind") not in NOT_SEARCHED) < 2:
        return greedy
    worlds = view_worlds(GAME, observation, config, seat, action_labels, rng)
    if worlds is None:
        return greedy
    first, sample_world = worlds
    alive = candidates(first, actions, greedy, seat, board)
    return search_decision(rollouts(board), alive, greedy, sample_world, seat, deadline)
