"""In-process players for match-loop tests (no processes, no network)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from referee.games.base import Outcome
from referee.games.rng import Rng
from referee.match import BotIdentity, DecisionPrompt, FaultCode, MatchInfo, PlayerFault
from referee.matchlog.chain import GENESIS, canonical, line_body, seal


class ScriptedPlayer:
    """Answers with ``choose(prompt)``; records what it was told."""

    def __init__(self, name: str, choose: Callable[[DecisionPrompt], int]) -> None:
        self.name = name
        self.choose = choose
        self.info: MatchInfo | None = None
        self.prompts: list[DecisionPrompt] = []
        self.outcome: Outcome | None = None

    def identity(self) -> BotIdentity:
        return BotIdentity(name=self.name, source="test")

    def start(self, info: MatchInfo) -> None:
        self.info = info

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        self.prompts.append(prompt)
        return self.choose(prompt)

    def finish(self, outcome: Outcome) -> None:
        self.outcome = outcome


def random_chooser(seed: int) -> Callable[[DecisionPrompt], int]:
    rng = Rng(seed)
    return lambda prompt: rng.below(len(prompt.choices))


def after(count: int, misbehave: Callable[[DecisionPrompt], int], seed: int = 0):
    """A chooser that plays randomly ``count`` times, then calls ``misbehave``."""
    rng = Rng(seed)
    calls = [0]

    def choose(prompt: DecisionPrompt) -> int:
        calls[0] += 1
        if calls[0] > count:
            return misbehave(prompt)
        return rng.below(len(prompt.choices))

    return choose


def out_of_range(prompt: DecisionPrompt) -> int:
    return len(prompt.choices)


def raise_disconnected(prompt: DecisionPrompt) -> int:
    raise PlayerFault(FaultCode.DISCONNECTED, "gone")


def slow(seconds: float) -> Callable[[DecisionPrompt], int]:
    def choose(prompt: DecisionPrompt) -> int:
        time.sleep(seconds)
        return 0

    return choose


class Players:
    """The helpers above, handed to tests as the ``players`` fixture."""

    Scripted = ScriptedPlayer
    random = staticmethod(random_chooser)
    after = staticmethod(after)
    out_of_range = staticmethod(out_of_range)
    raise_disconnected = staticmethod(raise_disconnected)
    slow = staticmethod(slow)


@pytest.fixture
def players() -> type[Players]:
    return Players


def with_changed_header(
    log: Path, change: Callable[[dict[str, Any]], object], target: Path | None = None
) -> Path:
    """Write ``log`` to ``target`` (default: over itself) with ``change`` applied to its header
    and the hash chain re-linked, unsealed: a tampered log whose chain still holds."""
    lines = [json.loads(raw) for raw in log.read_text().splitlines()]
    change(lines[0])
    prev, out = GENESIS, []
    for line in lines:
        sealed = seal({k: v for k, v in line_body(line).items() if k != "prev"}, prev)
        prev = sealed["hash"]
        out.append(canonical(sealed))
    target = target or log
    target.write_text("\n".join(out) + "\n")
    return target
