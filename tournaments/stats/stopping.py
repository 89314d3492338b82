"""When to stop a pairing: the GSPRT on seed units, for 2-, 3- and 4-player games alike.

:func:`pairing_sprt` tests a bot against an opponent with one ``[sprt]`` interface (``elo0``,
``elo1``, ``alpha``, ``beta``, ``model``) whatever the number of seats.

**Two players** (fishtest, fastchess): the unit is a seed pair, two games with the seats
swapped, and the evidence is its pentanomial vector (LL, LD, DD+WL, WD, WW).

**Three and four players.** Derivation of the rule used here:

1. *What is compared.* In a game both played, the bot's relative place against the opponent
   is ``x = 1`` (placed above), ``1/2`` (tied) or ``0`` (below). Under the Plackett–Luce
   model with strengths ``γ``, the chance that one bot finishes above another in a game
   depends on those two alone, ``γ_A / (γ_A + γ_B)``, whoever else sits at the table (at
   every stage of the Plackett–Luce draw, the first of the two to be chosen is A with that
   chance). Writing ``γ_A / γ_B = 10^(Δ/400)`` makes it the logistic Elo curve
   ``1 / (1 + 10^(-Δ/400))``: ``Δ`` is an Elo difference in the usual sense, and the
   hypotheses ``Δ = elo0`` and ``Δ = elo1`` fix the expected relative score ``E[x]``.
2. *What is independent.* The games of one seed cycle (``k`` games, every bot in every seat
   once) share the seed's luck, so they are dependent; distinct cycles are independent. The
   unit is therefore the cycle, summarised by its mean relative score
   ``y ∈ {0, 1/2k, …, 1}``: a result vector of ``2k + 1`` outcomes, exactly as the pentanomial
   is for ``k = 2``. The spread of ``y`` is measured from the data rather than assumed, which
   is what makes the pentanomial test valid for dependent paired games.
3. *Seats.* A cycle puts every bot in every seat once, but rotation alone seats the opponent
   the same number of seats after the bot in all ``k`` games, so for ``k >= 3`` a seat's
   advantage does not cancel within a cycle: under Plackett–Luce with seat strengths, the
   bot finishes above the opponent in seats ``(i, j)`` with chance ``L(Δ + σ_i - σ_j)``, and
   seats of +87, 0 and -87 Elo make two equal bots score 3.2 Elo apart (an SPRT at
   ``alpha = 0.05`` then accepts H1 up to 13% of the time; 49% with four seats of ±44 and
   ±130, as ``benchmarks/sprt.py`` measures). So the schedules alternate: every
   odd cycle plays the seats reversed (:mod:`tournaments.schedule.seats`), and over an even
   and an odd cycle the two bots meet in every pair of seats both ways round, whose chances
   add to ``L(Δ + x) + L(Δ - x)``: ``E[y] = 1/2`` exactly at ``Δ = 0``, while the cycles of one
   direction and the other differ a little in mean, which only widens the measured spread of
   ``y`` (the test stays on the safe side).
4. *The test.* The GSPRT of :mod:`tournaments.stats.sprt` on these units: the logistic model
   fixes ``E[y] = L(elo)``; the normalized model fixes the t-value ``sqrt(k) * nElo /
   (800 / ln 10)``. Wald's bounds ``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``
   give error rates of about ``alpha`` and ``beta`` (Wald's approximation; the overshoot of
   the bounds makes them smaller), which ``benchmarks/sprt.py`` measures by simulation.

Only complete cycles count; games of an unfinished cycle wait until it is complete.
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.stats.counts import unit_counts
from tournaments.stats.records import MatchRecord
from tournaments.stats.sprt import SprtConfig, SprtState, sprt_state


def pairing_sprt(
    config: SprtConfig,
    records: Iterable[MatchRecord],
    bot: str,
    opponent: str,
    players: int,
) -> SprtState:
    """Return the test of ``bot`` against ``opponent`` over their ``players``-seat games."""
    return sprt_state(config, unit_counts(records, bot, opponent, players).counts)
