"""Elo and OpenSkill numbers against values worked out by hand from the published formulas."""

from __future__ import annotations

import math

import pytest

from tournaments.ratings import elo_estimate, elo_from_score, openskill_ratings


def test_elo_of_ten_wins_five_draws_five_losses():
    # s = (10 + 5/2) / 20 = 0.625;  E = -400 log10(1/0.625 - 1) = -400 log10(0.6) = 88.7395
    # var = (10 * 0.375^2 + 5 * 0.125^2 + 5 * 0.625^2) / 20 = 3.4375 / 20 = 0.171875
    # se = sqrt(0.171875 / 20) = 0.0927025;  1.959964 * se = 0.181694
    # lower = E(0.443306) = -39.5648;  upper = E(0.806694) = 248.1849;  margin = 143.8749
    estimate = elo_estimate(10, 5, 5)
    assert estimate is not None
    assert estimate.games == 20
    assert estimate.score == 0.625
    assert estimate.elo == pytest.approx(88.7395, abs=1e-4)
    assert estimate.lower == pytest.approx(-39.5648, abs=1e-4)
    assert estimate.upper == pytest.approx(248.1849, abs=1e-4)
    assert estimate.margin == pytest.approx(143.8749, abs=1e-4)


def test_elo_of_an_even_score_is_zero_with_a_symmetric_interval():
    # s = 0.5; var = (3 * 0.25 + 4 * 0 + 3 * 0.25) / 10 = 0.15; se = sqrt(0.015) = 0.1224745
    # upper = E(0.5 + 0.240045) = -400 log10(1/0.740045 - 1) = 181.7445 = -lower
    estimate = elo_estimate(3, 4, 3)
    assert estimate is not None
    assert estimate.elo == 0.0
    assert estimate.upper == pytest.approx(181.7445, abs=1e-4)
    assert estimate.lower == pytest.approx(-181.7445, abs=1e-4)


def test_elo_bounds_are_infinite_when_the_interval_leaves_zero_to_one():
    # s = 0.75, se = sqrt(0.1875 / 8) = 0.153093: s + 1.96 se = 1.050 > 1
    estimate = elo_estimate(6, 0, 2)
    assert estimate is not None
    assert estimate.elo == pytest.approx(190.8485, abs=1e-4)  # -400 log10(1/3)
    assert estimate.upper == math.inf
    assert estimate.margin == math.inf
    perfect = elo_estimate(4, 0, 0)
    assert perfect is not None
    assert (perfect.elo, perfect.lower, perfect.upper) == (math.inf, math.inf, math.inf)


def test_elo_edge_cases():
    assert elo_estimate(0, 0, 0) is None
    assert elo_from_score(0.0) == -math.inf
    assert elo_from_score(0.75) == pytest.approx(-400 * math.log10(1 / 3))


# OpenSkill Plackett-Luce by hand, defaults mu 25, sigma 25/3, beta 25/6, tau 25/300.
# Each sigma first grows by tau: s2 = (25/3)^2 + (1/12)^2 = 69.4513889.
# Two players: c = sqrt(2 (s2 + beta^2)) = 13.1766840. Equal mu, so every exp(mu/c)/sum is 1/2.
# Winner: omega = 1 - 1/2 = 1/2, delta = 1/2 * 1/2 = 1/4; gamma = sqrt(s2) / c.
#   mu = 25 + s2 / c * omega = 27.6353895
#   sigma = sqrt(s2) * sqrt(1 - s2 / c^2 * gamma * delta) = 8.0659014
# Loser: omega = -1/2 (mu = 22.3646105), the same delta and sigma.
# Draw: ranks tie, each q is shared by 2: omega = 1/4 - 1/4 = 0, delta = 2 * 1/8 = 1/4.
S2 = (25 / 3) ** 2 + (25 / 300) ** 2
BETA2 = (25 / 6) ** 2


def _by_hand(c: float, omega: float, delta: float) -> tuple[float, float]:
    gamma = math.sqrt(S2) / c
    return 25 + S2 / c * omega, math.sqrt(S2) * math.sqrt(1 - S2 / c**2 * gamma * delta)


def test_openskill_one_on_one_win_and_draw():
    c = math.sqrt(2 * (S2 + BETA2))
    assert c == pytest.approx(13.1766840, abs=1e-7)
    ratings = openskill_ratings(["a", "b"], [(("b", "a"), (2, 1))])
    win_mu, win_sigma = _by_hand(c, 1 / 2, 1 / 4)
    assert (win_mu, win_sigma) == pytest.approx((27.6353895, 8.0659014), abs=1e-7)
    assert ratings["a"].mu == pytest.approx(win_mu, abs=1e-9)
    assert ratings["a"].sigma == pytest.approx(win_sigma, abs=1e-9)
    assert ratings["b"].mu == pytest.approx(50 - win_mu, abs=1e-9)
    assert ratings["a"].ordinal == pytest.approx(win_mu - 3 * win_sigma, abs=1e-9)
    drawn = openskill_ratings(["a", "b"], [(("a", "b"), (1, 1))])
    assert drawn["a"].mu == pytest.approx(25.0, abs=1e-9)
    assert drawn["b"].sigma == pytest.approx(win_sigma, abs=1e-9)


def test_openskill_three_players():
    # c = sqrt(3 (s2 + beta^2)); sums over ranks at least q's: 3e, 2e, e (e = exp(25/c)).
    # 1st: omega = 1 - 1/3 = 2/3,               delta = (1/3)(2/3) = 2/9
    # 2nd: omega = -1/3 + (1 - 1/2) = 1/6,      delta = 2/9 + 1/4 = 17/36
    # 3rd: omega = -1/3 - 1/2 + 0 = -5/6,       delta = 17/36
    c = math.sqrt(3 * (S2 + BETA2))
    ratings = openskill_ratings(["x", "y", "z"], [(("z", "x", "y"), (3, 1, 2))])
    expected = {
        "x": (27.8690487, 8.2052434, _by_hand(c, 2 / 3, 2 / 9)),
        "y": (25.7172622, 8.0582242, _by_hand(c, 1 / 6, 17 / 36)),
        "z": (21.4136891, 8.0582242, _by_hand(c, -5 / 6, 17 / 36)),
    }
    for name, (mu, sigma, hand) in expected.items():
        assert hand == pytest.approx((mu, sigma), abs=1e-7)
        assert (ratings[name].mu, ratings[name].sigma) == pytest.approx(hand, abs=1e-9)


def test_openskill_replays_in_the_given_order():
    games = [(("a", "b"), (1, 2)), (("a", "c"), (2, 1)), (("b", "c"), (1, 1))]
    first = openskill_ratings(["a", "b", "c"], games)
    assert openskill_ratings(["a", "b", "c"], games) == first
    assert openskill_ratings(["a", "b", "c"], list(reversed(games))) != first
    assert openskill_ratings(["a", "b", "c"], [])["c"].mu == 25.0
