"""A Wabbit Wampage bot that searches: determinized flat Monte Carlo over the rules engine.

At the decisions of a turn with nothing in progress (choosing a character, moving,
acting, ending the turn) it rebuilds engine states consistent with what it sees (the
other hands and the draw pile dealt at random from the unseen cards), tries every legal
action in the same sampled worlds, plays on greedily until its next turn and keeps the
action that beats the greedy choice clearly (``sample_bots.wabbit.search``). Other
decisions, and any decision when time is short, use the greedy policy. It thinks for a
share of its time bank, never more than ``--think-ms`` (default 400) and never near the
decision deadline.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

import ruckus
from ruckus.v1 import bot_pb2

from referee.games.wabbit import GAME
from referee.games.wabbit.config import Config
from sample_bots.montecarlo import engine_config
from sample_bots.support import Deadline, as_dict, think_seconds
from sample_bots.wabbit.search import search
from sample_bots.wabbit_greedy import WabbitGreedy

DECISIONS_PER_ROUND = 30
"""About how many decisions a seat takes per round (used to share out the time bank)."""


class WabbitSearch(WabbitGreedy):
    """Greedy policy plus a determinized Monte Carlo search of each turn decision."""

    name = "wabbit-search"

    def __init__(self, think_ms: int = 400, seed: int | None = None) -> None:
        super().__init__()
        self.cap = think_ms / 1000.0
        self.rng = random.Random(seed)
        self.configs: dict[tuple[str, int], Config] = {}

    def start(self, start: bot_pb2.MatchStart) -> None:
        """Remember the farm and the engine configuration of the match."""
        super().start(start)
        values = as_dict(start.config) if start.HasField("config") else {}
        self.configs[(start.scenario, start.players)] = engine_config(GAME, start.scenario, values)

    def decide(self, request: bot_pb2.DecisionRequest) -> int:
        """Search within the time this decision may take; fall back on the greedy choice."""
        seen = as_dict(ruckus.game_message(request.observation))
        actions = request.legal_actions
        data = [as_dict(ruckus.game_message(a.action)) for a in actions]
        seat = int(seen.get("viewer", 0))
        key = (str(seen.get("scenario", "farm")), int(seen.get("players", 2)))
        config = self.configs.get(key) or engine_config(GAME, key[0], {})
        rounds_left = config.rounds - int(seen.get("round", 1)) + 1
        seconds = think_seconds(
            request.time_left.decision_ms,
            request.time_left.bank_ms,
            rounds_left * DECISIONS_PER_ROUND,
            self.cap,
        )
        labels = [a.label for a in actions]
        farm = self.farm_for(seen)
        return search(seen, data, labels, farm, seat, config, Deadline(seconds), self.rng)


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the bot; ``--think-ms`` caps the thinking time per decision."""
    parser = argparse.ArgumentParser(description="Serve the Wabbit search bot.")
    parser.add_argument("--think-ms", type=int, default=400, help="cap per decision (ms)")
    args, _ = parser.parse_known_args(argv)
    ruckus.run(WabbitSearch(think_ms=args.think_ms), argv)


if __name__ == "__main__":
    main(sys.argv[1:])
