"""Rollout policy improvement over the greedy policy, shared by the search bots of both games.

The method is Tesauro and Galperin's: for each candidate action (the greedy choice plus a
few runners-up), sample worlds consistent with what the bot sees, apply the candidate and
let every seat play on with the greedy policy, then score the result from the bot's seat.
All candidates of a round share the world and its dice seed (common random numbers), so
their differences are measured rather than drowned in luck. Every few rounds the worse half
of the candidates is dropped (never the greedy choice). At the deadline the bot keeps an
action only if it beats the greedy choice, on the same worlds, by more than ``CONFIDENCE``
standard errors of the paired differences; otherwise it plays greedy.

``MonteCarloBot`` is the bot skeleton both search bots share: it reads the request, works out
how long it may think and hands the decision to the game's search.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar, cast

import ruckus
from ruckus.v1 import bot_pb2

from referee.games.base import Game, GameError, Resampling
from sample_bots.support import Deadline, Stop, as_dict, think_seconds

World = TypeVar("World")
PRUNE_ROUNDS = frozenset({2, 4, 8, 16, 32})
MIN_ROUNDS = 4
CONFIDENCE = 2.0
MEMO_LIMIT = 10_000
"""Forget the memoized action dicts once a search has built more than this many."""
SETTLED_ROUNDS = 6
"""Stop early when every candidate has scored the same in this many rounds (nothing to gain)."""
Policy = Callable[[dict[str, Any], list[dict[str, Any]], int], int]
"""The greedy policy as rollouts call it: (observation, action dicts, seat) -> index."""


def engine_config(engine: Game[Any, Any], scenario: str, values: dict[str, Any]) -> Any:
    """Return the engine config a match announced (``MatchStart.config``), or the defaults."""
    try:
        return engine.config_from_json(scenario, values)
    except (GameError, TypeError, ValueError):
        return engine.make_config(scenario)


class DictPolicy:
    """A policy over dicts (``Policy``) as a forward model's playouts call it: (state, its
    legal actions) -> index. Each action's dict is built once (actions are immutable and
    hashable), and a lone action is played without asking the policy (nor observing)."""

    def __init__(self, engine: Game[Any, Any], policy: Policy) -> None:
        self.engine = engine
        self.policy = policy
        self.memo: dict[Any, dict[str, Any]] = {}

    def __call__(self, state: Any, actions: Sequence[Any]) -> int:
        """Return the policy's choice among ``actions`` (the legal actions of ``state``)."""
        if len(actions) == 1:
            return 0
        engine = self.engine
        mover = engine.to_move(state)
        assert mover is not None
        data = [self.action_dict(action) for action in actions]
        return self.policy(engine.observe(state, mover), data, mover)

    def action_dict(self, action: Any) -> dict[str, Any]:
        """Return the action as the policy reads it (built once per distinct action)."""
        data = self.memo.get(action)
        if data is None:
            if len(self.memo) > MEMO_LIMIT:
                self.memo.clear()
            data = self.memo[action] = self.engine.action_data(action)
        return data


@dataclasses.dataclass(frozen=True)
class Rollouts(Generic[World]):
    """How one game plays its rollouts: every seat greedy for ``turns`` turns of the searcher.

    ``turn_seat`` says whose turn a state is in; a rollout stops when the searching seat's
    turn has begun ``turns`` more times (``None``: at the end of the game) and scores the
    state with ``evaluate``.
    """

    engine: Game[Any, Any]
    policy: Policy
    turn_seat: Callable[[World], int | None]
    evaluate: Callable[[World, int], float]
    turns: int | None
    limit: int = 2000
    greedy: DictPolicy = dataclasses.field(init=False, compare=False)
    """``policy`` over the engine's states."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "greedy", DictPolicy(self.engine, self.policy))

    def run(self, state: World, seat: int) -> float:
        """Play greedily from ``state`` to the horizon; return its value for ``seat``."""
        engine, greedy = self.engine, self.greedy
        away = self.turn_seat(state) != seat
        turns_begun = 0
        for _ in range(self.limit):
            if engine.to_move(state) is None:
                break
            mine = self.turn_seat(state) == seat
            if away and mine:
                turns_begun += 1
                if self.turns is not None and turns_begun >= self.turns:
                    break
            away = not mine
            actions = engine.legal_actions(state)
            state = engine.apply(state, actions[greedy(state, actions)])
        return self.evaluate(state, seat)


def view_worlds(
    engine: Game[Any, Any],
    observation: dict[str, Any],
    config: Any,
    seat: int,
    labels: Sequence[str],
    rng: random.Random,
) -> tuple[Any, Callable[[], Any]] | None:
    """Return a first world rebuilt from ``observation`` (``state_from_view``) and a sampler
    of worlds that hands that one out first, then rebuilds more; None when the engine cannot
    rebuild this decision or its world offers other actions than ``labels`` (the request's)."""
    model = cast(Resampling[Any], engine)
    players = int(observation.get("players", 2))

    def rebuild() -> Any:
        return model.state_from_view(config, players, seat, observation, rng)

    first = rebuild()
    if first is None or [engine.action_label(a) for a in engine.legal_actions(first)] != list(
        labels
    ):
        return None
    worlds = [first]

    def sample_world() -> Any:
        return worlds.pop() if worlds else rebuild()

    return first, sample_world


def search_decision(
    rollouts: Rollouts[World],
    candidates: Sequence[int],
    greedy: int,
    sample_world: Callable[[], World | None],
    seat: int,
    deadline: Deadline,
) -> int:
    """Return the action to play: rollout improvement of ``greedy`` over ``candidates``."""
    engine = rollouts.engine

    def simulate(world: World, index: int) -> float:
        return rollouts.run(engine.apply(world, engine.legal_actions(world)[index]), seat)

    return improve(list(candidates), greedy, sample_world, simulate, deadline)


def improve(
    candidates: list[int],
    greedy: int,
    sample_world: Callable[[], World | None],
    simulate: Callable[[World, int], float],
    deadline: Stop,
    prune_rounds: frozenset[int] = PRUNE_ROUNDS,
    confidence: float = CONFIDENCE,
) -> int:
    """Return the candidate index to play (``greedy`` unless another one beats it by more than
    ``confidence`` standard errors); the worse half goes after each of ``prune_rounds``."""
    alive = list(candidates)
    if greedy not in alive:
        alive.append(greedy)
    samples: dict[int, list[float]] = {index: [] for index in alive}
    world = None if len(alive) < 2 else sample_world()
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
        rounds = len(samples[greedy])
        if _settled(alive, samples, rounds):
            break
        if rounds in prune_rounds and len(alive) > 2:
            alive = _survivors(alive, samples, greedy)
        world = None if deadline.passed() else sample_world()
    return _pick(alive, samples, greedy, confidence)


def _settled(alive: list[int], samples: dict[int, list[float]], rounds: int) -> bool:
    """Return whether every candidate scored exactly alike in each of ``SETTLED_ROUNDS`` rounds."""
    if rounds < SETTLED_ROUNDS:
        return False
    first = samples[alive[0]][-rounds:]
    return all(samples[index][-rounds:] == first for index in alive)


def _survivors(alive: list[int], samples: dict[int, list[float]], greedy: int) -> list[int]:
    """Return the better half of the candidates by mean value; the greedy choice always stays."""
    rounds = len(samples[greedy])
    ranked = sorted(alive, key=lambda i: sum(samples[i][-rounds:]), reverse=True)
    kept = ranked[: max(2, len(alive) // 2)]
    return kept if greedy in kept else [*kept, greedy]


def _pick(alive: list[int], samples: dict[int, list[float]], greedy: int, confidence: float) -> int:
    """Return the candidate that beats the greedy choice by more than ``confidence`` standard
    errors of the paired differences (the best such), else greedy."""
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
        if mean > confidence * error and mean > best_gain:
            best, best_gain = index, mean
    return best


class MonteCarloBot(ruckus.Bot):
    """The decision skeleton of a search bot; a game supplies its engine and its search.

    Subclasses set ``engine``, ``search``, ``decisions_per_round`` and ``default_scenario``
    and implement ``rounds_left``; ``map_for`` comes from the game's greedy bot, the second base
    class. The match's engine config comes from ``MatchStart``.
    """

    engine: Game[Any, Any]
    search: Callable[..., int]
    """The game's search: (observation, actions, labels, map, seat, config, deadline, rng)."""
    map_for: Callable[[dict[str, Any]], Any]
    """The scenario's static map for an observation (the game's greedy bot provides it)."""
    decisions_per_round = 10
    """About how many decisions a seat takes per round (used to share out the time bank)."""
    default_scenario = ""
    default_think_ms = 400
    """The thinking cap per decision when none is given: the one its strength was measured at."""

    def __init__(self, think_ms: int | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.cap = (self.default_think_ms if think_ms is None else think_ms) / 1000.0
        self.rng = random.Random(seed)
        self.configs: dict[tuple[str, int], Any] = {}

    def start(self, start: bot_pb2.MatchStart) -> None:
        """Remember the map and the engine configuration of the match."""
        super().start(start)
        values = ruckus.struct_data(start.config) if start.HasField("config") else {}
        config = engine_config(self.engine, start.scenario, values)
        self.configs[(start.scenario, start.players)] = config

    def decide(self, request: bot_pb2.DecisionRequest) -> int:
        """Search within the time this decision may take; fall back on the greedy choice."""
        seen = as_dict(ruckus.game_message(request.observation))
        actions = request.legal_actions
        data = [as_dict(ruckus.game_message(a.action)) for a in actions]
        key = (str(seen.get("scenario", self.default_scenario)), int(seen.get("players", 2)))
        config = self.configs.get(key) or engine_config(self.engine, key[0], {})
        seconds = think_seconds(
            request.time_left.decision_ms,
            request.time_left.bank_ms,
            self.rounds_left(config, seen) * self.decisions_per_round,
            self.cap,
        )
        labels = [a.label for a in actions]
        seat = int(seen.get("viewer", 0))
        search = type(self).search
        return search(
            seen, data, labels, self.map_for(seen), seat, config, Deadline(seconds), self.rng
        )

    def rounds_left(self, config: Any, seen: dict[str, Any]) -> int:
        """Return how many rounds the match may still last (this one included)."""
        raise NotImplementedError


def serve(bot_type: type[MonteCarloBot], argv: Sequence[str] | None) -> None:
    """Serve a search bot; ``--think-ms`` caps the thinking time per decision."""
    parser = argparse.ArgumentParser(description=f"Serve the {bot_type.name} bot.")
    default = bot_type.default_think_ms
    parser.add_argument("--think-ms", type=int, default=default, help="cap per decision (ms)")
    args, _ = parser.parse_known_args(argv)
    ruckus.run(bot_type(think_ms=args.think_ms), argv)
