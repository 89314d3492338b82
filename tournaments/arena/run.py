"""``arena run``: play the arena without end, its bots re-read from the store between steps.

The runner's pieces do the playing: a backend (the local pool, Ray, any installed one) is
opened for the current line-up, its bots pass the runner's preflight, and the runner's loop
(:func:`~tournaments.runner.run.play_schedule`) plays the arena's schedule
(:mod:`tournaments.arena.schedule`), recording each result only from its complete sealed log.
When the bots change in the store (``arena bot add|update|retire`` from any process), the step
being played is finished, the backend is closed and opened again with the new line-up.

Joining: a pending entry first passes the compliance kit (:mod:`tournaments.arena.joining`),
then the preflight of the backend it is opened in; failing either, it is rejected with the
reason and its output, and the backend is opened again without it. An active entry that fails
a later preflight plays on, its games forfeits, as in a tournament run.

A restart continues where the arena stopped: complete logs of the open step that were not
recorded are recorded from the log (verified in full), other unrecorded logs are set aside, and
the step's missing games are played again on the step's seed.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from referee.sandbox import Sandbox
from referee.sandbox import resolve as resolve_level
from referee.transport.process import output_tail
from tournaments.arena.config import ArenaConfig, check_fixed, load_arena
from tournaments.arena.joining import join_refusal
from tournaments.arena.matchmaking import seat_cycle
from tournaments.arena.schedule import ArenaSchedule
from tournaments.arena.store import ACTIVE, PENDING, ArenaBot, ArenaStore
from tournaments.runner.backends.placement import Placement
from tournaments.runner.layout import RunFolder
from tournaments.runner.records import adopt_logs
from tournaments.runner.run import RunContext, RunObserver, play_schedule

WAIT_SECONDS = 1.0
"""How often an arena without enough bots to fill a group looks at the store again."""


@dataclass(frozen=True)
class ArenaSummary:
    """What one ``arena run`` did: results recorded now, and stored in all."""

    played: int
    recorded: int


def run_arena(
    folder: Path,
    observer: RunObserver,
    placement: Placement | None = None,
    max_results: int | None = None,
) -> ArenaSummary:
    """Play the arena in ``folder`` until stopped, or until ``max_results`` more results are
    recorded (the step being played is finished first); stop every process on the way out."""
    config = load_arena(folder)
    store = ArenaStore.open(folder)
    try:
        check_fixed(config, store.fixed())
        run_folder = RunFolder(folder)
        run_folder.reopen()
        store.set_runner(os.getpid())
        arena = _Arena(config, store, run_folder, placement or Placement(), observer)
        return arena.run(max_results)
    finally:
        store.set_runner(None)
        store.close()


class _Arena:
    """One ``arena run``: line-ups opened one after another on a backend."""

    def __init__(
        self,
        config: ArenaConfig,
        store: ArenaStore,
        folder: RunFolder,
        placement: Placement,
        observer: RunObserver,
    ) -> None:
        self.config = config
        self.store = store
        self.folder = folder
        self.placement = placement
        self.observer = observer
        self.sandbox = Sandbox(resolve_level(config.sandbox), config.limits)
        self.capacity = len(seat_cycle([str(seat) for seat in range(config.players)]))
        """A step's games are played at once."""

    def run(self, max_results: int | None) -> ArenaSummary:
        """Play line-up after line-up until ``max_results`` more results are stored."""
        start = self.store.results.count()
        self.adopt_left_logs()
        stop_at = None if max_results is None else start + max_results
        waiting = False
        while stop_at is None or self.store.results.count() < stop_at:
            lineup = self.admit()
            if len(lineup) < self.config.players:
                if not waiting:
                    self.observer.notice(f"waiting for bots: {len(lineup)} can play")
                waiting = True
                time.sleep(WAIT_SECONDS)
                continue
            waiting = False
            self.play(lineup, stop_at)
        recorded = self.store.results.count()
        return ArenaSummary(played=recorded - start, recorded=recorded)

    def adopt_left_logs(self) -> None:
        """Record the complete logs of the open step an earlier run left; set the other
        unrecorded logs aside."""
        step = self.store.open_step()
        playable = {match.key: match for match in step.matches()} if step else {}
        review = adopt_logs(self.folder, self.store.results, playable)
        for result in review.adopted:
            self.observer.notice(f"match {result.key} recorded from its complete log")
            self.observer.match_recorded(result)
        for key, reason in review.rejected.items():
            kept = self.folder.set_aside(key)
            self.observer.notice(f"log of match {key} set aside as {kept}: {reason}")

    def admit(self) -> list[ArenaBot]:
        """Return the line-up: the active entries and the pending ones that pass the
        compliance kit (the others are rejected)."""
        lineup = []
        for bot in self.store.bots():
            if bot.status == PENDING:
                output = self.folder.bots / "join" / f"{bot.name}.log"
                refusal = join_refusal(bot, self.config, self.sandbox, output)
                if refusal is not None:
                    self.store.reject(bot.name, refusal.reason, refusal.output)
                    self.observer.notice(f"{bot.name} rejected: {refusal.reason}")
                    continue
            if bot.status in (PENDING, ACTIVE):
                lineup.append(bot)
        return lineup

    def play(self, lineup: list[ArenaBot], stop_at: int | None) -> None:
        """Open a backend for ``lineup`` and play steps until the schedule pauses; a joining
        entry that fails preflight is rejected instead, with nothing played. An entry that a
        joining version replaces stays started, unscheduled, until the next line-up."""
        entries = tuple(bot.entry for bot in lineup)
        definition = self.config.definition(entries, self.store.seed)
        backend = self.placement.open(definition, self.folder, self.capacity, self.observer.notice)
        try:
            if not self.join(lineup, {p.bot: p.reason for p in backend.preflight()}):
                return
            active = {bot.name for bot in self.store.bots() if bot.status == ACTIVE}
            names = frozenset(bot.name for bot in lineup if bot.name in active)
            schedule = ArenaSchedule(
                self.store,
                names,
                self.config.players,
                self.config.min_games,
                self.store.revision(),
                stop_at,
                self.config.candidate_interval,
            )
            recorded = self.store.results.count()
            context = RunContext(
                definition, self.folder, self.store.results, backend.capacity, recorded
            )
            self.observer.run_started(context)
            play_schedule(context, backend, self.observer, schedule)
        finally:
            backend.close()

    def join(self, lineup: list[ArenaBot], problems: dict[str, str]) -> bool:
        """Act on the line-up's preflight: reject the joining entries with problems (and
        return False), else let the joining ones play and say which bots play forfeits."""
        refused = [bot for bot in lineup if bot.status == PENDING and bot.name in problems]
        for bot in refused:
            reason = f"preflight: {problems[bot.name]}"
            self.store.reject(bot.name, reason, self.last_output(bot.name))
            self.observer.notice(f"{bot.name} rejected: {reason}")
        if refused:
            return False
        for name, reason in problems.items():
            self.observer.notice(f"preflight: bot {name}: {reason}; its games will be forfeits")
        for bot in lineup:
            if bot.status == PENDING:
                retired = self.store.activate(bot.name)
                replaced = f", replacing {', '.join(retired)}" if retired else ""
                self.observer.notice(f"{bot.name} joined{replaced}")
        return True

    def last_output(self, name: str) -> str:
        """Return the end of what entry ``name`` printed in its latest start by the fleet."""
        logs = sorted(self.folder.bots.glob(f"{name}.*.log"), key=lambda path: path.stat().st_mtime)
        return output_tail(logs[-1]) if logs else ""
