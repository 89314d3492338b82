"""Everything ``ruckus tournament show`` reports about a run, computed once from its store.

* standings with the joint ratings (and their bootstrap intervals when ``resamples`` > 0);
* per pairing, the statistics of :func:`tournaments.stats.all_pairings` (W/D/L and the
  trinomial model from single games, the pentanomial or unit counts and the paired model);
* the ``[sprt]`` tests, replayed in the order the results were recorded;
* what the format shows of itself (a knockout's bracket, lines such as a Swiss round in play),
  the head-to-head matrix, and every match.

:func:`analysis_json` writes all of it as one JSON document. An infinite Elo or nElo (a 100% or
0% score) is ``null`` there, its finite bound kept; nElo is ``null`` as well when every unit
of a pairing had the same score (every game a draw, every pair 1-1, a clean sweep), where it
has no spread to stand on (:mod:`tournaments.stats.elo`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from tournaments.definition import TournamentDefinition
from tournaments.formats import FormatView, get_format
from tournaments.runner.report import current_standings, standings_rows
from tournaments.schedule import PairingTest, sequential_tests
from tournaments.standings import BotStanding
from tournaments.stats import HeadToHead, PairingStats, all_pairings, head_to_head
from tournaments.stats.joint import MAX_RESAMPLES as MAX_RESAMPLES  # re-exported
from tournaments.store import MatchResult, ResultStore

RESAMPLES = 200
"""The bootstrap resamples ``show`` draws for the ratings' intervals unless told otherwise
(at most :data:`MAX_RESAMPLES`)."""


@dataclass(frozen=True)
class RunAnalysis:
    """A run's report: what ``show`` prints and ``show --json`` writes."""

    definition: TournamentDefinition
    standings: list[BotStanding]
    pairings: list[PairingStats]
    tests: list[PairingTest]
    format_view: FormatView
    """What the format shows of itself: a bracket, lines."""
    head_to_head: HeadToHead
    results: list[MatchResult]
    resamples: int
    """The bootstrap resamples behind the ratings' intervals (0: point estimates only)."""


def analyse(store: ResultStore, resamples: int) -> RunAnalysis:
    """Return the report of the run in ``store``; ``resamples`` bootstrap resamples give the
    ratings' intervals (0: none)."""
    definition = store.definition()
    results = store.results()
    finished = {result.key: result.ranks for result in results}
    tests = sequential_tests(definition, finished)
    return RunAnalysis(
        definition=definition,
        standings=current_standings(store, definition, resamples),
        pairings=all_pairings(definition.bot_names, results, definition.players),
        tests=tests.tests() if tests is not None else [],
        format_view=get_format(definition.format).view(definition, finished),
        head_to_head=head_to_head(definition.bot_names, results),
        results=results,
        resamples=resamples,
    )


def match_json(result: MatchResult) -> dict[str, Any]:
    """Return one match as JSON data: key, round, seats, ranks, scores, reason, faults, log."""
    return {
        "key": result.key,
        "round": result.round,
        "status": result.status,
        "seats": list(result.seats),
        "seed": str(result.seed),
        "ranks": list(result.ranks),
        "scores": list(result.scores),
        "reason": result.reason,
        "faults": [dict(faults) for faults in result.faults],
        "log_path": result.log_path,
    }


def analysis_json(analysis: RunAnalysis) -> str:
    """Return the whole report as one JSON document."""
    definition = analysis.definition
    config = definition.sprt
    document = {
        "tournament": definition.name,
        "game": definition.game,
        "format": definition.format,
        "format_options": definition.format_options.to_json(),
        "players": definition.players,
        "ratings": {
            "model": "bradley-terry" if definition.players == 2 else "plackett-luce",
            "anchor": definition.anchor,
            "resamples": analysis.resamples,
        },
        "standings": standings_rows(analysis.standings),
        "pairings": [pairing.to_json() for pairing in analysis.pairings],
        "sprt": None
        if config is None
        else {**asdict(config), "tests": [test.to_json() for test in analysis.tests]},
        "bracket": [asdict(series) for series in analysis.format_view.bracket] or None,
        "format_lines": list(analysis.format_view.lines),
        "head_to_head": analysis.head_to_head.to_json(),
        "matches": [match_json(result) for result in analysis.results],
    }
    return json.dumps(document, indent=2, allow_nan=False)
