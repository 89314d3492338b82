"""An in-process player that picks a uniformly random legal action: for tests, benchmarks and
quick demos, where a match needs seats but no bot processes."""

from __future__ import annotations

import random

from referee.games.base import Outcome
from referee.match.player import BotIdentity, DecisionPrompt, MatchInfo


class RandomPlayer:
    """A Player answering every decision at once with a random index drawn from ``seed``."""

    def __init__(self, seed: int, source: str = "in-process") -> None:
        self.random = random.Random(seed)
        self.source = source

    def identity(self) -> BotIdentity:
        """Return ``random`` version 1, in Python, from ``source``."""
        return BotIdentity(name="random", version="1", language="python", source=self.source)

    def start(self, info: MatchInfo) -> None:
        """Nothing to prepare."""

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        """Return a random index into the prompt's choices."""
        return self.random.randrange(len(prompt.choices))

    def finish(self, outcome: Outcome) -> None:
        """Nothing to tell."""
