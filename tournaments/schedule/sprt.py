"""Sequential tests that stop a pairing early: which pairings are tested and which games they
still need.

A definition with ``[sprt]`` tests the pairings its format names
(:meth:`tournaments.formats.Format.tested_pairings`): the first bot against the second in a
round-robin of two bots, the champion against every other bot in a gauntlet (any number of
seats). Each is the test of :func:`tournaments.stats.pairing_sprt` on the pairing's complete
seed units (pairs of games with the seats swapped, or seat-rotated cycles of 3- and 4-player
groups).

The results are taken in the order they were recorded, and a test stops at the first unit
that takes its LLR to a bound: its decision, LLR and units are those of that moment, and games
recorded after it (matches that were already running) do not move it. Replaying the same
recorded order, a resumed run and ``show`` reach the same decision. A match is still *needed*
while one of the tested pairings in it is undecided; the others are skipped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tournaments.definition import TournamentDefinition
from tournaments.formats import get_format
from tournaments.schedule.match import Match
from tournaments.stats import SprtConfig, SprtState, sprt_state
from tournaments.stats.counts import unit_counts
from tournaments.stats.records import is_complete_cycle


@dataclass(frozen=True)
class PairingTest:
    """Where the test of ``bot`` against ``opponent`` stands."""

    bot: str
    opponent: str
    state: SprtState

    def to_json(self) -> dict[str, Any]:
        """Return the test as plain JSON data (without its config, the run's ``[sprt]``)."""
        state = {key: value for key, value in self.state.to_json().items() if key != "config"}
        return {"bot": self.bot, "opponent": self.opponent, **state}


@dataclass(frozen=True)
class _Game:
    """A finished game as the statistics read it."""

    seats: tuple[str, ...]
    ranks: tuple[int, ...]
    seed: int


@dataclass
class _Test:
    """One pairing's test: the counts of its complete units and the games of open ones."""

    bot: str
    opponent: str
    counts: list[int]
    state: SprtState
    open_units: dict[tuple[frozenset[str], int], list[_Game]] = field(default_factory=dict)


def tested_pairings(definition: TournamentDefinition) -> list[tuple[str, str]]:
    """Return the (bot, opponent) pairs a ``[sprt]`` definition tests, in definition order."""
    return get_format(definition.format).tested_pairings(definition)


class SequentialTests:
    """The tests of a run, kept as results arrive, over its whole schedule ``matches``."""

    def __init__(self, definition: TournamentDefinition, matches: Iterable[Match]) -> None:
        assert definition.sprt is not None
        self.config: SprtConfig = definition.sprt
        self.players = definition.players
        self._matches = {match.key: match for match in matches}
        start = [0] * (2 * self.players + 1)
        self._tests = {
            frozenset(pair): _Test(*pair, list(start), sprt_state(self.config, start))
            for pair in tested_pairings(definition)
        }
        self._unfinished = set(self._matches)
        self._remaining = len(self._matches)
        """Unfinished matches that some undecided test still needs."""

    def record(self, key: str, ranks: Sequence[int]) -> list[PairingTest]:
        """Count the finished match ``key``; return the tests it decided."""
        match = self._matches.get(key)
        if match is None or key not in self._unfinished:
            return []
        if self.needed(match):
            self._remaining -= 1
        self._unfinished.discard(key)
        game = _Game(match.seats, tuple(ranks), match.seed)
        decided = [test for test in self._tests_of(match) if self._count(test, game)]
        if decided:
            self._remaining = sum(self.needed(self._matches[other]) for other in self._unfinished)
        return [PairingTest(test.bot, test.opponent, test.state) for test in decided]

    def needed(self, match: Match) -> bool:
        """Return whether an undecided test still needs ``match``."""
        return any(test.state.decision is None for test in self._tests_of(match))

    def remaining(self) -> int:
        """Return how many unfinished matches the undecided tests still need."""
        return self._remaining

    def tests(self) -> list[PairingTest]:
        """Return every test as it stands, in definition order."""
        return [PairingTest(test.bot, test.opponent, test.state) for test in self._tests.values()]

    def _tests_of(self, match: Match) -> list[_Test]:
        seats = set(match.seats)
        return [test for pair, test in self._tests.items() if pair <= seats]

    def _count(self, test: _Test, game: _Game) -> bool:
        """Add ``game`` to ``test``'s open unit; return whether completing it decided the test."""
        if test.state.decision is not None:
            return False
        unit = test.open_units.setdefault((frozenset(game.seats), game.seed), [])
        unit.append(game)
        if len(unit) < self.players or not is_complete_cycle(unit):
            return False
        del test.open_units[(frozenset(game.seats), game.seed)]
        outcome = unit_counts(unit, test.bot, test.opponent, self.players).counts
        test.counts = [total + more for total, more in zip(test.counts, outcome, strict=True)]
        test.state = sprt_state(self.config, test.counts)
        return test.state.decision is not None


def replayed_tests(
    definition: TournamentDefinition,
    matches: Iterable[Match],
    finished: Mapping[str, Sequence[int]],
) -> SequentialTests:
    """Return the tests after ``finished`` (key -> ranks, in the order recorded)."""
    tests = SequentialTests(definition, matches)
    for key, ranks in finished.items():
        tests.record(key, ranks)
    return tests
