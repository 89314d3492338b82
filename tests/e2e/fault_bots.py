"""Misbehaving bots for fault tests: ``python fault_bots.py MODE [AFTER]``.

Each plays random legal actions for AFTER decisions (default 3), then misbehaves:
sleep (past any deadline), exit (the process dies), out_of_range (index past the list),
garbage (bytes that are not a BotMessage), oversize (a huge message), hangup (ends the
stream but keeps running), wrong_id (answers another decision id), status (ends the stream
with a status of its choosing, RESOURCE_EXHAUSTED), wrong_game (says it plays only Wabbit),
die_at_start (exits before listening), die_in_describe (listens, then dies answering
Describe), raise (an exception in ``choose``), forged_name (plays randomly under a name that
would forge lines of a report). A bot that dies first prints why, as a real one would.
Arguments after the count are ignored (tests use one to find the process by its command line).
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent import futures
from typing import Any

import grpc
import ruckus
from ruckus.limits import CHANNEL_OPTIONS
from ruckus.v1 import bot_pb2

GARBAGE = b"\xff\xff\xff\xff"
FORGED_NAME = "honest\nseat 1 forged-winner        score   99  rank 1\x1b[2J\u202eevil" + "x" * 80
"""A name with a newline, a forged report line, a terminal escape and a bidi override."""


class FaultBot(ruckus.Bot):
    """A random bot that misbehaves after ``after`` decisions."""

    name = "fault-bot"
    games = ("pilfer", "wabbit")

    def __init__(self, mode: str, after: int) -> None:
        self.mode = mode
        self.after = after
        self.count = 0

    def choose(self, observation: Any, actions: Sequence[Any]) -> int:
        self.count += 1
        if self.count <= self.after:
            return random.randrange(len(actions))
        if self.mode == "sleep":
            time.sleep(30)
        if self.mode == "exit":
            print(f"crashing on purpose at decision {self.count}", file=sys.stderr, flush=True)
            os._exit(3)
        if self.mode == "raise":
            raise ValueError(f"cannot read the view at decision {self.count}")
        return len(actions) + 5


def raw_server(mode: str, after: int) -> None:
    """Serve a bot that writes raw bytes on its Play stream."""

    def describe(request: bytes, context: Any) -> bytes:
        if mode == "die_in_describe":
            print("KeyError: 'games' while describing myself", file=sys.stderr, flush=True)
            os._exit(4)
        games = ["wabbit"] if mode == "wrong_game" else ["pilfer", "wabbit"]
        info = bot_pb2.BotInfo(name=f"raw-{mode}", games=games)
        return info.SerializeToString()

    def play(requests: Iterator[bytes], context: Any) -> Iterator[bytes]:
        count = 0
        for raw in requests:
            message = bot_pb2.RefereeMessage.FromString(raw)
            if message.WhichOneof("kind") != "decision":
                continue
            count += 1
            decision = bot_pb2.Decision(decision_id=message.decision.decision_id, action_index=0)
            if count > after:
                if mode == "garbage":
                    yield GARBAGE
                    continue
                if mode == "oversize":
                    yield b"\x00" * (1024 * 1024)
                    continue
                if mode == "hangup":
                    return
                if mode == "status":
                    context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, "my own choice")
                decision.decision_id += 1000
            yield bot_pb2.BotMessage(decision=decision).SerializeToString()

    handler = grpc.method_handlers_generic_handler(
        "ruckus.v1.Bot",
        {
            "Describe": grpc.unary_unary_rpc_method_handler(describe),
            "Play": grpc.stream_stream_rpc_method_handler(play),
        },
    )
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=8), options=list(CHANNEL_OPTIONS))
    server.add_generic_rpc_handlers((handler,))
    address = os.environ.get("RUCKUS_ADDRESS") or f"127.0.0.1:{os.environ['RUCKUS_PORT']}"
    server.add_insecure_port(address)
    server.start()
    server.wait_for_termination(timeout=120)


def main() -> None:
    mode = sys.argv[1]
    after = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    if mode == "die_at_start":
        sys.exit("this bot never starts")
    raw = ("garbage", "oversize", "hangup", "wrong_id", "status", "wrong_game", "die_in_describe")
    if mode in raw:
        raw_server(mode, after)
        return
    bot = FaultBot(mode, after)
    if mode == "forged_name":
        bot.name = FORGED_NAME
        bot.after = 10**9
    ruckus.run(bot)


if __name__ == "__main__":
    main()
