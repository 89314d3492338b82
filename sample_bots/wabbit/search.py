"""Rollout improvement of the greedy Wabbit policy (the method is in sample_bots.montecarlo).

Worlds are engine states rebuilt from the observation with the other hands and the draw
pile dealt at random (``GAME.state_from_view``). The candidates are the greedy choice and the
``RUNNERS_UP`` actions the greedy policy itself scores next best. After a candidate every
seat plays on with the greedy policy for ``TURNS`` turns of the searching seat, and the
result is scored: VP and carried carrots against the best other seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.games.wabbit import GAME
from sample_bots.montecarlo import Rollouts, search_decision, view_worlds
from sample_bots.support import Deadline
from sample_bots.wabbit import policy
from sample_bots.wabbit.board import Farm

WIN = 1000.0
CARRIED_CARROT = 0.7
"""A carried carrot is most of a VP: it scores when its carrier gets home."""
TURNS: int | None = 1
"""Rollout horizon in turns of the searching seat (None: to the end of the game)."""
RUNNERS_UP = 3
FARMER_SEAT = 0


def _seat_value(seen: dict[str, Any], seat: int, config: Any) -> float:
    """Return a seat's VP, the carrots it carries and, for the Farmer, the VP still to come,
    read from an observation.

    The Farmer scores the carrots still planted at the end of summer and every building
    still standing at the end; counting them now makes the search defend them.
    """
    carried = sum(int(c["carrots"]) for c in seen["characters"] if c["owner"] == seat)
    value = seen["seats"][seat]["score"] + CARRIED_CARROT * carried
    if seat == FARMER_SEAT:
        if seen["round"] <= 2 * config.rounds_per_season:
            planted = sum(1 for field in seen["fields"] if field["planted"])
            value += config.leftover_carrot_vp * planted
        standing = sum(1 for building in seen["buildings"] if building["standing"])
        value += config.farmer_standing_building_vp * standing
    return float(value)


def evaluate(state: Any, seat: int, config: Any) -> float:
    """Score ``state`` for ``seat``: its value minus the best other seat's (wins dominate)."""
    outcome = GAME.outcome(state)
    if outcome is not None:
        scores = outcome.scores
        margin = scores[seat] - max(
            (score for other, score in enumerate(scores) if other != seat), default=0
        )
        if outcome.ranks[seat] != 1:
            return margin - WIN
        return margin + (WIN if outcome.winners == (seat,) else 0.0)
    seen = GAME.observe(state, seat)
    players = len(seen["seats"])
    others = [_seat_value(seen, other, config) for other in range(players) if other != seat]
    return _seat_value(seen, seat, config) - max(others, default=0.0)


def rollouts(farm: Farm, config: Any) -> Rollouts[Any]:
    """Return the greedy rollouts of Wabbit on ``farm`` under the match's ``config``."""

    def greedy(observation: dict[str, Any], actions: list[dict[str, Any]], seat: int) -> int:
        return policy.choose(observation, actions, farm, seat)

    return Rollouts(
        engine=GAME,
        policy=greedy,
        turn_seat=turn_seat,
        evaluate=lambda state, seat: evaluate(state, seat, config),
        turns=TURNS,
    )


def candidates(
    observation: dict[str, Any],
    actions: Sequence[dict[str, Any]],
    farm: Farm,
    seat: int,
    runners_up: int = RUNNERS_UP,
) -> list[int]:
    """Return the greedy choice and ``runners_up`` more actions, best greedy score first."""
    view = policy.WabbitView(observation, farm, seat)
    scores = [policy.score(view, action) for action in actions]
    ranked = sorted(range(len(actions)), key=lambda i: (scores[i], -i), reverse=True)
    return ranked[: runners_up + 1]


def turn_seat(state: Any) -> int | None:
    """Return the seat whose turn ``state`` is in (``GAME.status``)."""
    return GAME.status(state).turn_seat


def search(
    observation: dict[str, Any],
    actions: Sequence[dict[str, Any]],
    action_labels: Sequence[str],
    farm: Farm,
    seat: int,
    config: Any,
    deadline: Deadline,
    rng: random.Random,
) -> int:
    """Return the index of the action to play (the greedy choice unless search beats it)."""
    greedy = policy.choose(observation, actions, farm, seat)
    if len(actions) < 2:
        return greedy
    worlds = view_worlds(GAME, observation, config, seat, action_labels, rng)
    if worlds is None:
        return greedy
    _, sample_world = worlds
    alive = candidates(observation, actions, farm, seat)
    return search_decision(rollouts(farm, config), alive, greedy, sample_world, seat, deadline)
