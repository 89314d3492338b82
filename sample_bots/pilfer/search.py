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
from sample_bots.montecarlo import Rollouts, search_decision
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
    world: Any, actions: Sequence[dict[str, Any]], greedy: int, seat: int, board: Board
) -> list[int]:
    """Return the greedy choice and the runners-up by their value one action ahead."""
    others = [i for i, a in enumerate(actions) if a.get("kind") not in NOT_SEARCHED and i != greedy]
    moves = GAME.legal_actions(world)
    ranked = sorted(
        others, key=lambda i: win_chance(GAME.apply(world, moves[i]), seat, board), reverse=True
    )
    return [greedy, *ranked[:RUNNERS_UP]]


def _world(observation: dict[str, Any], config: Any, seat: int, rng: random.Random) -> Any:
    """Return an engine state consistent with the observation (``GAME.state_from_view``)."""
    players = int(observation.get("players", 2))
    return GAME.state_from_view(config, players, seat, observation, rng)


def _labels(state: Any) -> list[str]:
    """Return the labels of the legal actions of ``state``, as a DecisionRequest lists them."""
    return [GAME.action_label(action) for action in GAME.legal_actions(state)]


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
    first = _world(observation, config, seat, rng)
    if first is None or _labels(first) != list(action_labels):
        return greedy
    alive = candidates(first, actions, greedy, seat, board)
    worlds = [first]

    def sample_world() -> Any:
        return worlds.pop() if worlds else _world(observation, config, seat, rng)

    return search_decision(rollouts(board), alive, greedy, sample_world, seat, deadline)
