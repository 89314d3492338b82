"""A Pilfer bot that searches with information-set MCTS (``sample_bots.ismcts``).

Below the tree every seat plays the greedy policy (``sample_bots.pilfer.policy``) until the
searching seat's next turn begins, as the search bot's rollouts do, and each seat is scored
by its chance of winning from there (``sample_bots.pilfer.value``, 1 or 0 once the game is
over). The root searches twice the search bot's candidates (the greedy choice and the seven
other actions, purchases aside, that look best one action ahead) on common random numbers,
every round walking each down the tree in one shared determinisation. As the search bot
does, it drops the worse half after rounds 2, 4, 8, 16 and 32 and keeps the greedy choice
unless another beats it by more than two standard errors of the paired differences (the
default rule of the ISMCTS bots, later halving and one standard error, lost to search here).
Decisions the engine cannot rebuild (every one but MAIN and ACTIVATION) use the greedy
policy. It thinks for a share of its time bank, never more than ``--think-ms`` (default 800)
and never near the decision deadline.
"""

from __future__ import annotations

import sys
from typing import Any

from referee.games.pilfer import GAME
from sample_bots.ismcts import ROOT_RUNNERS_UP, IsmctsBot, Match, serve
from sample_bots.ismcts_tree import Playout
from sample_bots.montecarlo import CONFIDENCE, PRUNE_ROUNDS, DictPolicy
from sample_bots.pilfer import policy
from sample_bots.pilfer.search import candidates
from sample_bots.pilfer.value import win_chance
from sample_bots.pilfer_greedy import PilferGreedy

PLAYOUT_TURNS = 1
"""A playout stops when the searching seat's next turn begins, as the search bot's rollouts do."""


class PilferIsmcts(IsmctsBot, PilferGreedy):
    """ISMCTS with greedy playouts to the next turn, scored by the chance of winning."""

    name = "pilfer-ismcts"
    games = ("pilfer",)
    default_think_ms = 800
    decisions_per_round = 7
    paired = True
    prune_rounds = PRUNE_ROUNDS
    """The search bot's halving, after rounds 2, 4, 8, 16 and 32: the default (later halving,
    one standard error) left the greedy choice on noise and lost to search in Pilfer."""
    confidence = CONFIDENCE
    """The search bot's two standard errors (see ``prune_rounds``)."""

    def playout(self, match: Match, seen: dict[str, Any]) -> Playout:
        """Return greedy playouts to the seat's next turn, scored by each seat's win chance."""
        board = self.map_for(seen)

        def greedy(seen: dict[str, Any], data: list[dict[str, Any]], seat: int) -> int:
            return policy.choose(seen, data, board, seat)

        def rewards(state: Any) -> list[float]:
            return [win_chance(state, seat, board) for seat in range(match.players)]

        def turn_seat(state: Any) -> int | None:
            return GAME.status(state).turn_seat

        return Playout(DictPolicy(GAME, greedy), rewards, turn_seat, turns=PLAYOUT_TURNS)

    def candidates(
        self, match: Match, seen: dict[str, Any], data: list[dict[str, Any]], root: Any
    ) -> list[int]:
        """Return the greedy choice and the ``ROOT_RUNNERS_UP`` other actions (purchases
        aside) that look best one action ahead."""
        board = self.map_for(seen)
        greedy = policy.choose(seen, data, board, match.seat)
        return candidates(root, data, greedy, match.seat, board, ROOT_RUNNERS_UP)

    def fallback(self, match: Match, seen: dict[str, Any], data: list[dict[str, Any]]) -> int:
        """Return the greedy choice."""
        return policy.choose(seen, data, self.map_for(seen), match.seat)

    def decisions_left(self, match: Match, seen: dict[str, Any]) -> int:
        """Return the decisions of the rounds left before the round cap (this one included)."""
        rounds = int(match.config.max_rounds) - int(seen.get("round", 0)) + 1
        return rounds * self.decisions_per_round


if __name__ == "__main__":
    serve(PilferIsmcts, sys.argv[1:])
