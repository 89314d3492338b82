"""A Wabbit Wampage bot that searches with information-set MCTS (``sample_bots.ismcts``).

Below the tree every seat plays the greedy policy (``sample_bots.wabbit.policy``) through
the searching seat's next turn, until its turn after that begins (``PLAYOUT_TURNS``; the
search bot's rollouts stop when its next turn begins), and each seat is scored by the search
bot's evaluation (VP, carried carrots and the Farmer's VP to come, against the best other
seat) squashed into [0, 1]. The root searches twice the search bot's candidates (the greedy
choice and the seven actions the greedy policy scores next best) on common random numbers,
every round walking each down the tree in one shared determinisation, and keeps the greedy
choice unless another beats it by more than one standard error of the paired differences.
Decisions the engine cannot rebuild (an attack's windows, loot, the discard) use the greedy
policy. It thinks for a share of its time bank, never more than ``--think-ms`` (default 400)
and never near the decision deadline.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from referee.games.wabbit import GAME
from sample_bots.ismcts import ROOT_RUNNERS_UP, IsmctsBot, Match, serve
from sample_bots.ismcts_tree import Playout
from sample_bots.montecarlo import DictPolicy
from sample_bots.wabbit import policy
from sample_bots.wabbit.search import candidates, evaluate, turn_seat
from sample_bots.wabbit_greedy import WabbitGreedy

MARGIN_SCALE = 10.0
"""A lead of this many VP over the best other seat scores about 0.73 (logistic): wide enough
that the Farmer's opening lead (its planted carrots and standing buildings) is no sure win."""
PLAYOUT_TURNS = 2
"""A playout stops when the searching seat's turn has begun this many more times: it plays
the seat's next turn too, so a move is scored after the replies to it and the seat's answer
(against the search bot two turns did better than one: docs/bots/strength.md)."""


def margin_reward(state: Any, seat: int, config: Any) -> float:
    """Return ``seat``'s reward for ``state`` in [0, 1]: the search bot's evaluation (the VP
    margin over the best other seat) through a logistic of ``MARGIN_SCALE``."""
    margin = evaluate(state, seat, config)
    return 1.0 / (1.0 + math.exp(-max(-50.0, margin / MARGIN_SCALE)))


class WabbitIsmcts(IsmctsBot, WabbitGreedy):
    """ISMCTS with greedy playouts of two turns and the search bot's evaluation."""

    name = "wabbit-ismcts"
    games = ("wabbit",)
    decisions_per_round = 30
    paired = True

    def playout(self, match: Match, seen: dict[str, Any]) -> Playout:
        """Return greedy playouts of ``PLAYOUT_TURNS`` turns of the seat, scored by the VP
        margin."""
        farm = self.map_for(seen)
        config = match.config

        def greedy(seen: dict[str, Any], data: list[dict[str, Any]], seat: int) -> int:
            return policy.choose(seen, data, farm, seat)

        def rewards(state: Any) -> list[float]:
            return [margin_reward(state, seat, config) for seat in range(match.players)]

        return Playout(DictPolicy(GAME, greedy), rewards, turn_seat, turns=PLAYOUT_TURNS)

    def candidates(
        self, match: Match, seen: dict[str, Any], data: list[dict[str, Any]], root: Any
    ) -> list[int]:
        """Return the greedy choice and the ``ROOT_RUNNERS_UP`` actions the greedy policy
        scores next best."""
        return candidates(seen, data, self.map_for(seen), match.seat, ROOT_RUNNERS_UP)

    def fallback(self, match: Match, seen: dict[str, Any], data: list[dict[str, Any]]) -> int:
        """Return the greedy choice."""
        return policy.choose(seen, data, self.map_for(seen), match.seat)

    def decisions_left(self, match: Match, seen: dict[str, Any]) -> int:
        """Return the decisions of the rounds left (this one included)."""
        rounds = int(match.config.rounds) - int(seen.get("round", 1)) + 1
        return rounds * self.decisions_per_round


if __name__ == "__main__":
    serve(WabbitIsmcts, sys.argv[1:])
