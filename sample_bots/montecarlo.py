"""Determinized flat Monte Carlo, shared by the search bots of both games.

Each round samples one world consistent with what the bot sees, applies every surviving
candidate action to it and scores the outcome with a game-specific simulation. All
candidates of a round share the world and its dice seed (common random numbers), so their
differences are measured rather than drowned in luck. Every few rounds the worse half of
the candidates is dropped (never the greedy choice). At the deadline the bot keeps an
action only if it beats the greedy choice, on the same worlds, by more than
``CONFIDENCE`` standard errors of the paired differences; otherwise it plays greedy.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from referee.games.base import ConfigError, Game
from sample_bots.support import Deadline

World = TypeVar("World")
PRUNE_ROUNDS = frozenset({4, 8, 16, 32})
MIN_ROUNDS = 3
CONFIDENCE = 2.0


def engine_config(engine: Game[Any, Any], scenario: str, values: dict[str, Any]) -> Any:
    """Return the engine config a match announced (``MatchStart.config``), or the defaults."""
    known = {field.name for field in dataclasses.fields(engine.spec.config_type)}
    overrides = {
        key: int(value) if isinstance(value, float) and value.is_integer() else value
        for key, value in values.items()
        if key in known and key != "scenario"
    }
    try:
        return engine.make_config(scenario, **overrides)
    except (ConfigError, TypeError, ValueError):
        return engine.make_config(scenario)


def flat_monte_carlo(
    candidates: list[int],
    greedy: int,
    sample_world: Callable[[], World | None],
    simulate: Callable[[World, int], float],
    deadline: Deadline,
) -> int:
    """Return the candidate index to play (``greedy`` unless another one is clearly better)."""
    alive = list(candidates)
    if greedy not in alive:
        alive.append(greedy)
    samples: dict[int, list[float]] = {index: [] for index in alive}
    world = sample_world()
    while world is not None:
        values = {}
        for index in alive:
            if deadline.passed():
                break
            values[index] = simulate(world, index)
        if len(values) < len(alive):
            break
        for index, value in values.items():
            samples[index].append(value)
        if len(samples[greedy]) in PRUNE_ROUNDS and len(alive) > 2:
            alive = _survivors(alive, samples, greedy)
        world = None if deadline.passed() else sample_world()
    return _pick(alive, samples, greedy)


def _survivors(alive: list[int], samples: dict[int, list[float]], greedy: int) -> list[int]:
    """Return the better half of the candidates by mean value; the greedy choice always stays."""
    rounds = len(samples[greedy])
    ranked = sorted(alive, key=lambda i: sum(samples[i][-rounds:]), reverse=True)
    kept = ranked[: max(2, len(alive) // 2)]
    return kept if greedy in kept else [*kept, greedy]


def _pick(alive: list[int], samples: dict[int, list[float]], greedy: int) -> int:
    """Return the candidate that beats the greedy choice clearly in paired samples, else greedy."""
    base = samples[greedy]
    best, best_gain = greedy, 0.0
    for index in alive:
        if index == greedy:
            continue
        diffs = [a - b for a, b in zip(samples[index][-len(base) :], base, strict=False)]
        if len(diffs) < MIN_ROUNDS:
            continue
        mean = sum(diffs) / len(diffs)
        spread = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        error = (spread / len(diffs)) ** 0.5
        if mean > CONFIDENCE * error and mean > best_gain:
            best, best_gain = index, mean
    return best
