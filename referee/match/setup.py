"""What defines a match before it is played: the engine and its config, the seed, the clocks,
the fault policy and, for a fork, the decisions it plays on from.

A :class:`MatchSetup` and the log's :class:`~referee.match.header.MatchHeader` are two views of
one record: :meth:`MatchSetup.header` writes the header of a match (with who plays its seats)
and :meth:`MatchSetup.from_header` sets up the match a header records, to replay it or to play
it again.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.games import get_game
from referee.games.base import Game
from referee.match.clocks import Clocks
from referee.match.faults import FaultPolicy
from referee.match.header import ForkOrigin, MatchHeader
from referee.match.player import BotIdentity


@dataclass(frozen=True)
class MatchSetup:
    """What defines a match: the engine, its config and seed, the clocks and the fault policy."""

    game: Game[Any, Any]
    config: Any
    seed: int
    match_id: str
    scenario: str
    clocks: Clocks = field(default_factory=Clocks)
    policy: FaultPolicy = field(default_factory=FaultPolicy)
    opening: tuple[int | Mapping[int, int], ...] = ()
    """Steps the engine plays before any seat is asked, each an action index or, for a joint
    step, an index per seat: a match forked from another one's first decisions is played on
    from there (``referee.matchlog.fork``)."""
    forked_from: ForkOrigin | None = None
    """Where the match was forked from (None: not a fork)."""
    seat_clocks: tuple[Clocks, ...] = ()
    """Each seat's own decision limit and bank, one per seat (empty: every seat has
    ``clocks``); the time margin is always ``clocks``'s."""

    @classmethod
    def for_game(
        cls,
        game_name: str,
        seed: int,
        scenario: str | None = None,
        *,
        match_id: str | None = None,
        clocks: Clocks | None = None,
        policy: FaultPolicy | None = None,
        rules: Mapping[str, Any] | None = None,
        seat_clocks: Sequence[Clocks] = (),
    ) -> MatchSetup:
        """Set up a match of the named game on ``scenario`` (default: the game's) with its
        config: the scenario's defaults with ``rules`` over them (the engine checks them,
        raising ConfigError); a fresh random match id unless one is given."""
        game = get_game(game_name)
        chosen = scenario or game.spec.default_scenario
        return cls(
            game=game,
            config=game.make_config(chosen, **(rules or {})),
            seed=seed,
            match_id=match_id or uuid.uuid4().hex,
            scenario=chosen,
            clocks=clocks or Clocks(),
            policy=policy or FaultPolicy(),
            seat_clocks=tuple(seat_clocks),
        )

    @classmethod
    def from_header(cls, header: MatchHeader) -> MatchSetup:
        """Set up the match ``header`` records (a fork's inherited decisions aside: its
        ``opening`` is the caller's to add). Raise GameError for an unknown game or a config
        the engine refuses."""
        game = get_game(header.game)
        return cls(
            game=game,
            config=game.config_from_json(header.scenario, header.config),
            seed=header.seed,
            match_id=header.match_id,
            scenario=header.scenario,
            clocks=header.clocks,
            policy=header.policy,
            forked_from=header.fork,
            seat_clocks=header.seat_clocks,
        )

    @property
    def game_name(self) -> str:
        """The name of the game played."""
        return self.game.spec.name

    def header(self, seats: Sequence[BotIdentity]) -> MatchHeader:
        """Return the log header of this match played by ``seats``: enough to replay it from
        its recorded actions."""
        spec = self.game.spec
        return MatchHeader(
            match_id=self.match_id,
            game=spec.name,
            rules_version=spec.rules_version,
            scenario=self.scenario,
            config=self.game.config_to_json(self.config),
            seed=self.seed,
            seats=tuple(seats),
            clocks=self.clocks,
            policy=self.policy,
            seat_clocks=self.seat_clocks,
            fork=self.forked_from,
        )
