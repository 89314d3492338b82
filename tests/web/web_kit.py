"""Helpers of the web tests: run folders played in-process the way the runner plays them
(sealed logs, results read from the logs), a match held back to be recorded later through the
store's own API, and a real server on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from referee.match import run_match
from referee.match.random_player import RandomPlayer
from referee.matchlog import LogWriter
from tournaments.formats import get_format
from tournaments.runner.fleet import describe_source
from tournaments.runner.layout import RunFolder
from tournaments.runner.records import result_from_log
from tournaments.runner.tasks import match_task
from tournaments.runner.worker import TaskDone
from tournaments.schedule import Match, next_matches
from tournaments.store import MatchResult, ResultStore
from tournaments.web.server import ServeOptions, WebServer, start
from tournaments.web.source import RunFolderSource

GAUNTLET_TOML = """name = "web-gauntlet"
game = "pilfer"
players = 2
format = "gauntlet"
games_per_pairing = 4
seed = 5
bots = [
  { name = "champ", sample = "pilfer-random" },
  { name = "left", sample = "pilfer-random" },
  { name = "right", sample = "pilfer-random" },
]
[gauntlet]
champion = "champ"
[sprt]
elo0 = 0
elo1 = 100
model = "logistic"
[clocks]
decision_ms = 1500
[rules]
max_rounds = 8
"""

KNOCKOUT_TOML = """name = "web-knockout"
game = "pilfer"
players = 2
format = "knockout"
games_per_pairing = 1
seed = 3
bots = [
  { name = "k1", sample = "pilfer-random" },
  { name = "k2", sample = "pilfer-random" },
  { name = "k3", sample = "pilfer-random" },
  { name = "k4", sample = "pilfer-random" },
]
[clocks]
decision_ms = 1500
[rules]
max_rounds = 6
"""
MOMENT = "2026-01-01T00:{:02d}:00.000Z"


class PlayedRun:
    """A run folder played in-process; ``held`` matches are logged but not yet recorded."""

    def __init__(self, root: Path, text: str, hold: int = 0) -> None:
        self.root = root
        self.folder = RunFolder(root)
        store = ResultStore.create(root, text)
        self.folder.create()
        self.definition = store.definition()
        self.sources = {entry.name: describe_source(entry) for entry in self.definition.bots}
        schedule = get_format(self.definition.format).schedule(self.definition) or []
        self.held: list[Match] = schedule[len(schedule) - hold :] if hold else []
        finished: dict[str, tuple[int, ...]] = {}
        while matches := [m for m in next_matches(self.definition, finished) if m not in self.held]:
            for match in matches:
                self._play(match)
                finished[match.key] = self._record(store, match, len(finished)).ranks
        for match in self.held:
            self._play(match)
        store.close()

    def _play(self, match: Match) -> None:
        setup = match_task(self.definition, match, (), self.folder).setup
        seats = [
            RandomPlayer(match.seed + seat, self.sources[name])
            for seat, name in enumerate(match.seats)
        ]
        with LogWriter(self.folder.log_path(match.key), self.folder.log_key()) as writer:
            run_match(setup, seats, [writer])

    def _record(self, store: ResultStore, match: Match, number: int) -> MatchResult:
        moment = MOMENT.format(number % 60)
        result = result_from_log(self.folder, match, TaskDone(match.key, moment, moment))
        store.record_result(result)
        return result

    def record_held(self) -> str:
        """Record the next held match through the store's API; return its key."""
        match = self.held.pop(0)
        store = ResultStore.open(self.root)
        try:
            self._record(store, match, 59)
        finally:
            store.close()
        return match.key


@contextmanager
def serving(root: Path, **options: object) -> Iterator[WebServer]:
    """Serve the run at ``root`` on loopback for the ``with`` block."""
    source = RunFolderSource(root)
    server = start(source, ServeOptions(**options))  # type: ignore[arg-type]
    try:
        yield server
    finally:
        server.stop()
        source.close()
