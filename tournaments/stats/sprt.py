"""The generalised sequential probability ratio test (GSPRT) of fishtest and fastchess.

A test between a bot and an opponent stops as soon as the evidence accepts one of

* ``H0``: the bot is ``elo0`` stronger than the opponent (usually 0: no better),
* ``H1``: the bot is ``elo1`` stronger (``elo1 > elo0``),

with a chance of at most about ``alpha`` of accepting H1 when H0 holds and ``beta`` of
accepting H0 when H1 holds. The evidence is a result vector of independent *units* (see
:mod:`tournaments.stats.glr`): seed pairs of two games with the seats swapped (the pentanomial,
``K = 5``), single games (``K = 3``), or the seat-rotated cycles of a 3- or 4-player group
(``K = 2k + 1``, :mod:`tournaments.stats.counts`; :mod:`tournaments.stats.stopping` derives the
rule for them).

* Bounds (Wald): accept H0 when ``LLR <= log(beta / (1 - alpha))``, H1 when
  ``LLR >= log((1 - beta) / alpha)``.
* ``LLR = N Σ_j p̂_j log(p1_j / p0_j)``, with ``N`` the regularised number of units, ``p̂`` the
  regularised empirical distribution and ``p0``, ``p1`` the most likely distributions under
  H0 and H1 (fishtest ``LLRcalc.LLR_logistic`` / ``LLR_normalized``, fastchess
  ``SPRT::getLLR``).
* ``model = "logistic"``: the hypotheses fix the expected score per game,
  ``s = 1 / (1 + 10^(-elo / 400))``.
* ``model = "normalized"``: they fix normalised Elo, ``nElo = t * 800 / ln 10`` per game, where
  the unit's t-value ``(μ - 1/2) / σ`` is ``sqrt(k) * nElo * ln 10 / 800`` for units of ``k``
  games (``sqrt(2)`` for pentanomial pairs, as in fastchess). nElo does not depend on the draw
  rate, so one ``elo1`` means the same effort in drawish and decisive games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

import numpy as np

from tournaments.stats.glr import (
    Array,
    divergence,
    mle_with_mean,
    mle_with_t_value,
    regularized,
)

Model = Literal["normalized", "logistic"]
Decision = Literal["H0", "H1"]

MODELS: tuple[Model, ...] = ("normalized", "logistic")
"""The Elo models the hypotheses can be stated in."""

NELO_PER_T = 800.0 / math.log(10.0)
"""Normalised Elo per unit of t-value (fishtest ``nelo_divided_by_nt``)."""

MAX_NORMALIZED_ELO = 150.0
"""Largest ``|elo0|``, ``|elo1|`` in the normalized model: the t-value estimate starts from the
uniform distribution, which has a solution only for t-values below about 0.9."""


def logistic_score(elo: float) -> float:
    """Return the expected score ``1 / (1 + 10^(-elo / 400))`` of an Elo difference."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


@dataclass(frozen=True)
class SprtConfig:
    """The hypotheses and error rates of a test (the ``[sprt]`` table of a definition)."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: Model = "normalized"

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError("sprt: elo0 must be below elo1")
        if not (0.0 < self.alpha < 1.0 and 0.0 < self.beta < 1.0):
            raise ValueError("sprt: alpha and beta must lie strictly between 0 and 1")
        if self.alpha + self.beta >= 1.0:
            raise ValueError("sprt: alpha + beta must be below 1")
        if self.model not in MODELS:
            raise ValueError(f"sprt: model must be one of {', '.join(MODELS)}")
        if self.model == "normalized" and max(abs(self.elo0), abs(self.elo1)) > MAX_NORMALIZED_ELO:
            limit = MAX_NORMALIZED_ELO
            raise ValueError(f"sprt: normalized elo0 and elo1 must lie within ±{limit}")

    @property
    def lower_bound(self) -> float:
        """The LLR at or below which H0 is accepted: ``log(beta / (1 - alpha))``."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper_bound(self) -> float:
        """The LLR at or above which H1 is accepted: ``log((1 - beta) / alpha)``."""
        return math.log((1.0 - self.beta) / self.alpha)

    def decide(self, llr: float) -> Decision | None:
        """Return the hypothesis ``llr`` accepts, or None while the test goes on."""
        if llr >= self.upper_bound:
            return "H1"
        if llr <= self.lower_bound:
            return "H0"
        return None


@dataclass(frozen=True)
class SprtState:
    """Where a test stands: its LLR against its bounds, the decision, and what it used.

    ``units`` counts the independent units (seed pairs, cycles, games), ``games`` the games in
    them; games outside complete units are not used."""

    config: SprtConfig
    llr: float
    lower_bound: float
    upper_bound: float
    decision: Decision | None
    units: int
    games: int

    def to_json(self) -> dict[str, Any]:
        """Return the state as plain JSON data."""
        return asdict(self)


def log_likelihood_ratios(config: SprtConfig, counts: Array) -> Array:
    """Return the LLR of each row of ``counts`` (shape ``(M, K)``, ``K = 2k + 1``)."""
    size = counts.shape[-1]
    if size < 3 or size % 2 == 0:
        raise ValueError("a result vector has an odd number of outcomes, at least 3")
    totals, probabilities = regularized(counts)
    rows = totals.shape
    if config.model == "logistic":
        scores = (logistic_score(config.elo0), logistic_score(config.elo1))
        p0, _ = mle_with_mean(probabilities, np.full(rows, scores[0]))
        p1, _ = mle_with_mean(probabilities, np.full(rows, scores[1]))
    else:
        per_unit = math.sqrt((size - 1) / 2) / NELO_PER_T
        p0 = mle_with_t_value(probabilities, np.full(rows, config.elo0 * per_unit))
        p1 = mle_with_t_value(probabilities, np.full(rows, config.elo1 * per_unit))
    llr: Array = totals * (divergence(probabilities, p0) - divergence(probabilities, p1))
    return llr


def log_likelihood_ratio(config: SprtConfig, counts: Sequence[int]) -> float:
    """Return the LLR of one result vector (0 before the first unit)."""
    if sum(counts) == 0:
        return 0.0
    return float(log_likelihood_ratios(config, np.array([counts], dtype=np.float64))[0])


def sprt_state(config: SprtConfig, counts: Sequence[int]) -> SprtState:
    """Return the state of the test after the units counted in ``counts``."""
    llr = log_likelihood_ratio(config, counts)
    units = sum(counts)
    return SprtState(
        config=config,
        llr=llr,
        lower_bound=config.lower_bound,
        upper_bound=config.upper_bound,
        decision=config.decide(llr),
        units=units,
        games=units * (len(counts) - 1) // 2,
    )
