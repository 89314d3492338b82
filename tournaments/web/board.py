"""The live state of one source: every match read so far and what the pages show of them,
kept up to date by one thread that polls the source.

:meth:`Board.refresh` reads the matches added since the last call (the source's ``version``
is polled first, a single cheap query) and counts them into the standings
(:class:`~tournaments.standings.StandingsTracker`), the ``[sprt]`` tests, the progress and the
format's view. The joint ratings are refitted as the tracker's
:class:`~tournaments.ratings.FieldRatings` says (once the results have grown by a tenth),
outside the lock, so a page never waits on a fit; each fit adds a point to every bot's rating
history. A board opened on a run that already holds results first fits a few earlier points
(an eighth, a quarter, a half of the results) so the history has a shape from the start.

The bootstrap intervals of the ratings come from :mod:`tournaments.web.intervals`, fitted in a
separate process less often; the leaderboard shows the last ones.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from tournaments.definition import TournamentDefinition
from tournaments.formats import FormatView, get_format
from tournaments.ratings import RatedGame, fit_joint_ratings
from tournaments.runner.report import standings_options
from tournaments.schedule import PairingTest, RunProgress, SequentialTests, sequential_tests
from tournaments.standings import BotStanding, StandingsTracker
from tournaments.stats import JointRatings
from tournaments.web.source import PlayedMatch, RunSource

T = TypeVar("T")
HISTORY_SHARES = (8, 4, 2)
"""The earlier points of a board opened on stored results: 1/8, 1/4, 1/2 of them."""


@dataclass(frozen=True)
class RatingPoint:
    """Every bot's joint rating as fitted on the first ``results`` matches."""

    results: int
    elo: dict[str, float | None]


@dataclass
class TestHistory:
    """A ``[sprt]`` test's LLR after each unit it counted: (games used, LLR) pairs."""

    bot: str
    opponent: str
    points: list[tuple[int, float]] = field(default_factory=list)


@dataclass(frozen=True)
class View:
    """What the pages read at one version: replaced whole, never changed in place."""

    version: int
    standings: tuple[BotStanding, ...]
    tests: tuple[PairingTest, ...]
    format_view: FormatView
    progress: str
    left: int


class Board:
    """The matches of ``source`` and the figures the pages show, kept as they arrive."""

    def __init__(self, source: RunSource) -> None:
        self.source = source
        self.revision = source.revision()
        """The source's revision the board was opened at (see :meth:`Site.refresh`)."""
        self.definition: TournamentDefinition = source.definition()
        self.bots = self.definition.bot_names
        self.matches: list[PlayedMatch] = []
        """Every match read, in recorded order (append only)."""
        self.by_bot: dict[str, list[int]] = {name: [] for name in self.bots}
        """Bot -> indexes into :attr:`matches` of the matches it played."""
        self.by_key: dict[str, int] = {}
        self.by_round: dict[int, list[int]] = {}
        """Round -> indexes into :attr:`matches` of its matches, in recorded order."""
        self.history: list[RatingPoint] = []
        self.test_history: dict[tuple[str, str], TestHistory] = {}
        self._lock = threading.Lock()
        self._tracker = StandingsTracker(self.bots, (), standings_options(self.definition))
        self._tests: SequentialTests | None = sequential_tests(self.definition, {})
        self._progress = RunProgress(self.definition, {}, self._tests)
        self._finished: dict[str, tuple[int, ...]] = {}
        self.view = self._view(0)
        self._first_load = True
        self._per_bot: dict[tuple[str, str], tuple[int, Any]] = {}
        """(figure, bot) -> (the bot's games when worked out, the figure): see :meth:`per_bot`."""

    @property
    def version(self) -> int:
        """The ``seq`` of the last match read (0 before the first)."""
        return self.view.version

    def refresh(self) -> bool:
        """Read the matches added since the last call; return whether there were any."""
        if self.source.version() <= self.version:
            return False
        new = self.source.matches(self.version)
        if not new:
            return False
        first = self._first_load
        self._first_load = False
        if first and len(new) > 1:
            self._fit_earlier_points(new)
        with self._lock:
            if first:  # rated in schedule order once, not rewound result by result
                results = [played.result for played in new]
                self._tracker = StandingsTracker(self.bots, results, self._tracker.options)
            for played in new:
                self._count(played, tracked=first)
        self._refit()
        with self._lock:
            self.view = self._view(new[-1].seq)
        return True

    def _fit_earlier_points(self, matches: Sequence[PlayedMatch]) -> None:
        """Add the rating history's earlier points for a board opened on stored matches."""
        for share in HISTORY_SHARES:
            size = len(matches) // share
            if size:
                games = [_rated(played) for played in matches[:size]]
                self._add_point(size, self._fit(games))

    def _count(self, played: PlayedMatch, tracked: bool = False) -> None:
        """Count one match everywhere (under the lock); ``tracked``: the standings have it."""
        result = played.result
        index = len(self.matches)
        self.matches.append(played)
        self.by_key[result.key] = index
        self.by_round.setdefault(result.round, []).append(index)
        for name in set(result.seats):
            self.by_bot.setdefault(name, []).append(index)
        if not tracked:
            self._tracker.add(result)
        self._finished[result.key] = result.ranks
        if self._tests is not None:
            self._tests.record(result.key, result.ranks)
            self._note_tests(self._tests.tests())
        self._progress.record(result.key, result.ranks)

    def _note_tests(self, tests: Sequence[PairingTest]) -> None:
        """Add a point to each test's LLR history whose games moved."""
        for test in tests:
            history = self.test_history.setdefault(
                (test.bot, test.opponent), TestHistory(test.bot, test.opponent)
            )
            if not history.points or history.points[-1][0] != test.state.games:
                history.points.append((test.state.games, test.state.llr))

    def _refit(self) -> None:
        """Refit the joint ratings when due, outside the lock, and note the history point."""
        with self._lock:
            games = self._tracker.ratings.due()
        if games is None:
            return
        ratings = self._fit(games)
        with self._lock:
            self._tracker.ratings.install(ratings, len(games))
        self._add_point(len(games), ratings)

    def _fit(self, games: Sequence[RatedGame]) -> JointRatings:
        """Return the joint ratings (point estimates) fitted on ``games``."""
        return fit_joint_ratings(self.bots, games, self.definition.anchor, resamples=0)

    def _add_point(self, results: int, ratings: JointRatings) -> None:
        elo = {rating.name: rating.elo for rating in ratings.ratings}
        with self._lock:
            self.history.append(RatingPoint(results, elo))

    def _view(self, version: int) -> View:
        """Return the pages' view after the matches counted so far (under the lock)."""
        fmt = get_format(self.definition.format)
        byes = fmt.byes(self.definition, self._finished)
        tests = () if self._tests is None else tuple(self._tests.tests())
        return View(
            version=version,
            standings=tuple(self._tracker.standings(byes)),
            tests=tests,
            format_view=fmt.view(self.definition, self._finished),
            progress=self._progress.label(),
            left=self._progress.left(),
        )

    def games_of(self, bot: str) -> list[PlayedMatch]:
        """Return the matches ``bot`` played, in recorded order."""
        with self._lock:
            return [self.matches[index] for index in self.by_bot.get(bot, ())]

    def per_bot(self, figure: str, bot: str, compute: Callable[[], T]) -> T:
        """Return ``compute()``, the ``figure`` of ``bot`` (its pairings, faults, ...), worked
        out again only once ``bot`` has played more games: such a figure changes with the
        bot's own games alone, so a new result costs the pages of its bots, not every bot's."""
        with self._lock:
            games = len(self.by_bot.get(bot, ()))
            kept = self._per_bot.get((figure, bot))
        if kept is not None and kept[0] == games:
            return cast(T, kept[1])
        value = compute()
        with self._lock:
            self._per_bot[(figure, bot)] = (games, value)
        return value

    def latest_rounds(self, last: int, most: int) -> list[tuple[int, list[PlayedMatch]]]:
        """Return the ``last`` highest rounds, highest first, with up to ``most`` of each
        one's matches in recorded order."""
        with self._lock:
            shown = sorted(self.by_round, reverse=True)[:last]
            return [
                (number, [self.matches[index] for index in self.by_round[number][:most]])
                for number in shown
            ]

    def find(self, key: str) -> PlayedMatch | None:
        """Return the match of ``key``, None when no such match was read."""
        with self._lock:
            index = self.by_key.get(key)
            return None if index is None else self.matches[index]

    def rated_games(self) -> list[RatedGame]:
        """Return every match as the joint ratings read it."""
        with self._lock:
            return [_rated(played) for played in self.matches]


def _rated(played: PlayedMatch) -> RatedGame:
    result = played.result
    return RatedGame(result.seats, result.ranks, result.seed)
