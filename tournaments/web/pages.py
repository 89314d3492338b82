"""What each page shows, worked out from a :class:`~tournaments.web.board.Board`: plain data
that the templates lay out and the JSON routes return.

The leaderboard's rows are those of ``tournament show`` (:func:`~tournaments.runner.report.
standings_row`: place, games, W/D/L, points, the joint rating) with the last bootstrap
interval and the faults summed; a bot page's pairings are the statistics of
:func:`~tournaments.stats.opponents_stats` against each opponent it met.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from referee.matchlog import result_line
from tournaments.runner.report import standing_row
from tournaments.standings import BotStanding, StandingsOptions, compute_standings
from tournaments.stats import opponents_stats
from tournaments.stats.records import relative_score
from tournaments.store import MatchResult
from tournaments.ui.tables import format_duration
from tournaments.web.board import Board
from tournaments.web.filters import outcome_of
from tournaments.web.intervals import Intervals
from tournaments.web.source import PlayedMatch

Row = dict[str, Any]
RECENT_FAULTS = 10
"""How many of a bot's latest faulty matches its page lists with their details."""
PACE_WINDOW = 50
"""The ETA's pace is that of the last this many results."""


def leaderboard_rows(
    standings: Sequence[BotStanding], intervals: Intervals | None = None
) -> list[Row]:
    """Return one row per bot, best first, with the interval of ``intervals`` when known."""
    rows = []
    for place, standing in enumerate(standings, start=1):
        row: Row = dict(standing_row(place, standing))
        lower, upper = (None, None)
        if intervals is not None:
            lower, upper = intervals.bounds.get(standing.name, (None, None))
        row["interval"] = _interval(lower, upper)
        row["faults"] = sum(standing.faults.values())
        row["fault_classes"] = {name: count for name, count in standing.faults.items() if count}
        rows.append(row)
    return rows


def _interval(lower: float | None, upper: float | None) -> str:
    """Return ``[lower, upper]`` rounded, or an empty string when either is unknown."""
    if lower is None or upper is None or not (math.isfinite(lower) and math.isfinite(upper)):
        return ""
    return f"[{lower:.0f}, {upper:.0f}]"


def filtered_leaderboard(board: Board, matches: Sequence[PlayedMatch]) -> list[Row]:
    """Return the leaderboard of ``matches`` alone (point ratings, no byes)."""
    options = StandingsOptions(anchor=board.definition.anchor)
    results = [played.result for played in matches]
    return leaderboard_rows(compute_standings(board.bots, results, {}, options))


def versus(board: Board, bot: str) -> dict[str, dict[str, float]]:
    """Return every other bot's score against ``bot`` over their shared games (as the
    head-to-head matrix counts it: 1 placed above, 1/2 tied, 0 below) and the games."""
    scores: dict[str, dict[str, float]] = {}
    for played in board.games_of(bot):
        for name in set(played.result.seats) - {bot}:
            cell = scores.setdefault(name, {"score": 0.0, "games": 0})
            cell["score"] += relative_score(played.result, name, bot)
            cell["games"] += 1
    return scores


def match_row(played: PlayedMatch, bot: str | None = None) -> Row:
    """Return one line of the match list (with ``bot``'s outcome when given)."""
    result = played.result
    return {
        "seq": played.seq,
        "key": result.key,
        "round": result.round,
        "seats": list(zip(result.seats, result.ranks, result.scores, strict=True)),
        "status": result.status,
        "reason": result.reason,
        "scenario": played.scenario,
        "faults": _fault_names(result),
        "outcome": outcome_of(result, bot) if bot else None,
        "finished_at": result.finished_at,
    }


def _fault_names(result: MatchResult) -> list[str]:
    """Return ``seat: CLASS xN`` for every fault of the match."""
    return [
        f"{result.seats[seat]}: {name}" + (f" x{count}" if count > 1 else "")
        for seat, faults in enumerate(result.faults)
        for name, count in sorted(faults.items())
        if count
    ]


def bot_pairings(board: Board, bot: str) -> list[Row]:
    """Return ``bot``'s statistics against each opponent it met, in definition order."""
    shared: dict[str, list[MatchResult]] = {}
    for played in board.games_of(bot):
        for name in set(played.result.seats) - {bot}:
            shared.setdefault(name, []).append(played.result)
    met = {name: shared[name] for name in board.bots if name in shared}
    rows = []
    for stats in opponents_stats(met, bot, board.definition.players):
        opponent = stats.opponent
        elo = stats.paired or stats.trinomial
        rows.append(
            {
                "opponent": opponent,
                "wdl": stats.wdl,
                "pentanomial": stats.pentanomial,
                "elo": _signed(elo.elo) if elo else "",
                "elo_interval": _interval(elo.elo_lower, elo.elo_upper) if elo else "",
                "los": f"{100 * elo.los:.1f}%" if elo else "",
            }
        )
    return rows


def kept_pairings(board: Board, bot: str) -> list[Row]:
    """Return :func:`bot_pairings`, worked out again only once ``bot`` has played again."""
    return board.per_bot("pairings", bot, functools.partial(bot_pairings, board, bot))


def kept_faults(board: Board, bot: str) -> list[Row]:
    """Return :func:`bot_faults`, worked out again only once ``bot`` has played again."""
    return board.per_bot("faults", bot, functools.partial(bot_faults, board, bot))


def warm_bot_pages(board: Board) -> None:
    """Work out every bot's pairings and faults now (a board opened on stored results does,
    before it is served), so that no bot page waits on them until the bot plays again."""
    for bot in board.bots:
        kept_pairings(board, bot)
        kept_faults(board, bot)


def _signed(value: float) -> str:
    return f"{value:+.0f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def rating_history(board: Board, bot: str) -> list[dict[str, float]]:
    """Return ``bot``'s joint rating at each fit: ``{"results": n, "elo": e}`` points."""
    return [
        {"results": point.results, "elo": elo}
        for point in board.history
        if (elo := point.elo.get(bot)) is not None
    ]


def bot_faults(board: Board, bot: str) -> list[Row]:
    """Return ``bot``'s latest faulty matches, newest first, with the details their logs keep."""
    faulty = []
    for played in reversed(board.games_of(bot)):
        seats = [seat for seat, name in enumerate(played.result.seats) if name == bot]
        if any(any(played.result.faults[seat].values()) for seat in seats):
            faulty.append({"match": match_row(played), "details": _details(board, played, seats)})
            if len(faulty) == RECENT_FAULTS:
                break
    return faulty


def _details(board: Board, played: PlayedMatch, seats: Sequence[int]) -> list[str]:
    """Return ``CLASS at decision N: detail`` for the faults of ``seats`` in the match's log."""
    path = board.source.log_file(played)
    if path is None:
        return []
    try:
        result = result_line(path)
    except (OSError, ValueError, EOFError):
        return []
    faults = [] if result is None else result.get("faults", [])
    return [
        f"{fault['code']} at decision {fault['decision']}: {fault['detail']}"
        for fault in faults
        if fault.get("seat") in seats
    ]


def eta(board: Board) -> str:
    """Return the time the known matches left take at the pace of the last results."""
    left = board.view.left
    recent = board.matches[-PACE_WINDOW:]
    if not left or len(recent) < 2:
        return "-"
    first, last = (_seconds(recent[0].result.finished_at), _seconds(recent[-1].result.finished_at))
    if first is None or last is None or last <= first:
        return "-"
    return format_duration(left * (last - first) / (len(recent) - 1))


def _seconds(stamp: str) -> float | None:
    """Return an ISO 8601 timestamp as seconds since the epoch (None if unreadable)."""
    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def rounds(board: Board, last: int, most: int = 100) -> list[tuple[int, list[Row]]]:
    """Return the last ``last`` rounds played, newest first, with up to ``most`` matches each."""
    return [
        (number, [match_row(played) for played in matches])
        for number, matches in board.latest_rounds(last, most)
    ]


def sprt_series(board: Board) -> list[Row]:
    """Return each ``[sprt]`` test with its bounds, decision and LLR over games."""
    series = []
    for test in board.view.tests:
        history = board.test_history.get((test.bot, test.opponent))
        state = test.state
        series.append(
            {
                "bot": test.bot,
                "opponent": test.opponent,
                "llr": round(state.llr, 3),
                "lower": round(state.lower_bound, 3),
                "upper": round(state.upper_bound, 3),
                "decision": state.decision or "",
                "games": state.games,
                "points": [] if history is None else history.points,
            }
        )
    return series
