"""A Player that is a remote bot: one Play stream per match over gRPC, every wait bounded."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator
from typing import Any

import grpc
from google.protobuf.message import DecodeError
from ruckus.limits import MAX_MESSAGE_BYTES
from ruckus.v1 import bot_pb2

from referee.games.base import Outcome
from referee.match.faults import FaultCode, PlayerFault
from referee.match.player import BotIdentity, DecisionPrompt, MatchInfo
from referee.transport import messages
from referee.transport.codec.game_codec import GameCodec
from referee.transport.probe import probe, refused_at_the_door
from referee.transport.process import BotProcess
from referee.transport.security import ClientSecurity
from referee.transport.self_report import printable_info
from referee.transport.watch import BotWatch, with_output

MAX_ANSWER_BYTES = 256 * 1024
"""The largest message the referee accepts from a bot; a Decision is a few bytes."""
STREAM_SLACK_SECONDS = 600.0
"""Added to the seats' time banks to bound a whole Play stream."""
CLOSE_SECONDS = 1.0
EXIT_WAIT_SECONDS = 0.5
PROBE_AFTER_SECONDS = 1.0
"""How often a remote bot that is not ready yet is asked why (see _wait_ready)."""
SIZE_GRACE_SECONDS = 0.05
"""How long past a deadline a size refusal still counts before the clock (see decide)."""
SIZE_REFUSAL = "Received message larger than max"
"""How gRPC words its refusal of a message over the channel's receive limit."""
_END = object()

CHANNEL_OPTIONS = [
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_receive_message_length", MAX_ANSWER_BYTES),
]


class _PlayStream:
    """One match's Play stream: an outbox feeding gRPC, and a reader thread filling an inbox."""

    def __init__(self, play: Any, timeout: float, name: str) -> None:
        self.outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self.inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.closed = threading.Event()
        self.broken: PlayerFault | None = None
        self.expired: set[int] = set()
        self.call = play(self._outgoing(), timeout=timeout)
        self.reader = threading.Thread(target=self._read, name=name, daemon=True)
        self.reader.start()

    def _outgoing(self) -> Iterator[bytes]:
        while True:
            try:
                item = self.outbox.get(timeout=CLOSE_SECONDS)
            except queue.Empty:
                if self.closed.is_set():
                    return
                continue
            if item is None:
                return
            yield item

    def _read(self) -> None:
        try:
            for raw in self.call:
                self.inbox.put(raw)
            self.inbox.put(_END)
        except grpc.RpcError as error:
            self.inbox.put(error)

    def send(self, encoded: bytes) -> None:
        """Queue one encoded message for the bot."""
        self.outbox.put(encoded)

    def close(self, wait: float) -> None:
        """Half-close, give the bot ``wait`` seconds to end the stream, then cancel it."""
        self.closed.set()
        self.outbox.put(None)
        self.reader.join(timeout=wait)
        self.call.cancel()


class GrpcPlayer:
    """A seat played by a bot at ``address`` (started by the harness when ``process`` is set).

    One player can play many matches in turn (one Play stream each), so a bot process can
    be started once per tournament. The channel is plaintext unless ``security`` (TLS, a
    token) is given.
    """

    def __init__(
        self,
        address: str,
        codec: GameCodec,
        source: str,
        process: BotProcess | None = None,
        watch: BotWatch | None = None,
        security: ClientSecurity | None = None,
    ) -> None:
        self.address = address
        self.codec = codec
        self.source = source
        self.process = process
        self.watch: BotWatch | None = process if process is not None else watch
        self._security = security
        self.info: bot_pb2.BotInfo | None = None
        self.startup_fault: PlayerFault | None = None
        self._channel = (
            grpc.insecure_channel(address, options=CHANNEL_OPTIONS)
            if security is None
            else security.channel(address, CHANNEL_OPTIONS)
        )
        self._describe = self._channel.unary_unary(
            "/ruckus.v1.Bot/Describe",
            request_serializer=bot_pb2.DescribeRequest.SerializeToString,
            response_deserializer=bot_pb2.BotInfo.FromString,
        )
        self._play = self._channel.stream_stream("/ruckus.v1.Bot/Play")
        self._stream: _PlayStream | None = None
        self.last_match_broken = False

    def connect(self, game: str, timeout: float) -> None:
        """Wait for the bot to listen and describe itself; a failure is kept as STARTUP_FAILED."""
        try:
            self._wait_ready(timeout)
            info = self._describe(bot_pb2.DescribeRequest(), timeout=timeout)
        except grpc.RpcError as error:
            detail = f"Describe failed: {error.code()}: {error.details()}"[:500]
            self.startup_fault = self._startup_failed(detail)
            return
        except PlayerFault as fault:
            self.startup_fault = fault
            return
        info = printable_info(info)
        self.info = info
        if info.games and game not in info.games:
            detail = f"bot {info.name!r} plays {list(info.games)}, not {game!r}"
            self.startup_fault = self._startup_failed(detail)

    def _startup_failed(self, detail: str) -> PlayerFault:
        """Return STARTUP_FAILED with ``detail`` and, for a local bot, its last output lines."""
        return PlayerFault(FaultCode.STARTUP_FAILED, with_output(detail, self.watch))

    def _wait_ready(self, timeout: float) -> None:
        if self.process is not None:
            problem = self.process.wait_listening(timeout)
            if problem is not None:
                raise self._limit_fault() or self._startup_failed(problem)
            return
        deadline = time.monotonic() + timeout
        next_probe = time.monotonic() + PROBE_AFTER_SECONDS
        ready = grpc.channel_ready_future(self._channel)
        reason: str | None = None
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                seen = f" ({reason})" if reason else ""
                raise self._startup_failed(f"not listening after {timeout:.1f} s{seen}")
            try:
                ready.result(timeout=min(remaining, 0.05))
                return
            except grpc.FutureTimeoutError:
                pass
            if self.watch is not None:
                ended = self.watch.ended(0.0)
                if ended is not None:
                    detail = with_output(f"{ended} before answering", self.watch)
                    raise PlayerFault(FaultCode.CRASHED, detail)
            if time.monotonic() >= next_probe:
                next_probe = time.monotonic() + PROBE_AFTER_SECONDS
                reason = probe(self.address, self._security)
                if reason is not None and refused_at_the_door(reason):
                    raise self._startup_failed(f"refused: {reason}")

    def _limit_fault(self) -> PlayerFault | None:
        """Return RESOURCE_LIMIT when the sandbox stopped the bot for passing a limit."""
        limit = self.watch.limit_exceeded() if self.watch is not None else None
        if limit is None:
            return None
        return PlayerFault(FaultCode.RESOURCE_LIMIT, f"stopped by the sandbox: over {limit}")

    def identity(self) -> BotIdentity:
        """Return who plays, as the bot described itself (or the source if it never did)."""
        if self.info is None:
            return BotIdentity(name=self.source, source=self.source)
        return BotIdentity(
            name=self.info.name,
            version=self.info.version,
            author=self.info.author,
            language=self.info.language,
            source=self.source,
        )

    def start(self, info: MatchInfo) -> None:
        """Open the match's Play stream and send MatchStart."""
        if self.startup_fault is not None:
            raise self.startup_fault
        bank_seconds = info.match_bank_ms / 1000.0
        self._stream = _PlayStream(
            self._play, bank_seconds + STREAM_SLACK_SECONDS, f"bot-{self.address}"
        )
        self._stream.send(messages.match_start(info, self.codec).SerializeToString())

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        """Send the request and wait up to ``timeout`` seconds for its Decision."""
        stream = self._stream
        assert stream is not None, "decide() before start()"
        if stream.broken is not None:
            raise stream.broken
        deadline = time.monotonic() + timeout
        stream.send(messages.decision_request(prompt, self.codec))
        while True:
            try:
                item = stream.inbox.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                stream.expired.add(prompt.decision_id)
                raise self._timeout(stream, timeout) from None
            decision = self._decision(stream, item)
            if decision.decision_id in stream.expired:
                continue  # a late answer to a request that already timed out
            if decision.decision_id != prompt.decision_id:
                detail = f"answer for unknown decision {decision.decision_id}"
                raise _fail(stream, FaultCode.MALFORMED, detail)
            return decision.action_index

    def _timeout(self, stream: _PlayStream, timeout: float) -> PlayerFault:
        """Return the fault of a decision whose deadline passed.

        Size comes before the clock: an answer the channel refused for its size just as the
        deadline passed (within ``SIZE_GRACE_SECONDS``) is OVERSIZE. Anything else that
        arrives then is kept as the stream's fault for later; this decision is a TIMEOUT.
        """
        try:
            item = stream.inbox.get(timeout=SIZE_GRACE_SECONDS)
        except queue.Empty:
            item = None
        if item is not None and not isinstance(item, bytes):
            fault = self._stream_fault(stream, item)
            if fault.code is FaultCode.OVERSIZE:
                return fault
        return PlayerFault(FaultCode.TIMEOUT, f"no answer within {timeout * 1000:.0f} ms")

    def _decision(self, stream: _PlayStream, item: Any) -> bot_pb2.Decision:
        """Turn one inbox item into a Decision, or raise the fault it shows."""
        if not isinstance(item, bytes):
            raise self._stream_fault(stream, item)
        try:
            message: bot_pb2.BotMessage = bot_pb2.BotMessage.FromString(item)
        except DecodeError:
            raise _fail(stream, FaultCode.MALFORMED, "answer is not a BotMessage") from None
        if message.WhichOneof("kind") != "decision":
            raise _fail(stream, FaultCode.MALFORMED, "answer carries no Decision")
        decision: bot_pb2.Decision = message.decision
        return decision

    def _stream_fault(self, stream: _PlayStream, item: Any) -> PlayerFault:
        """Classify the end of the stream by what the referee itself saw.

        In order: a message the referee's own channel refused for its size (OVERSIZE); a bot
        the sandbox stopped (RESOURCE_LIMIT); a local bot whose process ended (CRASHED); else
        DISCONNECTED, with any status the bot sent in the detail (never trusted as a class)
        and, for a local bot, its last output lines (an SDK prints the traceback of an
        exception in the bot's code there).
        """
        if _refused_for_size(item):
            return _fail(stream, FaultCode.OVERSIZE, f"message over the limit: {item.details()}")
        limit = self._limit_fault()
        if limit is not None:
            return _fail(stream, limit.code, limit.detail)
        if self.watch is not None:
            ended = self.watch.ended(EXIT_WAIT_SECONDS)
            if ended is not None:
                return _fail(stream, FaultCode.CRASHED, with_output(ended, self.watch))
        if item is _END:
            return _fail(stream, FaultCode.DISCONNECTED, "ended the stream")
        detail = f"stream failed: {item.code()}: {item.details()}"
        return _fail(stream, FaultCode.DISCONNECTED, with_output(detail[:500], self.watch))

    def reusable(self) -> bool:
        """Whether the next match may use this player as it is: it connected, and its last
        match's stream ended without a fault."""
        return self.startup_fault is None and not self.last_match_broken

    def finish(self, outcome: Outcome) -> None:
        """Send MatchEnd, half-close, and give the bot a moment to end the stream."""
        stream, self._stream = self._stream, None
        if stream is None:
            return
        self.last_match_broken = stream.broken is not None
        if stream.broken is None:
            stream.send(messages.match_end(outcome).SerializeToString())
        stream.close(CLOSE_SECONDS)

    def close(self) -> None:
        """Cancel any open stream and close the channel (the process is stopped by its owner)."""
        if self._stream is not None:
            self._stream.close(0.0)
            self._stream = None
        self._channel.close()


def _refused_for_size(item: Any) -> bool:
    """Whether ``item`` is the referee's channel refusing an answer over MAX_ANSWER_BYTES.

    gRPC reports that as RESOURCE_EXHAUSTED with its own wording (``... Received message larger
    than max (N vs. M)``); a bot that ends its stream with RESOURCE_EXHAUSTED and another text is
    DISCONNECTED, like any status it sends. (A bot that forges the wording only blames itself.)
    """
    return (
        isinstance(item, grpc.RpcError)
        and item.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        and SIZE_REFUSAL in str(item.details())
    )


def _fail(stream: _PlayStream, code: FaultCode, detail: str) -> PlayerFault:
    """Mark ``stream`` broken with a fault and return the fault."""
    stream.broken = PlayerFault(code, detail)
    return stream.broken


class UnstartedPlayer:
    """A seat whose bot could not even be started: every match it joins records the fault."""

    def __init__(self, source: str, fault: PlayerFault) -> None:
        self.source = source
        self.startup_fault = fault

    def identity(self) -> BotIdentity:
        """Return the source as the bot's name."""
        return BotIdentity(name=self.source, source=self.source)

    def start(self, info: MatchInfo) -> None:
        """Raise the startup fault."""
        raise self.startup_fault

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        """Raise the startup fault (never reached: start fails first)."""
        raise self.startup_fault

    def finish(self, outcome: Outcome) -> None:
        """Nothing to tell."""

    def close(self) -> None:
        """Nothing to close."""
