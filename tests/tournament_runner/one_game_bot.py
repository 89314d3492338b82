"""A random bot that says it plays one game only, and may be slow to start:
``python one_game_bot.py GAME [--listen-after S] [--describe-after S]`` (GAME ``any``: it lists
no game, so it plays any)."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

import ruckus
from ruckus.v1 import bot_pb2


class OneGameBot(ruckus.Bot):
    """Plays random actions; its ``Describe`` lists one game and answers after a delay."""

    name = "one-game"

    def __init__(self, game: str, describe_after: float) -> None:
        if game != "any":  # "any": the SDK's default, no game listed
            self.games = (game,)
        self.describe_after = describe_after

    def info(self) -> bot_pb2.BotInfo:
        time.sleep(self.describe_after)
        return super().info()

    def choose(self, observation: Any, actions: Sequence[Any]) -> int:
        return random.randrange(len(actions))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--listen-after", type=float, default=0.0)
    parser.add_argument("--describe-after", type=float, default=0.0)
    args, _ = parser.parse_known_args()
    time.sleep(args.listen_after)
    ruckus.run(OneGameBot(args.game, args.describe_after))
