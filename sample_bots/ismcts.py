"""An information-set Monte Carlo tree search bot for any game whose engine resamples.

It plays with the engine alone (``referee.games.base.Resampling``): at each decision it
builds a state from what its seat observes (``state_from_view``), checks that the state
offers the actions the referee listed, and grows a single-observer ISMCTS tree over
determinisations drawn by ``resample`` (``sample_bots.ismcts_tree``) until its thinking time
is up. By itself it plays out at random to the end of the game (or ``PLAYOUT_LIMIT``
decisions) and scores a seat by the share of the other seats it beats; a game's own ISMCTS
bot (``pilfer_ismcts``, ``wabbit_ismcts``) plugs in its greedy policy, its evaluation and
the root candidates its search bot would try, and compares those on common random numbers
(``paired``): every round walks each of them down the tree in one shared determinisation,
and the greedy choice is kept unless another beats it clearly on the paired differences.
A decision the engine cannot rebuild is answered by ``fallback`` (here: at random).

It thinks for a share of its time bank, never more than ``--think-ms`` (default 400) and
never near the decision deadline (``sample_bots.support.think_seconds``). Every match is
played on its own gRPC stream, in its own thread, so the match's engine and config live in
thread-local storage.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import threading
from collections.abc import Sequence
from typing import Any, cast

import ruckus
from ruckus.v1 import bot_pb2

from referee.games.base import Game, Resampling
from referee.games.registry import get_plugin
from sample_bots.ismcts_tree import (
    PAIRED_CONFIDENCE,
    PAIRED_PRUNE_ROUNDS,
    Playout,
    Search,
    placement_rewards,
)
from sample_bots.montecarlo import engine_config
from sample_bots.registry import searchable_games
from sample_bots.support import Deadline, think_seconds

PLAYOUT_LIMIT = 1000
"""A random playout stops after this many decisions and is scored where it stands."""
ROOT_RUNNERS_UP = 7
"""A game's own ISMCTS bot searches the greedy choice and this many runners-up at the root,
twice the search bot's width: the halving (after rounds 16 and 32 by default) leaves the two
best."""


@dataclasses.dataclass(frozen=True)
class Match:
    """What a match's MatchStart said: the engine, its config, the seat and the seat count."""

    engine: Game[Any, Any]
    config: Any
    seat: int
    players: int

    @property
    def model(self) -> Resampling[Any]:
        """Return the engine as a forward model (the bot plays only games that resample)."""
        return cast(Resampling[Any], self.engine)


class IsmctsBot(ruckus.Bot):
    """Single-observer ISMCTS over the engine's ``resample``; see the module docstring."""

    name = "ismcts"
    version = "1.0"
    author = "Ruckus samples"
    default_think_ms = 400
    """The thinking cap per decision when none is given."""
    decisions_per_match = 200
    """About how many decisions a seat takes in a match (used to share out the time bank)."""
    paired = False
    """Whether to compare the root actions on common random numbers and keep the playout
    policy's choice unless one clearly beats it (for a strong policy; a random one is no
    default worth keeping)."""
    prune_rounds = PAIRED_PRUNE_ROUNDS
    """A paired search drops the worse half of its root candidates after these rounds."""
    confidence = PAIRED_CONFIDENCE
    """A paired search leaves the policy's choice for a candidate that beats it by more than
    this many standard errors of the paired differences."""

    def __init__(self, think_ms: int | None = None, seed: int | None = None) -> None:
        super().__init__()
        if not self.games:  # the generic bot: every installed game it can search
            self.games = searchable_games()
        self.cap = (self.default_think_ms if think_ms is None else think_ms) / 1000.0
        self.rng = random.Random(seed)
        self.local = threading.local()

    def start(self, start: bot_pb2.MatchStart) -> None:
        """Remember the match's engine, config, seat and seat count (for this stream)."""
        super().start(start)
        engine = get_plugin(start.game).engine
        values = ruckus.struct_data(start.config) if start.HasField("config") else {}
        config = engine_config(engine, start.scenario, values)
        self.local.match = Match(engine, config, start.seat, start.players)

    def decide(self, request: bot_pb2.DecisionRequest) -> int:
        """Search the decision within its share of the time; fall back when it cannot."""
        actions = request.legal_actions
        if len(actions) < 2:
            return 0
        match: Match = self.local.match
        seen = ruckus.game_data(request.observation)
        seconds = think_seconds(
            request.time_left.decision_ms,
            request.time_left.bank_ms,
            self.decisions_left(match, seen),
            self.cap,
        )
        deadline = Deadline(seconds)
        engine, model = match.engine, match.model
        root = model.state_from_view(match.config, match.players, match.seat, seen, self.rng)
        labels = [action.label for action in actions]
        data = [ruckus.game_data(action.action) for action in actions]
        if root is None or [engine.action_label(a) for a in engine.legal_actions(root)] != labels:
            return self.fallback(match, seen, data)
        candidates = self.candidates(match, seen, data, root)
        if candidates is not None and len(candidates) < 2:
            return candidates[0]
        playout = self.playout(match, seen)
        search = Search(
            engine,
            playout,
            model.resample,
            match.seat,
            self.rng,
            candidates,
            self.paired,
            self.prune_rounds,
            self.confidence,
        )
        return search.run(root, deadline)

    def playout(self, match: Match, seen: dict[str, Any]) -> Playout:
        """Return how the match plays below the tree (``seen``: the observation of the
        decision): here at random to the end, scored by placement."""
        engine = match.engine

        def policy(state: Any, actions: Sequence[Any]) -> int:
            return self.rng.randrange(len(actions))

        def rewards(state: Any) -> list[float]:
            outcome = engine.outcome(state)
            if outcome is not None:
                return placement_rewards([-rank for rank in outcome.ranks])
            return placement_rewards(engine.status(state).scores)

        return Playout(
            policy=policy,
            rewards=rewards,
            turn_seat=lambda state: engine.status(state).turn_seat,
            limit=PLAYOUT_LIMIT,
        )

    def candidates(
        self, match: Match, seen: dict[str, Any], data: list[dict[str, Any]], root: Any
    ) -> list[int] | None:
        """Return the indices of the root actions to search (here: None, every one)."""
        return None

    def fallback(self, match: Match, seen: dict[str, Any], data: list[dict[str, Any]]) -> int:
        """Return the choice at a decision the engine cannot rebuild (here: at random)."""
        return self.rng.randrange(len(data))

    def decisions_left(self, match: Match, seen: dict[str, Any]) -> int:
        """Return about how many decisions the seat still takes (to share out the bank)."""
        return self.decisions_per_match


def serve(bot_type: type[IsmctsBot], argv: Sequence[str] | None) -> None:
    """Serve an ISMCTS bot; ``--think-ms`` caps the thinking time per decision."""
    parser = argparse.ArgumentParser(description=f"Serve the {bot_type.name} bot.")
    default = bot_type.default_think_ms
    parser.add_argument("--think-ms", type=int, default=default, help="cap per decision (ms)")
    args, _ = parser.parse_known_args(argv)
    ruckus.run(bot_type(think_ms=args.think_ms), argv)


if __name__ == "__main__":
    serve(IsmctsBot, sys.argv[1:])
