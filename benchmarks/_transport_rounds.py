"""The round trips ``transport.py`` times, each against a process of its own: the referee's
player to a bot (``RefereeRounds`` and its step-by-step, observation-kept and
encoded-beforehand kinds) and a bare gRPC echo (``EchoRounds``), and the two servers those
processes run (``python benchmarks/_transport_rounds.py --echo-server`` or ``--answer-server``).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import queue
import sys
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path
from typing import Any

import grpc
import ruckus
from ruckus.limits import CHANNEL_OPTIONS
from ruckus.serve import listen_address
from ruckus.v1 import bot_pb2

from referee.games import get_game
from referee.games.base import IdentityMemo
from referee.match import Clocks, MatchInfo
from referee.match.player import DecisionPrompt
from referee.transport.bots import open_players, parse_bot
from referee.transport.codec import codec_for
from referee.transport.codec.game_codec import GameCodec
from referee.transport.messages import decision_request
from referee.transport.player import GrpcPlayer
from referee.transport.process import BotProcess
from sample_bots.registry import sample_command

ECHO_METHOD = "/bench.Echo/Play"
ECHO_SERVER = [sys.executable, __file__, "--echo-server"]
ANSWER_AT_ONCE = f"cmd:{sys.executable} {__file__} --answer-server"
"""The bot of the floor: :class:`FirstAction` in its own process."""


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


@dataclasses.dataclass(frozen=True)
class KeptObservationCodec(GameCodec):
    """A codec that encodes each observation object once and keeps its bytes: a request then
    costs what it would if the observation cost nothing to send (the best an observation sent
    as changes could do); the rest of the request is encoded as in a match."""

    def observation_field(self, data: dict[str, Any]) -> bytes:
        """Return the observation's bytes, encoded at its first request."""
        encoded: bytes = self._kept(data)
        return encoded

    @classmethod
    def keeping(cls, codec: GameCodec) -> KeptObservationCodec:
        """Return ``codec``, keeping each observation's bytes."""
        fields = dataclasses.fields(codec)
        return cls(**{field.name: getattr(codec, field.name) for field in fields if field.init})

    @functools.cached_property
    def _kept(self) -> IdentityMemo:
        return IdentityMemo(functools.partial(GameCodec.observation_field, self), limit=4096)


class ObservationKeptRounds(RefereeRounds):
    """The referee's decisions with every observation's bytes kept from before
    (:class:`KeptObservationCodec`): what encoding the rest of a request adds."""

    def __init__(
        self, prompts: list[DecisionPrompt], stack: contextlib.ExitStack, work: Path
    ) -> None:
        super().__init__(prompts, stack, work)
        assert isinstance(self.player, GrpcPlayer)
        kept = KeptObservationCodec.keeping(self.player.codec)
        for prompt in prompts:
            kept.observation_field(prompt.observation)
        self.player.codec = kept


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
        process = BotProcess(ECHO_SERVER, work / "echo.log")
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


def main() -> None:
    """Run the server the command line names."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--echo-server", action="store_true")
    parser.add_argument("--answer-server", action="store_true")
    args, _ = parser.parse_known_args()
    if args.echo_server:
        echo_server()
    elif args.answer_server:
        answer_server()
    else:
        parser.error("name a server: --echo-server or --answer-server")


if __name__ == "__main__":
    main()
