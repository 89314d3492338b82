"""A Pilfer bot that searches: determinized flat Monte Carlo over the rules engine.

At MAIN and ACTIVATION decisions it rebuilds engine states consistent with what it sees
(unseen tokens sampled from what is left of the bag), tries every candidate action in the
same sampled worlds, finishes the turn with the greedy policy and keeps the action that
beats the greedy choice clearly (``sample_bots.pilfer.search``). Other decisions, and any
decision when time is short, use the greedy policy. It thinks for a share of its time
bank, never more than ``--think-ms`` (default 400) and never near the decision deadline.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

import ruckus
from ruckus.v1 import bot_pb2

from referee.games.pilfer import GAME
from referee.games.pilfer.config import Config
from sample_bots.montecarlo import engine_config
from sample_bots.pilfer.search import search
from sample_bots.pilfer_greedy import PilferGreedy
from sample_bots.support import Deadline, as_dict, think_seconds

DECISIONS_PER_ROUND = 7
"""About how many decisions a seat takes per round (used to share out the time bank)."""


class PilferSearch(PilferGreedy):
    """Greedy policy plus a determinized Monte Carlo search of each turn decision."""

    name = "pilfer-search"

    def __init__(self, think_ms: int = 400, seed: int | None = None) -> None:
        super().__init__()
        self.cap = think_ms / 1000.0
        self.rng = random.Random(seed)
        self.configs: dict[tuple[str, int], Config] = {}

    def start(self, start: bot_pb2.MatchStart) -> None:
        """Remember the board and the engine configuration of the match."""
        super().start(start)
        values = as_dict(start.config) if start.HasField("config") else {}
        self.configs[(start.scenario, start.players)] = engine_config(GAME, start.scenario, values)

    def decide(self, request: bot_pb2.DecisionRequest) -> int:
        """Search within the time this decision may take; fall back on the greedy choice."""
        seen = as_dict(ruckus.game_message(request.observation))
        actions = request.legal_actions
        data = [as_dict(ruckus.game_message(a.action)) for a in actions]
        board = self.board_for(seen)
        seat = int(seen.get("viewer", 0))
        key = (str(seen.get("scenario", "raid")), int(seen.get("players", 2)))
        config = self.configs.get(key) or engine_config(GAME, key[0], {})
        rounds_left = config.max_rounds - int(seen.get("round", 0)) + 1
        seconds = think_seconds(
            request.time_left.decision_ms,
            request.time_left.bank_ms,
            rounds_left * DECISIONS_PER_ROUND,
            self.cap,
        )
        labels = [a.label for a in actions]
        return search(seen, data, labels, board, seat, config, Deadline(seconds), self.rng)


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the bot; ``--think-ms`` caps the thinking time per decision."""
    parser = argparse.ArgumentParser(description="Serve the Pilfer search bot.")
    parser.add_argument("--think-ms", type=int, default=400, help="cap per decision (ms)")
    args, _ = parser.parse_known_args(argv)
    ruckus.run(PilferSearch(think_ms=args.think_ms), argv)


if __name__ == "__main__":
    main(sys.argv[1:])
