"""Standings as the run reports them: read from the store, flattened for JSON and CSV.

In JSON and CSV an infinite Elo or bound (a 100% or 0% score) is written as null / empty.
"""

from __future__ import annotations

import csv
import io
import json
import math

from tournaments.definition import TournamentDefinition
from tournaments.schedule import swiss_byes
from tournaments.standings import BotStanding, standings_from_store
from tournaments.store import FAULT_CLASSES, ResultStore

Row = dict[str, str | int | float | None]


def current_standings(store: ResultStore, definition: TournamentDefinition) -> list[BotStanding]:
    """Return the standings from everything stored now (Swiss byes included)."""
    byes: dict[str, int] = {}
    if definition.format == "swiss":
        byes = swiss_byes(definition, store.finished_ranks())
    return standings_from_store(store, definition.bot_names, byes)


def _finite(value: float | None, digits: int) -> float | None:
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
        "elo": _finite(elo.elo, 1) if elo else None,
        "elo_lower": _finite(elo.lower, 1) if elo else None,
        "elo_upper": _finite(elo.upper, 1) if elo else None,
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


def standings_json(definition: TournamentDefinition, standings: list[BotStanding]) -> str:
    """Return the standings as a JSON document naming the tournament."""
    document = {
        "tournament": definition.name,
        "game": definition.game,
        "format": definition.format,
        "standings": standings_rows(standings),
    }
    return json.dumps(document, indent=2, allow_nan=False)


def standings_csv(standings: list[BotStanding]) -> str:
    """Return the standings as CSV with a header line."""
    rows = standings_rows(standings)
    buffer = io.StringIO()
    fields = list(rows[0]) if rows else ["place", "bot"]
    writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()
