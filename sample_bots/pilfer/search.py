"""Determinized flat Monte Carlo for Pilfer (see sample_bots.montecarlo for the method).

Worlds are engine states rebuilt from the observation with the unseen tokens sampled
(model.py). After a candidate action the rollout plays on with the greedy policy for
every seat that must decide, until the searching seat may act again (the other seats'
replies and every townsfolk spin included), and scores the result: points, critters,
food on its way home and goals within reach, against the best other seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.games.pilfer import GAME
from referee.games.pilfer.config import Config
from referee.games.pilfer.state import State
from sample_bots.montecarlo import flat_monte_carlo
from sample_bots.pilfer import policy
from sample_bots.pilfer.board import Board
from sample_bots.pilfer.model import build_state, labels
from sample_bots.pilfer.odds import food_value
from sample_bots.pilfer.view import View, at
from sample_bots.support import Deadline

POINT = 10.0
WIN = 1000.0
ROLLOUT_DECISIONS = 200
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
    if state.phase == "over":
        outcome = GAME.outcome(state)
        if outcome is not None and outcome.ranks[seat] == 1:
            return WIN if outcome.winners == (seat,) else 0.0
        return -WIN
    view = View(GAME.observe(state, seat), board, seat)
    best_other = max(
        (_seat_value(view, other, False) for other in range(state.players) if other != seat),
        default=0.0,
    )
    return _seat_value(view, seat, True) - best_other


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


def rollout(state: State, seat: int, board: Board) -> float:
    """Play greedily through the other seats' turns until ``seat`` may act again; evaluate.

    The horizon covers the rest of this turn, every townsfolk spin until the next one
    (where exposed critters get caught) and the other seats' replies.
    """
    left_turn = False
    for _ in range(ROLLOUT_DECISIONS):
        mover = GAME.to_move(state)
        if mover is None:
            break
        if state.turn_seat != seat:
            left_turn = True
        elif left_turn and state.pending is None:
            break
        actions = GAME.legal_actions(state)
        data = [GAME.action_data(action) for action in actions]
        index = policy.choose(GAME.observe(state, mover), data, board, mover)
        state = GAME.apply(state, actions[index])
    return evaluate(state, seat, board)


def candidates(actions: Sequence[dict[str, Any]], greedy: int) -> list[int]:
    """Return the actions worth searching: all but purchases, plus the greedy choice."""
    chosen = [i for i, a in enumerate(actions) if a.get("kind") not in NOT_SEARCHED]
    if greedy not in chosen:
        chosen.append(greedy)
    return chosen


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
    alive = candidates(actions, greedy)
    if len(alive) < 2:
        return greedy
    first = build_state(observation, config, seat, rng)
    if first is None or labels(first) != list(action_labels):
        return greedy
    worlds = [first]

    def sample_world() -> State | None:
        return worlds.pop() if worlds else build_state(observation, config, seat, rng)

    def simulate(world: State, index: int) -> float:
        return rollout(GAME.apply(world, GAME.legal_actions(world)[index]), seat, board)

    return flat_monte_carlo(alive, greedy, sample_world, simulate, deadline)
