"""A Wabbit Wampage bot that searches: rollout improvement of the greedy policy.

At the decisions of a turn with nothing in progress (choosing a character, moving,
acting, ending the turn) it rebuilds engine states consistent with what it sees (the
other hands and the draw pile dealt at random from the unseen cards), tries the greedy
choice and its runners-up in the same sampled worlds, lets every seat play on greedily
and keeps an action only when it beats the greedy choice clearly
(``sample_bots.wabbit.search``, method in ``sample_bots.montecarlo``). Other decisions,
and any decision when time is short, use the greedy policy. It thinks for a share of its
time bank, never more than ``--think-ms`` (default 400) and never near the decision
deadline.
"""

from __future__ import annotations

import sys
from typing import Any

from referee.games.wabbit import GAME
from sample_bots.montecarlo import MonteCarloBot, serve
from sample_bots.wabbit.search import search as wabbit_search
from sample_bots.wabbit_greedy import WabbitGreedy


class WabbitSearch(MonteCarloBot, WabbitGreedy):
    """Greedy policy plus rollout improvement of each turn decision."""

    name = "wabbit-search"
    engine = GAME
    decisions_per_round = 30
    default_scenario = "farm"
    search = wabbit_search

    def rounds_left(self, config: Any, seen: dict[str, Any]) -> int:
        """Return the rounds left in the match (this one included)."""
        return int(config.rounds) - int(seen.get("round", 1)) + 1


if __name__ == "__main__":
    serve(WabbitSearch, sys.argv[1:])
