"""The random sample bot: a uniformly random legal action, the same one every time the same
match is replayed.

Each choice is the request's own 64-bit hash (of the observation, the decision id and the
number of actions) modulo the number of actions, so a bot process that plays many matches at
once needs no per-match state, and a tournament of random bots plays the same games on every
run. The hash is the choice: seeding a generator with it would cost as much again, for a bias
toward the low indices of at most ``n / 2**64``.
"""

from __future__ import annotations

import hashlib

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

    version = "1.2"
    author = "Ruckus samples"

    def __init__(self, game: str) -> None:
        self.name = f"{game}-random"
        self.games = (game,)

    def decide(self, request: bot_pb2.DecisionRequest) -> int:
        """Return a random index: the request's own seed modulo the number of actions."""
        return request_seed(request) % len(request.legal_actions)
