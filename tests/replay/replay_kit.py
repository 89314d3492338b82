"""Helpers of the replay tests: in-process random players, and reading and rewriting logs."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.games import get_game
from referee.games.base import Outcome
from referee.match import BotIdentity, DecisionPrompt, MatchInfo, MatchSetup, run_match
from referee.matchlog import LogWriter
from referee.matchlog.chain import GENESIS, canonical, seal
from referee.matchlog.verify import rebuild_config

MakeLog = Callable[..., Path]


class RandomPlayer:
    """An in-process Player that picks a uniformly random legal action."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def identity(self) -> BotIdentity:
        return BotIdentity(name="random", version="1", language="python", source="in-process")

    def start(self, info: MatchInfo) -> None:
        pass

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        return self.random.randrange(len(prompt.choices))

    def finish(self, outcome: Outcome) -> None:
        pass


def write_log(path: Path, game: str, seed: int, players: int = 2) -> Path:
    """Play one match of ``game`` between random players and log it to ``path``."""
    engine = get_game(game)
    setup = MatchSetup(
        game=engine,
        config=engine.make_config(),
        seed=seed,
        match_id=f"{game}-{seed}",
        scenario=engine.spec.default_scenario,
    )
    seats = [RandomPlayer(seed * 10 + seat) for seat in range(players)]
    with LogWriter(path) as writer:
        run_match(setup, seats, [writer])
    return path


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_lines(path: Path, lines: list[dict[str, Any]], reseal: bool = True) -> Path:
    """Write log lines, re-linking the hash chain unless ``reseal`` is False."""
    prev = GENESIS
    out = []
    for line in lines:
        if reseal:
            body = {key: value for key, value in line.items() if key not in ("prev", "hash")}
            line = seal(body, prev)
            prev = line["hash"]
        out.append(canonical(line))
    path.write_text("\n".join(out) + "\n")
    return path


def scores_by_position(path: Path) -> list[list[int]]:
    """Re-run a log with the engine and return the seats' scores before and after each decision."""
    lines = read_lines(path)
    header = lines[0]
    game = get_game(header["game"])
    state = game.new_state(rebuild_config(game, header), header["players"], header["seed"])
    key = "points" if header["game"] == "pilfer" else "score"

    def scores() -> list[int]:
        return [seat[key] for seat in game.observe(state, None)["seats"]]

    result = [scores()]
    for line in lines[1:]:
        if line["type"] == "decision":
            state = game.apply(state, game.legal_actions(state)[line["index"]])
            result.append(scores())
    return result
