"""A Pilfer bot that searches: rollout improvement of the greedy policy over the rules engine.

At MAIN and ACTIVATION decisions it rebuilds engine states consistent with what it sees
(unseen tokens sampled from what is left of the bag), tries the greedy choice and its
runners-up in the same sampled worlds, lets every seat play on greedily and keeps an
action only when it beats the greedy choice clearly (``sample_bots.pilfer.search``, method
in ``sample_bots.montecarlo``). Other decisions, and any decision when time is short, use
the greedy policy. It thinks for a share of its time bank, never more than ``--think-ms``
(default 800) and never near the decision deadline.
"""

from __future__ import annotations

import sys
from typing import Any

from referee.games.pilfer import GAME
from sample_bots.montecarlo import MonteCarloBot, serve
from sample_bots.pilfer.search import search as pilfer_search
from sample_bots.pilfer_greedy import PilferGreedy


class PilferSearch(MonteCarloBot, PilferGreedy):
    """Greedy policy plus rollout improvement of each turn decision."""

    name = "pilfer-search"
    engine = GAME
    decisions_per_round = 7
    default_scenario = "raid"
    default_think_ms = 800
    search = pilfer_search

    def rounds_left(self, config: Any, seen: dict[str, Any]) -> int:
        """Return the rounds left before the round cap (this one included)."""
        return int(config.max_rounds) - int(seen.get("round", 0)) + 1


if __name__ == "__main__":
    serve(PilferSearch, sys.argv[1:])
