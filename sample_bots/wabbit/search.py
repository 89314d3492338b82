"""Rollout improvement of the greedy Wabbit policy (the method is in sample_bots.montecarlo).

Worlds are engine states rebuilt from the observation with the other hands and the draw
pile dealt at random (model.py). The candidates are the greedy choice and the
``RUNNERS_UP`` actions the greedy policy itself scores next best. After a candidate every
seat plays on with the greedy policy for ``TURNS`` turns of the searching seat, and the
result is scored: VP and carried carrots against the best other seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.games.wabbit import GAME
from referee.games.wabbit.config import Config
from referee.games.wabbit.state import State
from sample_bots.montecarlo import Rollouts, search_decision
from sample_bots.support import Deadline
from sample_bots.wabbit import policy
from sample_bots.wabbit.board import Farm
from sample_bots.wabbit.model import build_state, labels

WIN = 1000.0
CARRIED_CARROT = 0.7
"""A carried carrot is most of a VP: it scores when its carrier gets home."""
TURNS: int | None = 1
"""Rollout horizon in turns of the searching seat (None: to the end of the game)."""
RUNNERS_UP = 3
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
        margin = state.score(seat) - max(
            (state.score(other) for other in range(state.players) if other != seat), default=0
        )
        if outcome.ranks[seat] != 1:
            return margin - WIN
        return margin + (WIN if outcome.winners == (seat,) else 0.0)
    others = [_seat_value(state, other) for other in range(state.players) if other != seat]
    return _seat_value(state, seat) - max(others, default=0.0)


def rollouts(farm: Farm) -> Rollouts[State]:
    """Return the greedy rollouts of Wabbit on ``farm``."""

    def greedy(observation: dict[str, Any], actions: list[dict[str, Any]], seat: int) -> int:
        return policy.choose(observation, actions, farm, seat)

    return Rollouts(
        engine=GAME,
        policy=greedy,
        turn_seat=lambda state: state.seat,
        evaluate=evaluate,
        turns=TURNS,
    )


def candidates(
    observation: dict[str, Any], actions: Sequence[dict[str, Any]], farm: Farm, seat: int
) -> list[int]:
    """Return the greedy choice and the runners-up, best greedy score first."""
    view = policy.WabbitView(observation, farm, seat)
    scores = [policy.score(view, action) for action in actions]
    ranked = sorted(range(len(actions)), key=lambda i: (scores[i], -i), reverse=True)
    return ranked[: RUNNERS_UP + 1]


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

    alive = candidates(observation, actions, farm, seat)
    return search_decision(rollouts(farm), alive, greedy, sample_world, seat, deadline)
