"""The referee's own work per decision in a match, against the engine's, both games.

A match is played in this process by seats that encode every request exactly as a bot's seat
does (``decision_request(...)``) and answer at once, with its log written:
everything the referee does for a decision except the wire and the bot. CPU time per decision
is compared with the engine's own share (``legal_actions`` + ``apply`` over the same match),
and ``split_us`` times each step the referee adds, over the states of one recorded match: the
seat's observation, the choices' data and labels, the state digest, the log line, the request
encoding. Prints JSON.
Usage: ``python benchmarks/referee_loop.py [--games N] [--repeats R] [--quick]``.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import emit, parse_arguments, per_call

from referee.games import get_game
from referee.match import MatchSetup, run_match
from referee.match.loop import Choices
from referee.match.player import BotIdentity, DecisionPrompt, DecisionRecord, MatchInfo
from referee.match.random_player import RandomPlayer
from referee.matchlog import LogWriter
from referee.transport.codec import codec_for
from referee.transport.messages import decision_request

QUICK = {"games": 2, "repeats": 1}
GAMES = ("pilfer", "wabbit")


class EncodingPlayer(RandomPlayer):
    """An in-process random player that first encodes each request as a bot's seat does."""

    def __init__(self, game: str, seed: int) -> None:
        super().__init__(seed)
        self.codec = codec_for(game)

    def identity(self) -> BotIdentity:
        """Return who plays."""
        return BotIdentity(name="encoding-random")

    def start(self, info: MatchInfo) -> None:
        """Encode the static map, as MatchStart does."""
        self.codec.static_map(info.static_map)

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        """Encode the request, then answer at random."""
        decision_request(prompt, self.codec)
        return super().decide(prompt, timeout)


def referee_seconds(game: str, seeds: range, folder: Path) -> tuple[float, int]:
    """Return the CPU seconds and decisions of whole logged matches with encoding seats."""
    seconds, decisions = 0.0, 0
    for seed in seeds:
        players = [EncodingPlayer(game, seed), EncodingPlayer(game, seed + 1)]
        log = LogWriter(folder / f"{game}-{seed}.jsonl")
        began = time.process_time()
        result = run_match(MatchSetup.for_game(game, seed), players, [log])
        seconds += time.process_time() - began
        decisions += result.decisions
    return seconds, decisions


def engine_states(game: str, seed: int) -> list[tuple[Any, list[Any], int]]:
    """Return (state, legal actions, chosen index) for each decision of one random match."""
    engine = get_game(game)
    state = engine.new_state(engine.make_config(None), 2, seed)
    chooser = RandomPlayer(seed)
    steps = []
    while engine.to_move(state) is not None:
        actions = engine.legal_actions(state)
        index = chooser.random.randrange(len(actions))
        steps.append((state, actions, index))
        state = engine.apply(state, actions[index])
    return steps


def engine_seconds(game: str, seeds: range) -> tuple[float, int]:
    """Return the CPU seconds and decisions of ``legal_actions`` + ``apply`` alone."""
    engine = get_game(game)
    seconds, decisions = 0.0, 0
    for seed in seeds:
        steps = engine_states(game, seed)
        began = time.process_time()
        for state, _, index in steps:
            engine.apply(state, engine.legal_actions(state)[index])
        seconds += time.process_time() - began
        decisions += len(steps)
    return seconds, decisions


def split(game: str, seed: int, folder: Path) -> dict[str, float]:
    """Time each step the referee adds to a decision, over the states of one match in turn."""
    engine = get_game(game)
    codec = codec_for(game)
    steps = engine_states(game, seed)
    turns = itertools.cycle(steps)
    known = Choices(engine)
    prompts = itertools.cycle(
        [
            DecisionPrompt(
                decision_id=number,
                observation=engine.observe(state, engine.to_move(state)),
                choices=[known.of(action) for action in actions],
                events=[],
                time_left=1.0,
                bank_left=10.0,
            )
            for number, (state, actions, _) in enumerate(steps)
        ]
    )
    writer = LogWriter(folder / f"split-{game}.jsonl")
    record = DecisionRecord(
        decision=1,
        seat=0,
        index=0,
        label="MOVE(N)",
        public_label="MOVE(N)",
        seconds=0.0001,
        digest="0" * 32,
    )

    def observe() -> object:
        state = next(turns)[0]
        return engine.observe(state, engine.to_move(state))

    def choices() -> object:
        return [known.of(action) for action in next(turns)[1]]

    calls = len(steps)
    return {
        "observe_us": round(per_call(observe, calls), 1),
        "choices_us": round(per_call(choices, calls), 1),
        "digest_us": round(per_call(lambda: engine.digest(next(turns)[0]), calls), 1),
        "log_line_us": round(per_call(lambda: writer.decision_taken(record, None), calls), 1),
        "encode_request_us": round(
            per_call(lambda: decision_request(next(prompts), codec), calls), 1
        ),
    }


def measure(game: str, games: int, repeats: int, folder: Path) -> dict[str, Any]:
    """Return the referee's and the engine's µs per decision (medians), their ratio, the split."""
    referee, engine = [], []
    for repeat in range(repeats):
        seeds = range(repeat * games, (repeat + 1) * games)
        seconds, decisions = referee_seconds(game, seeds, folder)
        referee.append(seconds / decisions * 1e6)
        seconds, decisions = engine_seconds(game, seeds)
        engine.append(seconds / decisions * 1e6)
    referee_us, engine_us = statistics.median(referee), statistics.median(engine)
    return {
        "referee_us_per_decision": round(referee_us, 1),
        "engine_us_per_decision": round(engine_us, 1),
        "referee_over_engine": round(referee_us / engine_us, 2),
        "split_us": split(game, 0, folder),
    }


def main() -> None:
    """Run the benchmark for both games and print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parse_arguments(parser, QUICK)
    with tempfile.TemporaryDirectory() as work:
        result = {
            "benchmark": "referee_loop",
            "games_per_repeat": args.games,
            "repeats": args.repeats,
            **{game: measure(game, args.games, args.repeats, Path(work)) for game in GAMES},
        }
    emit(result, args.quick)


if __name__ == "__main__":
    main()
