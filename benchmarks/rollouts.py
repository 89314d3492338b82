"""How fast the sample bots search: search's rollouts and ISMCTS's walks per second, in-process.

Both search bots spend their thinking time on the same thing: sampling a world the seat cannot
tell from the real one, applying a root candidate and letting every seat play on greedily to a
horizon (``sample_bots.montecarlo.Rollouts`` for search, a walk down the ISMCTS tree and its
``Playout`` for ISMCTS). How many of those fit in a decision's time is what their strength is
bought with. Greedy self-play of each game (``--games``, from ``--seed``) stops at about one
decision in ``1 / --every`` where the search bots would search; there each bot runs ``--rounds``
rounds in fresh worlds, with its own horizon and scoring: search over the first four legal
actions (as many as its candidates), ISMCTS over its own root candidates (the bots' objects,
as a match builds them). Prints JSON: per game and seat count the median over
``--repeats`` of the CPU microseconds a rollout (search) and a walk (ISMCTS) take (process time,
so that a busy host stretches them less), and how many a second. A/B a change by running this
file with ``PYTHONPATH`` set to each tree. ``--quick``: one short game.
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
from ruckus.v1 import bot_pb2

from referee.games import get_game
from referee.transport.codec import codec_for
from sample_bots.ismcts import IsmctsBot, Match
from sample_bots.ismcts_tree import Search
from sample_bots.montecarlo import Rollouts, engine_config
from sample_bots.pilfer import policy as pilfer_policy
from sample_bots.pilfer import search as pilfer_search
from sample_bots.pilfer.board import Board
from sample_bots.pilfer_ismcts import PilferIsmcts
from sample_bots.wabbit import policy as wabbit_policy
from sample_bots.wabbit import search as wabbit_search
from sample_bots.wabbit.board import Farm
from sample_bots.wabbit_ismcts import WabbitIsmcts

QUICK = {"games": 1, "every": 0.05, "rounds": 2, "repeats": 1, "players": [2]}


@dataclass(frozen=True)
class Kit:
    """What the benchmark needs of a game: its map, greedy policy, search rollouts and
    ISMCTS bot."""

    board: Callable[[dict[str, Any]], Any]
    choose: Callable[[dict[str, Any], list[dict[str, Any]], Any, int], int]
    rollouts: Callable[[Any, Any], Rollouts[Any]]
    ismcts: type[IsmctsBot]


KITS = {
    "pilfer": Kit(
        Board, pilfer_policy.choose, lambda board, _: pilfer_search.rollouts(board), PilferIsmcts
    ),
    "wabbit": Kit(Farm, wabbit_policy.choose, wabbit_search.rollouts, WabbitIsmcts),
}


@dataclass(frozen=True)
class Position:
    """A decision of greedy self-play the search bots would search: the seat's view, the
    actions' dicts, the static map (and the search's reading of it) and the seat."""

    seen: dict[str, Any]
    data: list[dict[str, Any]]
    static_map: dict[str, Any]
    board: Any
    seat: int


def record(game: str, players: int, args: argparse.Namespace) -> list[Position]:
    """Play greedy self-play and keep about one searchable decision in ``1 / --every``."""
    engine, kit = get_game(game), KITS[game]
    config = engine_config(engine, engine.spec.default_scenario, {})
    rng = random.Random(args.seed)
    positions = []
    for number in range(args.games):
        state = engine.new_state(config, players, args.seed + number)
        static_map = engine.static_map(state)
        board = kit.board(static_map)
        while (seat := engine.to_move(state)) is not None:
            seen = engine.observe(state, seat)
            actions = engine.legal_actions(state)
            data = [engine.action_data(action) for action in actions]
            if len(data) > 2 and rng.random() < args.every:
                positions.append(Position(seen, data, static_map, board, seat))
            state = engine.apply(state, actions[kit.choose(seen, data, board, seat)])
    return positions


def search_rollout_us(game: str, positions: list[Position], rounds: int, seed: int) -> float:
    """Return the CPU microseconds a search rollout takes: ``rounds`` of each decision's first
    four legal actions (as many as search's candidates), each round in a fresh world."""
    engine, kit = get_game(game), KITS[game]
    config = engine_config(engine, engine.spec.default_scenario, {})
    rng, done, began = random.Random(seed), 0, time.process_time()
    for at in positions:
        rollouts = kit.rollouts(at.board, config)
        root = engine.state_from_view(config, len(at.seen["seats"]), at.seat, at.seen, rng)
        if root is None:
            continue
        for _ in range(rounds):
            world = engine.resample(root, at.seat, rng)
            moves = engine.legal_actions(world)
            for index in range(min(4, len(moves))):
                rollouts.run(engine.apply(world, moves[index]), at.seat)
                done += 1
    return (time.process_time() - began) / max(done, 1) * 1e6


def ismcts_walk_us(game: str, positions: list[Position], rounds: int, seed: int) -> float:
    """Return the CPU microseconds an ISMCTS walk takes: ``rounds`` of each decision's root
    candidates (the bot's own), each walked down one tree in a shared fresh world."""
    engine, kit, codec = get_game(game), KITS[game], codec_for(game)
    bot = kit.ismcts(seed=seed)
    rng, done, began = random.Random(seed), 0, time.process_time()
    for at in positions:
        bot.start(_match_start(game, at, codec.static_map(at.static_map)))
        match: Match = bot.local.match
        root = engine.state_from_view(match.config, match.players, at.seat, at.seen, rng)
        if root is None:
            continue
        picked = bot.candidates(match, at.seen, at.data, root) or range(len(at.data))
        playout = bot.playout(match, at.seen)
        search = Search(engine, playout, engine.resample, at.seat, rng, None, True)
        for _ in range(rounds):
            world = engine.resample(root, at.seat, rng)
            for index in picked:
                search.iterate(world, index)
                done += 1
    return (time.process_time() - began) / max(done, 1) * 1e6


def _match_start(game: str, at: Position, static_map: Any) -> bot_pb2.MatchStart:
    """Return the MatchStart a match sends the position's seat (default scenario)."""
    scenario = get_game(game).spec.default_scenario
    players = len(at.seen["seats"])
    return bot_pb2.MatchStart(
        game=game, scenario=scenario, seat=at.seat, players=players, static_map=static_map
    )


def measure(game: str, players: int, args: argparse.Namespace) -> dict[str, object]:
    """Return one game and seat count's figures (medians over ``--repeats``)."""
    positions = record(game, players, args)
    search = [search_rollout_us(game, positions, args.rounds, k) for k in range(args.repeats)]
    ismcts = [ismcts_walk_us(game, positions, args.rounds, k) for k in range(args.repeats)]
    return {
        "positions": len(positions),
        "search_rollout_us": round(statistics.median(search)),
        "search_rollouts_per_s": round(1e6 / statistics.median(search)),
        "ismcts_walk_us": round(statistics.median(ismcts)),
        "ismcts_walks_per_s": round(1e6 / statistics.median(ismcts)),
    }


def main() -> None:
    """Record positions per game and seat count, time both bots there, print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(KITS), nargs="+", default=sorted(KITS))
    parser.add_argument("--players", type=int, choices=(2, 4), nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=4, help="greedy self-play games")
    parser.add_argument("--every", type=float, default=0.04, help="share of decisions kept")
    parser.add_argument("--rounds", type=int, default=8, help="rounds per decision")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=900)
    args = parse_arguments(parser, QUICK)
    report: dict[str, object] = {"benchmark": "rollouts", "rounds": args.rounds}
    for game in args.game:
        for players in args.players:
            report[f"{game}_{players}p"] = measure(game, players, args)
    emit(report, args.quick)


if __name__ == "__main__":
    main()
