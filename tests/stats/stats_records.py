"""Stored match results built from seats, ranks and seed, for the statistics tests."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.store import DecisionTimes, MatchResult


def result(seats: Sequence[str], ranks: Sequence[int], seed: int, round: int = 1) -> MatchResult:
    """Return a completed match with the given seats, ranks, seed and round."""
    return MatchResult(
        key=f"t/{'~'.join(seats)}/s{seed}/r{round}",
        round=round,
        status="completed",
        seats=tuple(seats),
        seed=seed,
        log_path="logs/m.jsonl",
        ranks=tuple(ranks),
        scores=tuple(0 for _ in seats),
        reason="finished",
        faults=tuple({} for _ in seats),
        decision_times=tuple(DecisionTimes() for _ in seats),
        started_at="2026-01-01T00:00:00Z",
        finished_at="2026-01-01T00:00:01Z",
    )


def pair(bot: str, opponent: str, first: float, second: float, seed: int) -> list[MatchResult]:
    """Return a seed pair: ``bot`` seated first then second, scoring ``first`` then ``second``
    (1 win, 0.5 draw, 0 loss)."""
    return [
        result((bot, opponent), _ranks(first), seed),
        result((opponent, bot), _ranks(1.0 - second), seed),
    ]


def _ranks(first_seat_points: float) -> tuple[int, int]:
    if first_seat_points == 0.5:
        return (1, 1)
    return (1, 2) if first_seat_points == 1.0 else (2, 1)
