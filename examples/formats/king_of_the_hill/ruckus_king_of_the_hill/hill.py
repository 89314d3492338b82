"""The schedule of a king of the hill: challenges, one after another, against the holder.

``[king-of-the-hill] holder`` holds the hill at the start (default: the first bot); the other
bots challenge in definition order. Challenge ``c`` (from 1) is a series of
``games_per_pairing`` games between the holder and the ``c``-th challenger, all played in round
``c``: the holder sits first in the even games and the challenger in the odd ones, and games
``2k`` and ``2k + 1`` share a seed, so a seat's luck is played from both sides. A series is
scored win 1, draw 1/2; the challenger who scores more takes the hill, a tie leaves it with the
holder. A challenge is released once the one before it is complete.

Every answer is a function of the definition and the finished results only: the holder of
challenge ``c`` follows from the results of challenges ``1 .. c-1``, so a resumed run, ``show``
and ``replay verify`` see the same keys, seats and seeds.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.formats import FormatOptions, Tournament, options_of
from tournaments.schedule.match import Finished, Match, points_2p
from tournaments.schedule.seeds import derive_seed

PREFIX = "hill"
"""Key prefix of king-of-the-hill matches."""


@dataclass(frozen=True)
class HillOptions(FormatOptions):
    """``[king-of-the-hill]``: the bot that holds the hill at the start."""

    holder: str


@dataclass(frozen=True)
class Challenge:
    """One challenge: its number, the holder and the challenger, their points so far, its
    games, and the bot that holds the hill after it (None while games are missing)."""

    number: int
    holder: str
    challenger: str
    holder_points: float
    challenger_points: float
    games: tuple[Match, ...]
    winner: str | None


def challengers(definition: Tournament) -> list[str]:
    """Return the bots that challenge, in definition order (all but the first holder)."""
    holder = options_of(definition, HillOptions).holder
    return [name for name in definition.bot_names if name != holder]


def challenges(definition: Tournament, finished: Finished) -> list[Challenge]:
    """Return the challenges known so far: every complete one, then the one being played."""
    holder = options_of(definition, HillOptions).holder
    known = []
    for number, challenger in enumerate(challengers(definition), start=1):
        challenge = _challenge(definition, finished, number, holder, challenger)
        known.append(challenge)
        if challenge.winner is None:
            break
        holder = challenge.winner
    return known


def hill_matches(definition: Tournament, finished: Finished) -> list[Match]:
    """Return the unfinished games of the challenge being played; empty when all are over."""
    played = challenges(definition, finished)
    if not played or played[-1].winner is not None:
        return []
    return [match for match in played[-1].games if match.key not in finished]


def _challenge(
    definition: Tournament,
    finished: Finished,
    number: int,
    holder: str,
    challenger: str,
) -> Challenge:
    """Return challenge ``number`` of ``holder`` against ``challenger`` with its results."""
    games = _games(definition, number, holder, challenger)
    points = [0.0, 0.0]
    for match in games:
        ranks = finished.get(match.key)
        if ranks is not None:
            first, second = points_2p(ranks)
            holder_first = match.seats[0] == holder
            points[0] += first if holder_first else second
            points[1] += second if holder_first else first
    winner = None
    if all(match.key in finished for match in games):
        winner = challenger if points[1] > points[0] else holder
    return Challenge(number, holder, challenger, points[0], points[1], games, winner)


def _games(definition: Tournament, number: int, holder: str, challenger: str) -> tuple[Match, ...]:
    """Return the games of a challenge: seats swapped game by game, a seed per two games."""
    base = f"{PREFIX}/c{number}/{holder}~{challenger}"
    seats = ((holder, challenger), (challenger, holder))
    return tuple(
        Match(
            key=f"{base}/g{game}",
            round=number,
            seats=seats[game % 2],
            seed=derive_seed(definition.match_seed_root, PREFIX, number, game // 2),
            game=game,
        )
        for game in range(definition.games_per_pairing)
    )
