"""The arena's schedule, as the runner's loop asks it (:class:`tournaments.runner.run.Schedule`): a
step at a time, each step one group's seat cycle on one seed.

Asked for matches, it hands out the open step's unrecorded games; once they are all recorded it
closes the step and begins the next: :func:`~tournaments.arena.matchmaking.choose_group` over
the line-up, with OpenSkill estimates, game counts and the steps each two entries played
together replayed from the stored results, and a random source seeded by the arena's seed and
the step's number, so a restarted arena makes the same choice. It hands out nothing (and the
loop ends) before a new step when the bots changed in the store, when the line-up can no longer
fill a group, or when the run has recorded the results it was asked for. An open step with a bot
that has left the line-up is closed as it stands: its recorded games count.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tournaments.arena.matchmaking import CANDIDATE_INTERVAL, choose_group, meetings, seat_cycle
from tournaments.arena.standing import estimates, standings
from tournaments.arena.store import ArenaStore
from tournaments.schedule import Finished, Match
from tournaments.schedule.seeds import derive_seed


@dataclass
class ArenaSchedule:
    """The steps of one line-up, until the bots change or the run has played enough."""

    store: ArenaStore
    lineup: frozenset[str]
    """The entries the backend was opened with."""
    players: int
    min_games: int
    revision: int
    """The store's revision of the bots when the line-up was drawn."""
    stop_at: int | None = None
    """The number of stored results at which the run stops (None: never)."""
    candidate_interval: float = CANDIDATE_INTERVAL
    """An entry whose interval is wider is a candidate, favoured by the matchmaker."""

    known_up_front = False

    def next_matches(self, finished: Finished) -> list[Match]:
        """Return the open step's unrecorded games, else the next step's (see the module)."""
        step = self.store.open_step()
        if step is not None:
            if step.bots <= self.lineup:
                remaining = [match for match in step.matches() if match.key not in finished]
                if remaining:
                    return remaining
            self.store.close_step(step.number)
        if self.paused():
            return []
        return self.store.begin_step(self.next_seatings()).matches()

    def enough(self) -> bool:
        """Whether the run has recorded the results it was asked for."""
        return self.stop_at is not None and self.store.results.count() >= self.stop_at

    def paused(self) -> bool:
        """Whether no new step may begin with this line-up (see the module)."""
        changed = self.store.revision() != self.revision
        return changed or len(self.lineup) < self.players or self.enough()

    def next_seatings(self) -> list[tuple[str, ...]]:
        """Return the seat cycle of the group the matchmaker chooses for the next step."""
        results = self.store.results.results()
        table = standings([bot.name for bot in self.store.bots()], results)
        step = self.store.last_step() + 1
        draw = random.Random(derive_seed(self.store.seed, "draw", step))
        known = estimates(table, sorted(self.lineup))
        group = choose_group(
            known,
            self.players,
            draw,
            step=step,
            met=meetings((result.seats, result.seed) for result in results),
            min_games=self.min_games,
            candidate_interval=self.candidate_interval,
        )
        return seat_cycle(group)
