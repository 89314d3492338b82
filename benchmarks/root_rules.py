"""How well the root of a paired search picks: halving schedules and switching rules, offline.

The search bots and the paired ISMCTS bots choose among the greedy choice and a few runners-up
by rollout improvement (``sample_bots.montecarlo.improve``): rounds of common random numbers,
the worse half dropped after some rounds, another candidate played only if it beats the
greedy choice by so many standard errors. Which schedule and which rule pick best cannot be
told from games in any reasonable time, so this benchmark measures them on recorded positions.

1. Greedy self-play of ``--game`` (``--players`` seats, ``--games`` games) stops at about one
   searchable decision in ``1 / --every``; there the game's root candidates (the greedy
   choice and ``--width - 1`` runners-up, as its ISMCTS bot picks them) each play
   ``--rounds`` greedy rollouts in shared sampled worlds, as long as its ISMCTS bot plays
   them (``--turns`` of the seat; Wabbit 2, Pilfer 1) and scored as it scores them (Wabbit:
   the VP margin through a logistic; Pilfer: the chance of winning). That is a matrix of
   rounds by candidates.
2. The first half of the rounds is the pool a search draws from; the second half, never seen
   by a search, gives each candidate's true value.
3. For every rule, budget (rollouts a decision can afford) and root width, the real
   ``improve`` runs ``--repeats`` times per position on the pool in a shuffled order, and the
   candidate it picks scores its true value minus the greedy choice's.

Prints JSON: per rule, width and budget the mean gain over the greedy choice (in thousandths
of a reward, with its standard error) and how often it left the greedy choice;
``oracle_per_mille`` is the gain of always picking the truly best candidate of the width.
``--quick``: one short game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from _common import emit, parse_arguments

from referee.games import get_game
from sample_bots import pilfer_ismcts, wabbit_ismcts
from sample_bots.ismcts_tree import PAIRED_CONFIDENCE, PAIRED_PRUNE_ROUNDS
from sample_bots.montecarlo import (
    CONFIDENCE,
    PRUNE_ROUNDS,
    Rollouts,
    engine_config,
    improve,
    view_worlds,
)
from sample_bots.pilfer import policy as pilfer_policy
from sample_bots.pilfer import search as pilfer_search
from sample_bots.pilfer.board import Board
from sample_bots.pilfer.value import win_chance
from sample_bots.wabbit import policy as wabbit_policy
from sample_bots.wabbit import search as wabbit_search
from sample_bots.wabbit.board import Farm

QUICK = {"games": 1, "rounds": 8, "every": 0.05, "repeats": 1, "budgets": [24]}
RULES = {
    "search": (PRUNE_ROUNDS, CONFIDENCE),
    "search, 1 SE": (PRUNE_ROUNDS, 1.0),
    "halve at 8, 16, 32, 1 SE": (frozenset({8, 16, 32}), 1.0),
    "ismcts": (PAIRED_PRUNE_ROUNDS, PAIRED_CONFIDENCE),
    "halve at 16, 32, 2 SE": (PAIRED_PRUNE_ROUNDS, CONFIDENCE),
}
"""name -> (rounds after which the worse half goes, standard errors needed to switch)."""


@dataclass(frozen=True)
class Position:
    """One recorded decision: ``values[round][k]`` is the rollout of the k-th candidate (the
    greedy choice first) in that round's world."""

    values: list[list[float]]

    def truth(self) -> list[float]:
        """Return each candidate's mean over the second half of the rounds."""
        half = len(self.values) // 2
        return [statistics.fmean(row[k] for row in self.values[half:]) for k in self.columns()]

    def columns(self) -> range:
        """Return the candidates' column indices."""
        return range(len(self.values[0]))


@dataclass(frozen=True)
class Decision:
    """A decision of greedy self-play: a world rebuilt from the seat's view, the observation,
    the action dicts, the greedy choice, the static map and the seat."""

    world: Any
    seen: dict[str, Any]
    data: list[dict[str, Any]]
    greedy: int
    board: Any
    seat: int


@dataclass(frozen=True)
class Game:
    """What the benchmark needs of a game: its greedy policy, its root candidates (a decision
    and the runners-up wanted), its map, the reward its ISMCTS bot gives a state and how many
    turns of the seat its playouts last."""

    name: str
    choose: Callable[[dict[str, Any], list[dict[str, Any]], Any, int], int]
    candidates: Callable[[Decision, int], list[int]]
    board: Callable[[Any], Any]
    reward: Callable[[Any, int, Any, Any], float]
    searchable: Callable[[list[dict[str, Any]]], bool]
    turns: int


GAMES = {
    "wabbit": Game(
        "wabbit",
        wabbit_policy.choose,
        lambda at, runners_up: wabbit_search.candidates(
            at.seen, at.data, at.board, at.seat, runners_up
        ),
        Farm,
        lambda state, seat, board, config: wabbit_ismcts.margin_reward(state, seat, config),
        lambda data: len(data) > 1,
        wabbit_ismcts.PLAYOUT_TURNS,
    ),
    "pilfer": Game(
        "pilfer",
        pilfer_policy.choose,
        lambda at, runners_up: pilfer_search.candidates(
            at.world, at.data, at.greedy, at.seat, at.board, runners_up
        ),
        Board,
        lambda state, seat, board, config: win_chance(state, seat, board),
        lambda data: sum(a.get("kind") not in pilfer_search.NOT_SEARCHED for a in data) > 1,
        pilfer_ismcts.PLAYOUT_TURNS,
    ),
}


def record(game: Game, args: argparse.Namespace, rng: random.Random) -> list[Position]:
    """Play greedy self-play and record the candidates' rollouts at sampled decisions."""
    engine = get_game(game.name)
    config = engine_config(engine, engine.spec.default_scenario, {})
    positions = []
    for number in range(args.games):
        state = engine.new_state(config, args.players, args.seed + number)
        board = game.board(engine.static_map(state))
        rollouts = _rollouts(game, engine, board, config, args.turns or game.turns)
        while (seat := engine.to_move(state)) is not None:
            seen = engine.observe(state, seat)
            actions = engine.legal_actions(state)
            data = [engine.action_data(action) for action in actions]
            greedy = game.choose(seen, data, board, seat)
            if game.searchable(data) and rng.random() < args.every:
                labels = [engine.action_label(action) for action in actions]
                worlds = view_worlds(engine, seen, config, seat, labels, rng)
                if worlds is not None:
                    first, sample = worlds
                    at = Decision(first, seen, data, greedy, board, seat)
                    positions.extend(_position(game, at, rollouts, sample, args))
            state = engine.apply(state, actions[greedy])
    return positions


def _rollouts(game: Game, engine: Any, board: Any, config: Any, turns: int) -> Rollouts[Any]:
    """Return greedy rollouts of ``turns`` turns of the seat, scored as the game's ISMCTS bot
    scores them."""
    return Rollouts(
        engine,
        lambda seen, data, seat: game.choose(seen, data, board, seat),
        lambda each: engine.status(each).turn_seat,
        lambda end, seat: game.reward(end, seat, board, config),
        turns=turns,
    )


def _position(
    game: Game,
    at: Decision,
    rollouts: Rollouts[Any],
    sample: Callable[[], Any],
    args: argparse.Namespace,
) -> list[Position]:
    """Return the rollouts of the decision's candidates (greedy first) in ``--rounds`` shared
    worlds, as one position; none when there is only the greedy choice to try."""
    picked = game.candidates(at, args.width - 1)
    if len(picked) < 2:
        return []
    engine = rollouts.engine
    values = []
    for _ in range(args.rounds):
        world = sample()
        moves = engine.legal_actions(world)
        values.append([rollouts.run(engine.apply(world, moves[i]), at.seat) for i in picked])
    return [Position(values)]


class Budget:
    """A ``Stop`` that passes after a number of rollouts (so every rule gets the same)."""

    def __init__(self, rollouts: int) -> None:
        self.left = rollouts

    def passed(self) -> bool:
        """Return whether the rollouts are spent."""
        return self.left <= 0


def pick(position: Position, width: int, budget: int, rule: str, rng: random.Random) -> int:
    """Return the column ``improve`` picks with ``rule`` among the first ``width`` candidates,
    drawing rounds from the pool in a random order within ``budget`` rollouts."""
    prune_rounds, confidence = RULES[rule]
    pool = position.values[: len(position.values) // 2]
    order = rng.sample(range(len(pool)), len(pool))
    spent = Budget(budget)

    def sample_world() -> int | None:
        return order.pop() if order else None

    def simulate(row: int, column: int) -> float:
        spent.left -= 1
        return pool[row][column]

    columns = list(position.columns())[:width]
    return improve(columns, 0, sample_world, simulate, spent, prune_rounds, confidence)


def measure(positions: list[Position], args: argparse.Namespace) -> list[dict[str, object]]:
    """Return every rule's mean gain over greedy at each width and budget."""
    rng = random.Random(args.seed)
    truths = [position.truth() for position in positions]
    rows: list[dict[str, object]] = []
    for width in args.widths:
        oracle = [max(truth[:width]) - truth[0] for truth in truths]
        for budget in args.budgets:
            for rule in RULES:
                gains, switched = [], 0
                for position, truth in zip(positions, truths, strict=True):
                    for _ in range(args.repeats):
                        column = pick(position, width, budget, rule, rng)
                        gains.append(truth[column] - truth[0])
                        switched += column != 0
                rows.append(_row(rule, width, budget, gains, switched, oracle))
    return rows


def _row(
    rule: str, width: int, budget: int, gains: list[float], switched: int, oracle: list[float]
) -> dict[str, object]:
    """Return one rule's figures (gains in thousandths of a reward)."""
    error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    return {
        "rule": rule,
        "prune_rounds": sorted(RULES[rule][0]),
        "confidence": RULES[rule][1],
        "width": width,
        "budget": budget,
        "gain_per_mille": round(1000 * statistics.fmean(gains), 3),
        "gain_per_mille_se": round(1000 * error, 3),
        "switch_rate": round(switched / len(gains), 3),
        "oracle_per_mille": round(1000 * statistics.fmean(oracle), 3),
    }


def main() -> None:
    """Record positions, replay the rules on them and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="wabbit")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--games", type=int, default=16, help="greedy self-play games")
    parser.add_argument("--every", type=float, default=0.05, help="share of decisions recorded")
    parser.add_argument("--rounds", type=int, default=200, help="rounds per position (half pool)")
    parser.add_argument("--width", type=int, default=8, help="candidates recorded, greedy first")
    parser.add_argument(
        "--turns", type=int, default=None, help="rollout horizon (default: the ISMCTS bot's)"
    )
    parser.add_argument("--widths", type=int, nargs="+", default=[4, 8])
    parser.add_argument("--budgets", type=int, nargs="+", default=[120, 240, 360])
    parser.add_argument("--repeats", type=int, default=8, help="searches per position and rule")
    parser.add_argument("--seed", type=int, default=1)
    args = parse_arguments(parser, QUICK)
    began = time.perf_counter()
    positions = record(GAMES[args.game], args, random.Random(args.seed))
    recorded = time.perf_counter() - began
    rules = measure(positions, args) if positions else []
    report = {
        "benchmark": "root_rules",
        "game": args.game,
        "players": args.players,
        "positions": len(positions),
        "rounds": args.rounds,
        "turns": args.turns or GAMES[args.game].turns,
        "recording_s": round(recorded, 1),
        "rules": rules,
    }
    emit(report, args.quick)


if __name__ == "__main__":
    main()
