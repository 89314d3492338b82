"""Rollout improvement of the greedy Pilfer policy (the method is in sample_bots.montecarlo).

Worlds are engine states rebuilt from the observation with the unseen tokens sampled
(model.py). The candidates are the greedy choice and the ``RUNNERS_UP`` other actions
(purchases aside) that look best one action ahead in the first world. After a candidate
every seat plays on with the greedy policy for ``TURNS`` turns of the searching seat (the
other seats' replies and every townsfolk spin included), and the result is scored: points,
critters, food on its way home and goals within reach, against the best other seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.games.pilfer import GAME
from referee.games.pilfer.config import Config
from referee.games.pilfer.state import State
from sample_bots.montecarlo import Rollouts, search_decision
from sample_bots.pilfer import policy
from sample_bots.pilfer.board import Board
from sample_bots.pilfer.model import build_state, labels
from sample_bots.pilfer.odds import food_value
from sample_bots.pilfer.view import View, at
from sample_bots.support import Deadline

POINT = 10.0
WIN = 1000.0
TURNS: int | None = 1
"""Rollout horizon in turns of the searching seat (None: to the end of the game)."""
RUNNERS_UP = 3
GOAL_WEIGHT = 0.5
"""How much the best goal within reach of a free critter counts, in points."""
CRITTER_WORTH = 0.8
"""A point spent on critters counts this much of a point in hand."""
NOT_SEARCHED = frozenset({"buy", "upgrade"})


def evaluate(state: State, seat: int, board: Board) -> float:
    """Score ``state`` for ``seat``: its value minus the best other seat's (wins dominate).

    A seat's value counts points, what its critters are worth, food on its way home and,
    for the seat itself, the best goal within reach of each free critter.
    """
    view = View(GAME.observe(state, seat), board, seat)
    best_other = max(
        (_seat_value(view, other, False) for other in range(state.players) if other != seat),
        default=0.0,
    )
    margin = _seat_value(view, seat, True) - best_other
    if state.phase != "over":
        return margin
    outcome = GAME.outcome(state)
    if outcome is None or outcome.ranks[seat] != 1:
        return margin - WIN
    return margin + (WIN if outcome.winners == (seat,) else 0.0)


def _seat_value(view: View, seat: int, with_goals: bool) -> float:
    """Return a seat's points, what its critters are worth, and the value of their positions."""
    value = POINT * (view.points.get(seat, 0) + CRITTER_WORTH * view.spent.get(seat, 0))
    home = view.home(seat)
    for critter in view.critters:
        if int(critter.get("owner", 0)) != seat:
            continue
        carried = sum(food_value(t.get("kind")) for t in critter.get("carrying", []))
        if carried:
            cost = view.path_costs(home, critter).get(at(critter), 20.0)
            value += POINT * carried * 0.92**cost
        if critter.get("trapped"):
            value -= 3.0
        elif with_goals and not carried:
            value += POINT * GOAL_WEIGHT * view.best_goal(critter)[0]
    return value


def rollouts(board: Board) -> Rollouts[State]:
    """Return the greedy rollouts of Pilfer on ``board``."""

    def greedy(observation: dict[str, Any], actions: list[dict[str, Any]], seat: int) -> int:
        return policy.choose(observation, actions, board, seat)

    return Rollouts(
        engine=GAME,
        policy=greedy,
        turn_seat=lambda state: state.turn_seat,
        evaluate=lambda state, seat: evaluate(state, seat, board),
        turns=TURNS,
    )


def candidates(
    world: State, actions: Sequence[dict[str, Any]], greedy: int, seat: int, board: Board
) -> list[int]:
    """Return the greedy choice and the runners-up by their value one action ahead."""
    others = [i for i, a in enumerate(actions) if a.get("kind") not in NOT_SEARCHED and i != greedy]
    moves = GAME.legal_actions(world)
    ranked = sorted(
        others, key=lambda i: evaluate(GAME.apply(world, moves[i]), seat, board), reverse=True
    )
    return [greedy, *ranked[:RUNNERS_UP]]


def search(
    observation: dict[str, Any],
    actions: Sequence[dict[str, Any]],
    action_labels: Sequence[str],
    board: Board,
    seat: int,
    config: Config,
    deadline: Deadline,
    rng: random.Random,
) -> int:
    """Return the index of the action to play (the greedy choice unless search beats it)."""
    greedy = policy.choose(observation, actions, board, seat)
    if sum(1 for a in actions if a.get("kind") not in NOT_SEARCHED) < 2:
        return greedy
    first = build_state(observation, config, seat, rng)
    if first is None or labels(first) != list(action_labels):
        return greedy
    alive = candidates(first, actions, greedy, seat, board)
    worlds = [first]

    def sample_world() -> State | None:
        return worlds.pop() if worlds else build_state(observation, config, seat, rng)

    return search_decision(rollouts(board), alive, greedy, sample_world, seat, deadline)
