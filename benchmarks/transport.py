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
bot's side (the SDK and its choice) as it runs there.
Usage: ``python benchmarks/transport.py [--rounds N] [--quick]``; ``--quick`` times 100 rounds
of each, a check that it runs.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import itertools
import queue
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent import futures
from pathlib import Path
from typing import Any

import grpc
import ruckus
from _common import emit, parse_arguments, per_call
from ruckus.limits import CHANNEL_OPTIONS
from ruckus.serve import listen_address
from ruckus.v1 import bot_pb2

from referee.games import get_game
from referee.match import Clocks, MatchInfo, MatchSetup, run_match
from referee.match.player import BotIdentity, DecisionPrompt
from referee.match.random_player import RandomPlayer
from referee.transport.bots import open_players, parse_bot
from referee.transport.codec import codec_for
from referee.transport.messages import decision_request
from referee.transport.player import GrpcPlayer
from referee.transport.process import BotProcess
from sample_bots.random_bot import RandomBot
from sample_bots.registry import sample_command

ECHO_METHOD = "/bench.Echo/Play"
ANSWER_AT_ONCE = f"cmd:{sys.executable} {__file__} --answer-server"
"""The bot of the floor: :class:`FirstAction` in its own process."""
QUICK = {"rounds": 100}


def echo_server() -> None:
    """Serve a bidi stream that sends every message straight back (run in a child process).

    It listens where the SDK's bots do (:func:`ruckus.serve.listen_address`): the Unix socket
    of ``$RUCKUS_ADDRESS`` inside the ``strict`` sandbox, which has no network, else
    ``127.0.0.1:$RUCKUS_PORT``.
    """

    def play(requests: Iterator[bytes], context: object) -> Iterator[bytes]:
        yield from requests

    handler = grpc.method_handlers_generic_handler(
        "bench.Echo", {"Play": grpc.stream_stream_rpc_method_handler(play)}
    )
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4), options=list(CHANNEL_OPTIONS))
    server.add_generic_rpc_handlers((handler,))
    address = listen_address(argparse.Namespace(port=None, host="127.0.0.1"))
    if address is None:
        sys.exit("echo server: neither RUCKUS_ADDRESS nor RUCKUS_PORT is set")
    if server.add_insecure_port(address) == 0 and not address.startswith("unix:"):
        sys.exit(f"echo server: cannot listen on {address}")
    server.start()
    server.wait_for_termination(timeout=600)


class FirstAction(ruckus.Bot):
    """A bot that plays the first legal action at once: the SDK's own cost and nothing more."""

    name = "first-action"

    def decide(self, request: bot_pb2.DecisionRequest) -> int:
        """Return 0 without looking."""
        return 0


def answer_server() -> None:
    """Serve :class:`FirstAction` where the SDK's bots listen (run in a child process)."""
    ruckus.run(FirstAction())


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


class RefereeRounds:
    """Decisions through ``GrpcPlayer.decide`` to a bot process (``bot``: the random sample
    bot), one round at a time, the prompts of one match in turn."""

    def __init__(
        self,
        prompts: list[DecisionPrompt],
        stack: contextlib.ExitStack,
        work: Path,
        bot: str = "pilfer-random",
    ) -> None:
        game = get_game("pilfer")
        state = game.new_state(game.make_config(None), 2, 7)
        spec = parse_bot(bot, "pilfer", sample_command)
        (self.player,) = stack.enter_context(open_players([spec], "pilfer", work))
        static = game.static_map(state)
        bank_ms = 2 * Clocks().bank_ms
        info = MatchInfo("bench", "pilfer", "", "raid", {}, 0, 2, static, Clocks(), bank_ms)
        self.player.start(info)
        self.prompts = prompts
        self.number = 0

    def once(self) -> float:
        """Time one decision."""
        self.number += 1
        prompt = self.prompts[self.number % len(self.prompts)]
        prompt = dataclasses.replace(prompt, decision_id=self.number)
        began = time.perf_counter()
        self.player.decide(prompt, 2.0)
        return time.perf_counter() - began


class PhasedRounds(RefereeRounds):
    """The same decisions taken step by step on the player's stream, each step timed: encoding
    the request, waiting for the answer (the wire and the bot), decoding it."""

    def __init__(
        self, prompts: list[DecisionPrompt], stack: contextlib.ExitStack, work: Path
    ) -> None:
        super().__init__(prompts, stack, work)
        self.codec = codec_for("pilfer")
        self.phases: dict[str, list[float]] = {"encode": [], "wait": [], "decode": []}

    def once(self) -> float:
        """Time one decision, step by step."""
        self.number += 1
        prompt = self.prompts[self.number % len(self.prompts)]
        prompt = dataclasses.replace(prompt, decision_id=self.number)
        assert isinstance(self.player, GrpcPlayer)
        stream = self.player._stream
        assert stream is not None
        began = time.perf_counter()
        request = decision_request(prompt, self.codec)
        encoded = time.perf_counter()
        stream.outbox.put(request)
        answer = stream.inbox.get(timeout=15)
        answered = time.perf_counter()
        message = bot_pb2.BotMessage.FromString(answer)
        assert message.WhichOneof("kind") == "decision"
        assert message.decision.decision_id == self.number
        decoded = time.perf_counter()
        self.phases["encode"].append(encoded - began)
        self.phases["wait"].append(answered - encoded)
        self.phases["decode"].append(decoded - answered)
        return decoded - began


class EncodedRounds(RefereeRounds):
    """The player's stream to a bot process (``bot``: the random sample bot), each request
    encoded beforehand: sent, answered, the answer decoded."""

    def __init__(
        self,
        payloads: list[bytes],
        stack: contextlib.ExitStack,
        work: Path,
        bot: str = "pilfer-random",
    ) -> None:
        super().__init__([], stack, work, bot)
        self.payloads = payloads

    def once(self) -> float:
        """Time one decision whose request is already encoded."""
        self.number += 1
        payload = self.payloads[self.number % len(self.payloads)]
        assert isinstance(self.player, GrpcPlayer)
        stream = self.player._stream
        assert stream is not None
        began = time.perf_counter()
        stream.outbox.put(payload)
        message = bot_pb2.BotMessage.FromString(stream.inbox.get(timeout=15))
        assert message.WhichOneof("kind") == "decision"
        return time.perf_counter() - began


class EchoRounds:
    """Bare bidi echo round trips of ``payloads`` in turn to an echo-server process."""

    def __init__(self, payloads: list[bytes], stack: contextlib.ExitStack, work: Path) -> None:
        process = BotProcess([sys.executable, __file__, "--echo-server"], work / "echo.log")
        stack.callback(process.stop)
        problem = process.wait_listening(15.0)
        if problem is not None:
            sys.exit(f"echo server {problem}: {process.output_tail()}")
        channel = grpc.insecure_channel(process.address, options=list(CHANNEL_OPTIONS))
        stack.callback(channel.close)
        grpc.channel_ready_future(channel).result(timeout=15)
        self.outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        stack.callback(self.outbox.put, None)
        self.call = channel.stream_stream(ECHO_METHOD)(iter(self.outbox.get, None), timeout=600)
        stack.callback(self.call.cancel)
        self.payloads = payloads
        self.number = 0

    def next_payload(self) -> bytes:
        """Return the next payload in turn."""
        self.number += 1
        return self.payloads[self.number % len(self.payloads)]

    def once(self) -> float:
        """Time one echo."""
        payload = self.next_payload()
        began = time.perf_counter()
        self.outbox.put(payload)
        next(self.call)
        return time.perf_counter() - began


class ThreadedEchoRounds(EchoRounds):
    """The echo read as the referee reads a bot: a reader thread fills an inbox that the
    caller waits on (one more thread hop per answer than ``EchoRounds``)."""

    def __init__(self, payloads: list[bytes], stack: contextlib.ExitStack, work: Path) -> None:
        super().__init__(payloads, stack, work)
        self.inbox: queue.SimpleQueue[bytes] = queue.SimpleQueue()
        threading.Thread(target=self._read, name="echo-reader", daemon=True).start()

    def _read(self) -> None:
        with contextlib.suppress(grpc.RpcError):  # cancelled when the run ends
            for raw in self.call:
                self.inbox.put(raw)

    def once(self) -> float:
        """Time one echo."""
        payload = self.next_payload()
        began = time.perf_counter()
        self.outbox.put(payload)
        self.inbox.get(timeout=15)
        return time.perf_counter() - began


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
        "decode_answer_us": round(per_call(decode), 1),
        "bot_sdk_and_choice_us": round(per_call(bot_side), 1),
    }


def measure(
    prompts: list[DecisionPrompt], payloads: list[bytes], rounds: int, block: int = 20
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Time the referee, the echo, the echo through a reader thread, the referee step by step,
    the referee with its requests encoded beforehand and the floor (those requests, a bot that
    answers at once) in rotating blocks, so a busy machine slows them alike; drop a warm-up.
    Return the round trips by kind and the steps of the step-by-step rounds."""
    with tempfile.TemporaryDirectory() as work, contextlib.ExitStack() as stack:
        kinds: dict[str, RefereeRounds | EchoRounds] = {
            "referee": RefereeRounds(prompts, stack, Path(work)),
            "echo": EchoRounds(payloads, stack, Path(work)),
            "threaded": ThreadedEchoRounds(payloads, stack, Path(work)),
            "phased": PhasedRounds(prompts, stack, Path(work)),
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
    parser.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--answer-server", action="store_true", help=argparse.SUPPRESS)
    args = parse_arguments(parser, QUICK)
    if args.echo_server:
        echo_server()
        return
    if args.answer_server:
        answer_server()
        return
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
        "referee_requests_encoded_beforehand": summary(times["encoded"]),
        "referee_floor": summary(times["floor"]),
    }
    result["ratio_median"] = round(
        result["referee_decision"]["median_us"] / result["bare_echo"]["median_us"], 2
    )
    result["floor_ratio_median"] = round(
        result["referee_floor"]["median_us"] / result["bare_echo"]["median_us"], 2
    )
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
        "encoding_request": round(medians["referee"] - medians["encoded"], 1),
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
