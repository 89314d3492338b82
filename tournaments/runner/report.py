"""Standings as the run reports them: read from the store, flattened for JSON and CSV.

``elo`` is the joint rating, ``elo_lower`` and ``elo_upper`` its bootstrap 95% interval (empty
without resamples); ``buchholz`` and ``sonneborn_berger`` are set where the format breaks ties
by them (Swiss). A missing or
non-finite figure is written as null / empty.
"""

from __future__ import annotations

import csv
import io
import math

from tournaments.definition import TournamentDefinition
from tournaments.formats import get_format
from tournaments.standings import BotStanding, StandingsOptions, standings_from_store
from tournaments.store import FAULT_CLASSES, ResultStore

Row = dict[str, str | int | float | None]


def standings_options(definition: TournamentDefinition, resamples: int = 0) -> StandingsOptions:
    """Return how ``definition``'s standings are ranked and rated."""
    tiebreaks = get_format(definition.format).tiebreaks
    return StandingsOptions(tiebreaks, definition.anchor, resamples)


def current_standings(
    store: ResultStore, definition: TournamentDefinition, resamples: int = 0
) -> list[BotStanding]:
    """Return the standings from everything stored now (the format's byes included), the
    ratings' intervals from ``resamples`` bootstrap resamples (0: none)."""
    byes = get_format(definition.format).byes(definition, store.finished_ranks())
    options = standings_options(definition, resamples)
    return standings_from_store(store, definition.bot_names, byes, options)


def _finite(value: float | None, digits: int) -> float | None:
    """Return ``value`` rounded, or None when it is missing or not finite."""
    return round(value, digits) + 0.0 if value is not None and math.isfinite(value) else None


def standing_row(place: int, standing: BotStanding) -> Row:
    """Return one flat row: place, counts, ratings, faults by class, median latency."""
    elo = standing.elo
    row: Row = {
        "place": place,
        "bot": standing.name,
        "games": standing.games,
        "points": round(standing.points, 4),
        "wins": standing.wins,
        "draws": standing.draws,
        "losses": standing.losses,
        "byes": standing.byes,
        "score_pct": _finite(standing.score_pct, 2),
        "elo": _finite(elo.elo, 1),
        "elo_lower": _finite(elo.lower, 1),
        "elo_upper": _finite(elo.upper, 1),
        "buchholz": _finite(standing.buchholz, 2),
        "sonneborn_berger": _finite(standing.sonneborn_berger, 2),
        "skill_mu": round(standing.skill.mu, 3),
        "skill_sigma": round(standing.skill.sigma, 3),
        "skill_ordinal": round(standing.skill.ordinal, 3),
    }
    for fault in FAULT_CLASSES:
        row[f"faults_{fault.lower()}"] = standing.faults.get(fault, 0)
    row["median_decision_ms"] = _finite(standing.median_decision_ms, 3)
    return row


def standings_rows(standings: list[BotStanding]) -> list[Row]:
    """Return the rows of every bot, best first."""
    return [standing_row(place, standing) for place, standing in enumerate(standings, start=1)]


def standings_csv(standings: list[BotStanding]) -> str:
    """Return the standings as CSV with a header line."""
    rows = standings_rows(standings)
    buffer = io.StringIO()
    fields = list(rows[0]) if rows else ["place", "bot"]
    writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()
