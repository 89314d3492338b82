"""Determinized flat Monte Carlo for Wabbit (see sample_bots.montecarlo for the method).

Worlds are engine states rebuilt from the observation with the other hands and the draw
pile dealt at random (model.py). After a candidate action the rollout plays on with the
greedy policy until the searching seat's next turn begins (its own turn and every other
seat's reply included) and scores the result: VP and carried carrots against the best
other seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.games.wabbit import GAME
from referee.games.wabbit.config import Config
from referee.games.wabbit.state import State
from sample_bots.montecarlo import flat_monte_carlo
from sample_bots.support import Deadline
from sample_bots.wabbit import policy
from sample_bots.wabbit.board import Farm
from sample_bots.wabbit.model import build_state, labels

WIN = 1000.0
CARRIED_CARROT = 0.7
"""A carried carrot is most of a VP: it scores when its carrier gets home."""
ROLLOUT_DECISIONS = 400
FARMER_SEAT = 0


def _seat_value(state: State, seat: int) -> float:
    """Return a seat's VP, the carrots it carries and, for the Farmer, the VP still to come.

    The Farmer scores the carrots still planted at the end of summer and every building
    still standing at the end; counting them now makes the search defend them.
    """
    carried = sum(char.carrots for char in state.chars if char.seat == seat)
    value = state.score(seat) + CARRIED_CARROT * carried
    if seat == FARMER_SEAT:
        config = state.config
        if state.round <= 2 * config.rounds_per_season:
            value += config.leftover_carrot_vp * len(state.planted)
        standing = sum(1 for b in range(len(state.damage)) if not state.mask >> b & 1)
        value += config.farmer_standing_building_vp * standing
    return value


def evaluate(state: State, seat: int) -> float:
    """Score ``state`` for ``seat``: its value minus the best other seat's (wins dominate)."""
    outcome = GAME.outcome(state)
    if outcome is not None:
        if outcome.ranks[seat] == 1:
            return WIN if outcome.winners == (seat,) else 0.0
        return -WIN
    others = [_seat_value(state, other) for other in range(state.players) if other != seat]
    return _seat_value(state, seat) - max(others, default=0.0)


def rollout(state: State, seat: int, farm: Farm) -> float:
    """Play greedily until ``seat``'s next turn begins (or the game ends); evaluate."""
    left_turn = False
    for _ in range(ROLLOUT_DECISIONS):
        mover = GAME.to_move(state)
        if mover is None or (left_turn and mover == seat):
            break
        left_turn = left_turn or mover != seat
        actions = GAME.legal_actions(state)
        data = [GAME.action_data(action) for action in actions]
        index = policy.choose(GAME.observe(state, mover), data, farm, mover)
        state = GAME.apply(state, actions[index])
    return evaluate(state, seat)


def search(
    observation: dict[str, Any],
    actions: Sequence[dict[str, Any]],
    action_labels: Sequence[str],
    farm: Farm,
    seat: int,
    config: Config,
    deadline: Deadline,
    rng: random.Random,
) -> int:
    """Return the index of the action to play (the greedy choice unless search beats it)."""
    greedy = policy.choose(observation, actions, farm, seat)
    if len(actions) < 2:
        return greedy
    first = build_state(observation, config, seat, rng)
    if first is None or labels(first) != list(action_labels):
        return greedy
    worlds = [first]

    def sample_world() -> State | None:
        return worlds.pop() if worlds else build_state(observation, config, seat, rng)

    def simulate(world: State, index: int) -> float:
        return rollout(GAME.apply(world, GAME.legal_actions(world)[index]), seat, farm)

    return flat_monte_carlo(list(range(len(actions))), greedy, sample_world, simulate, deadline)
