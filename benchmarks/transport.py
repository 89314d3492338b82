"""Decision round trip through the referee vs a bare gRPC bidi echo, both to another process.

Prints JSON: median and p99 (microseconds) of one ``GrpcPlayer.decide`` to the random sample
bot's process (encode the request, send, bot answers, receive, validate), and of a bare bidi
echo of the same requests' bytes between two processes. The requests are seat 0's of a real
2-player Pilfer match, in order, so each decision costs what it costs in a match (its events,
its legal actions, an observation that changes as the match goes). They are timed in rotating
blocks in one run, so machine load affects them alike. ``split_us`` times in this process each
step a decision adds to the echo (the referee's observation, request encoding and answer
decoding; the bot's SDK and choice).
``echo_via_reader_thread`` is the echo read as the referee reads a bot (a reader thread filling
an inbox), so ``reader_thread_hop_us`` is what that extra hop costs; what the round trip costs
beyond all of these is ``threads_and_scheduling_us``: the same steps run slower between gRPC's
threads than alone. ``in_round_trip_us`` shows how much slower: the referee's decisions taken
step by step on the player's stream, in the same rotation, each step timed (encoding the
request, waiting for the answer, decoding it); the wait beyond the echo's round trip is the
bot's side (the SDK and its choice) as it runs there. ``referee_floor`` is the least any
referee can take on this transport: the player's stream sending each request already encoded
to a bot that answers at once through the Python SDK (it parses the request and plays the
first action), the answer decoded; ``floor_ratio_median`` is that over the echo.
``referee_requests_encoded_beforehand`` is the same stream to the random bot, and
``referee_observation_encoded_beforehand`` the referee's decisions with each observation's
bytes kept from before (the rest of the request encoded as in a match: the most an observation
sent as changes could save; ``observation_kept_ratio_median`` is that over the echo), so
``in_round_trip_split_us`` splits the round trip beyond the echo as it runs: encoding the
observation, encoding the rest of the request, the random bot's choice, and the SDK with the
answer. ``split_us.encode_request_after_wait_us`` is the encoding timed right after a sleep as
long as an echo, as it follows a wait in a match (``encode_request_us`` times it back to back).
The round trips and the servers their processes run are in ``_transport_rounds.py``.
Usage: ``python benchmarks/transport.py [--rounds N] [--quick]``; ``--quick`` times 100 rounds
of each, a check that it runs.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _common import emit, parse_arguments, per_call
from _transport_rounds import (
    ANSWER_AT_ONCE,
    EchoRounds,
    EncodedRounds,
    ObservationKeptRounds,
    PhasedRounds,
    RefereeRounds,
    ThreadedEchoRounds,
)
from ruckus.v1 import bot_pb2

from referee.games import get_game
from referee.match import MatchSetup, run_match
from referee.match.player import BotIdentity, DecisionPrompt
from referee.match.random_player import RandomPlayer
from referee.transport.codec import codec_for
from referee.transport.codec.game_codec import GameCodec
from referee.transport.messages import decision_request
from sample_bots.random_bot import RandomBot

QUICK = {"rounds": 100}
WAIT_SECONDS = 0.0003
"""How long ``encode_request_after_wait_us`` sleeps before each encoding: about an echo."""


class PromptRecorder(RandomPlayer):
    """An in-process random player that keeps every prompt it is given."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.prompts: list[DecisionPrompt] = []

    def identity(self) -> BotIdentity:
        """Return who records."""
        return BotIdentity(name="prompt-recorder")

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        """Keep ``prompt``; answer at random."""
        self.prompts.append(prompt)
        return super().decide(prompt, timeout)


def match_prompts(seed: int = 7) -> list[DecisionPrompt]:
    """Return seat 0's prompts of a 2-player Pilfer match of random play, in order."""
    recorder = PromptRecorder(seed)
    run_match(MatchSetup.for_game("pilfer", seed), [recorder, RandomPlayer(seed + 1)])
    return recorder.prompts


def percentile(samples: list[float], fraction: float) -> float:
    """Return the ``fraction`` quantile of ``samples`` (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summary(samples: list[float]) -> dict[str, float]:
    """Return median and p99 in microseconds."""
    return {
        "median_us": round(statistics.median(samples) * 1e6, 1),
        "p99_us": round(percentile(samples, 0.99) * 1e6, 1),
    }


def walk_states(seed: int = 7, decisions: int = 200) -> list[Any]:
    """Return the states of a 2-player Pilfer match of random play, one per decision."""
    game = get_game("pilfer")
    state = game.new_state(game.make_config(None), 2, seed)
    states = []
    for number in range(decisions):
        if game.to_move(state) is None:
            break
        states.append(state)
        actions = game.legal_actions(state)
        state = game.apply(state, actions[(number * 7) % len(actions)])
    return states


def in_turn(items: list[Any]) -> Callable[[], Any]:
    """Return a function that returns the items one after another, round and round."""
    cycle = itertools.cycle(items)
    return lambda: next(cycle)


def split(prompts: list[DecisionPrompt], payloads: list[bytes]) -> dict[str, float]:
    """Time, in this process, each step one decision adds to a bare echo's round trip, per
    decision over the match's requests in turn.

    The referee's: building the seat's observation (in a match; the timed rounds reuse the
    recorded ones), encoding the request, decoding the answer; the bot's (the Python SDK and
    the random bot): decoding the request, choosing, encoding the answer.
    """
    game = get_game("pilfer")
    codec = codec_for("pilfer")
    bot = RandomBot("pilfer")
    reply = bot_pb2.BotMessage(decision=bot_pb2.Decision(decision_id=1, action_index=0))
    answer = reply.SerializeToString()
    next_state, next_prompt, next_payload = (
        in_turn(walk_states()),
        in_turn(prompts),
        in_turn(payloads),
    )

    def observe() -> object:
        state = next_state()
        return game.observe(state, game.to_move(state))

    def bot_side() -> bytes:
        message = bot_pb2.RefereeMessage.FromString(next_payload())
        message.WhichOneof("kind")
        index = bot.decide(message.decision)
        decision = bot_pb2.Decision(decision_id=message.decision.decision_id, action_index=index)
        encoded: bytes = bot_pb2.BotMessage(decision=decision).SerializeToString()
        return encoded

    def decode() -> object:
        message = bot_pb2.BotMessage.FromString(answer)
        message.WhichOneof("kind")
        return message.decision.action_index

    return {
        "observe_us": round(per_call(observe), 1),
        "encode_request_us": round(per_call(lambda: decision_request(next_prompt(), codec)), 1),
        "encode_request_after_wait_us": round(after_wait(prompts, codec), 1),
        "decode_answer_us": round(per_call(decode), 1),
        "bot_sdk_and_choice_us": round(per_call(bot_side), 1),
    }


def after_wait(prompts: list[DecisionPrompt], codec: GameCodec, calls: int = 1000) -> float:
    """Return the median µs of encoding the match's requests in turn, each right after a sleep
    of ``WAIT_SECONDS`` (work that follows a wait runs slower than in a loop)."""
    times = []
    for number in range(calls):
        time.sleep(WAIT_SECONDS)
        began = time.perf_counter()
        decision_request(prompts[number % len(prompts)], codec)
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1e6


def measure(
    prompts: list[DecisionPrompt], payloads: list[bytes], rounds: int, block: int = 20
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Time the referee, the echo, the echo through a reader thread, the referee step by step,
    the referee with its observations encoded beforehand, with its whole requests encoded
    beforehand and the floor (those requests, a bot that answers at once) in rotating blocks,
    so a busy machine slows them alike; drop a warm-up.
    Return the round trips by kind and the steps of the step-by-step rounds."""
    with tempfile.TemporaryDirectory() as work, contextlib.ExitStack() as stack:
        kinds: dict[str, RefereeRounds | EchoRounds] = {
            "referee": RefereeRounds(prompts, stack, Path(work)),
            "echo": EchoRounds(payloads, stack, Path(work)),
            "threaded": ThreadedEchoRounds(payloads, stack, Path(work)),
            "phased": PhasedRounds(prompts, stack, Path(work)),
            "kept": ObservationKeptRounds(prompts, stack, Path(work)),
            "encoded": EncodedRounds(payloads, stack, Path(work)),
            "floor": EncodedRounds(payloads, stack, Path(work), ANSWER_AT_ONCE),
        }
        for kind in kinds.values():
            for _ in range(block):
                kind.once()
        phased = kinds["phased"]
        assert isinstance(phased, PhasedRounds)
        for steps in phased.phases.values():
            steps.clear()
        times: dict[str, list[float]] = {name: [] for name in kinds}
        while len(times["referee"]) < rounds:
            for name, kind in kinds.items():
                times[name].extend(kind.once() for _ in range(block))
    return times, phased.phases


def main() -> None:
    """Run both measurements and print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000)
    args = parse_arguments(parser, QUICK)
    prompts = match_prompts()
    codec = codec_for("pilfer")
    payloads = [decision_request(prompt, codec) for prompt in prompts]
    times, phases = measure(prompts, payloads, args.rounds)
    referee, echo, threaded = times["referee"], times["echo"], times["threaded"]
    steps = split(prompts, payloads)
    result = {
        "benchmark": "transport",
        "requests": len(prompts),
        "payload_bytes_median": statistics.median(len(payload) for payload in payloads),
        "rounds": args.rounds,
        "referee_decision": summary(referee),
        "bare_echo": summary(echo),
        "echo_via_reader_thread": summary(threaded),
        "referee_observation_encoded_beforehand": summary(times["kept"]),
        "referee_requests_encoded_beforehand": summary(times["encoded"]),
        "referee_floor": summary(times["floor"]),
    }
    echo_median = result["bare_echo"]["median_us"]
    for ratio, kind in (
        ("ratio_median", "referee_decision"),
        ("floor_ratio_median", "referee_floor"),
        ("observation_kept_ratio_median", "referee_observation_encoded_beforehand"),
    ):
        result[ratio] = round(result[kind]["median_us"] / echo_median, 2)
    result["target_ratio_median"] = 1.2
    extra = result["referee_decision"]["median_us"] - result["bare_echo"]["median_us"]
    added = ("encode_request_us", "decode_answer_us", "bot_sdk_and_choice_us")
    computed = sum(steps[key] for key in added)
    hop = result["echo_via_reader_thread"]["median_us"] - result["bare_echo"]["median_us"]
    result["split_us"] = {
        **steps,
        "reader_thread_hop_us": round(hop, 1),
        "extra_over_echo_us": round(extra, 1),
        "threads_and_scheduling_us": round(extra - computed - hop, 1),
    }
    medians = {name: statistics.median(values) * 1e6 for name, values in times.items()}
    result["in_round_trip_split_us"] = {
        "encoding_observation": round(medians["referee"] - medians["kept"], 1),
        "encoding_rest_of_request": round(medians["kept"] - medians["encoded"], 1),
        "random_bot_choice": round(medians["encoded"] - medians["floor"], 1),
        "sdk_and_answer": round(medians["floor"] - medians["echo"], 1),
    }
    median_us = {name: statistics.median(values) * 1e6 for name, values in phases.items()}
    result["in_round_trip_us"] = {
        "encode_request_us": round(median_us["encode"], 1),
        "wait_us": round(median_us["wait"], 1),
        "wait_over_echo_us": round(median_us["wait"] - result["bare_echo"]["median_us"], 1),
        "decode_answer_us": round(median_us["decode"], 1),
        "step_by_step_round_trip": summary(times["phased"]),
    }
    emit(result, args.quick)


if __name__ == "__main__":
    main()
