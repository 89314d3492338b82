"""What a schedule hands to the runner: matches with stable keys, seats and seeds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Finished = Mapping[str, Sequence[int]]
"""Finished matches: match key -> ranks per seat (1 is best; tied seats share a rank)."""


@dataclass(frozen=True)
class Match:
    """One match to play.

    ``key`` is stable across runs and resumes; ``seats`` lists bot names in seat order;
    ``game`` numbers the games of one pairing, group or series from 0; ``round`` is 1-based.
    """

    key: str
    round: int
    seats: tuple[str, ...]
    seed: int
    game: int


def group_label(names: Sequence[str]) -> str:
    """Return the key fragment that names a pairing or group, e.g. ``random~greedy``."""
    return "~".join(names)


def unfinished(matches: Sequence[Match], finished: Finished) -> list[Match]:
    """Return the matches that have no result yet, ordered by round then key."""
    return sorted(
        (match for match in matches if match.key not in finished),
        key=lambda match: (match.round, match.key),
    )


def points_2p(ranks: Sequence[int]) -> tuple[float, float]:
    """Return the points of seat 0 and seat 1 of a 2-player match: 1, 0.5 or 0 each."""
    if ranks[0] == ranks[1]:
        return 0.5, 0.5
    return (1.0, 0.0) if ranks[0] < ranks[1] else (0.0, 1.0)
