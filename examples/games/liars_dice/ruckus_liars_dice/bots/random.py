"""The random Liar's Dice bot: a uniformly random legal action, the same one every time the
same match is replayed.

Each choice is drawn from a generator seeded by the request itself (the observation, the
decision id and the number of actions), so one bot process can play many matches at once
with no per-match state, and a tournament of random bots plays the same games on every run.
"""

from __future__ import annotations

import hashlib
import random

import ruckus
from ruckus.v1 import bot_pb2


def request_seed(request: bot_pb2.DecisionRequest) -> int:
    """Return a seed that depends only on what ``request`` says."""
    digest = hashlib.blake2b(
        request.observation.SerializeToString(deterministic=True), digest_size=8
    )
    digest.update(request.decision_id.to_bytes(8, "little"))
    digest.update(len(request.legal_actions).to_bytes(4, "little"))
    return int.from_bytes(digest.digest(), "little")


class RandomBot(ruckus.Bot):
    """Picks any legal action at random, reproducibly."""

    name = "liars-dice-random"
    version = "1.0"
    author = "Ruckus samples"
    games = ("liars-dice",)

    def decide(self, request: bot_pb2.DecisionRequest) -> int:
        """Return a random index drawn from the request's own seed."""
        return random.Random(request_seed(request)).randrange(len(request.legal_actions))


if __name__ == "__main__":
    ruckus.run(RandomBot())
