"""Stand-in bots for the referee service's tests: ``python standin_bot.py MODE``.

It listens on a free loopback port and prints the port on its first line. MODE is ``hang``
(answers Describe, accepts every Play stream and never answers a decision, until the referee
ends the stream) or ``refuse`` (answers Describe saying it plays only a game no one
installed, so every match it joins ends at once with STARTUP_FAILED; a bot listing no game
plays any).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent import futures
from typing import Any

import grpc
from ruckus.v1 import bot_pb2

MAX_STREAMS = 64


def main() -> None:
    mode = sys.argv[1]
    games = ["pilfer", "wabbit"] if mode == "hang" else ["no-such-game"]

    def describe(request: bytes, context: Any) -> bytes:
        return bot_pb2.BotInfo(name=f"standin-{mode}", games=games).SerializeToString()

    def play(requests: Iterator[bytes], context: Any) -> Iterator[bytes]:
        for _ in requests:  # read everything, answer nothing
            pass
        return iter(())

    handler = grpc.method_handlers_generic_handler(
        "ruckus.v1.Bot",
        {
            "Describe": grpc.unary_unary_rpc_method_handler(describe),
            "Play": grpc.stream_stream_rpc_method_handler(play),
        },
    )
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=MAX_STREAMS + 4))
    server.add_generic_rpc_handlers((handler,))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    print(port, flush=True)
    server.wait_for_termination(timeout=300)


if __name__ == "__main__":
    main()
