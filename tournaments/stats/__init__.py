"""Statistics of a tournament's results: pure functions of plain match records.

* :mod:`~tournaments.stats.records` — what a record needs (seats, ranks, seed), relative places
  and seed units;
* :mod:`~tournaments.stats.counts` — W/D/L, pentanomial and unit counts per pairing;
* :mod:`~tournaments.stats.elo` — Elo and nElo with finite 95% intervals, LOS, and
  :func:`format_elo`;
* :mod:`~tournaments.stats.pairings` — all of that per pairing;
* :mod:`~tournaments.stats.sprt` — the GSPRT of fishtest and fastchess;
* :mod:`~tournaments.stats.stopping` — the stopping rule for 2-, 3- and 4-player pairings;
* :mod:`~tournaments.stats.joint` — Bradley–Terry / Plackett–Luce ratings with bootstrap
  intervals;
* :mod:`~tournaments.stats.tiebreaks` — Buchholz and Sonneborn–Berger;
* :mod:`~tournaments.stats.h2h` — the head-to-head matrix;
* :mod:`~tournaments.stats.glr` — the constrained maximum-likelihood core they share.

Every result is a frozen dataclass with ``to_json()``.
"""

from tournaments.stats.counts import WDL, Pentanomial, UnitCounts
from tournaments.stats.elo import PairwiseElo, format_elo, pairwise_elo
from tournaments.stats.h2h import HeadToHead, HeadToHeadCell, head_to_head
from tournaments.stats.joint import JointRating, JointRatings, joint_ratings
from tournaments.stats.pairings import PairingStats, all_pairings, opponents_stats, pairing_stats
from tournaments.stats.records import MatchRecord, RoundRecord
from tournaments.stats.sprt import SprtConfig, SprtState, sprt_state
from tournaments.stats.stopping import pairing_sprt
from tournaments.stats.tiebreaks import buchholz, sonneborn_berger

__all__ = [
    "WDL",
    "HeadToHead",
    "HeadToHeadCell",
    "JointRating",
    "JointRatings",
    "MatchRecord",
    "PairingStats",
    "PairwiseElo",
    "Pentanomial",
    "RoundRecord",
    "SprtConfig",
    "SprtState",
    "UnitCounts",
    "all_pairings",
    "buchholz",
    "format_elo",
    "head_to_head",
    "joint_ratings",
    "opponents_stats",
    "pairing_sprt",
    "pairing_stats",
    "pairwise_elo",
    "sonneborn_berger",
    "sprt_state",
]
