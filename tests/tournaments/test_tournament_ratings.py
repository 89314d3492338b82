"""Joint ratings as the standings keep them, and OpenSkill numbers worked out by hand from the
published formulas."""

from __future__ import annotations

import math
import random
from itertools import pairwise

import pytest

from tournaments.ratings import FieldRatings, RatedGame, fit_joint_ratings, openskill_ratings
from tournaments.stats import joint_ratings


def _games(count: int, seed: int = 3) -> list[RatedGame]:
    rng = random.Random(seed)
    games = []
    for number in range(count):
        seats = tuple(rng.sample(["a", "b", "c"], 2))
        games.append(RatedGame(seats, rng.choice([(1, 2), (2, 1), (1, 1)]), number // 2))
    return games


def test_fit_joint_ratings_is_joint_ratings_with_blas_on_one_thread():
    games = _games(40)
    assert fit_joint_ratings("abc", games, "c", 20) == joint_ratings("abc", games, "c", 20)


def test_field_ratings_refit_once_the_results_grew_by_a_tenth():
    games = _games(300)
    field = FieldRatings("abc", anchor="a")
    fits = []
    for count, game in enumerate(games, start=1):
        field.add(game)
        ratings = field.ratings()
        if field.rated == count:
            fits.append(count)
            assert ratings == joint_ratings("abc", games[:count], "a", resamples=0)
    assert fits[:12] == list(range(1, 13))  # every result while fewer than 20
    assert all(later - earlier == max(1, earlier // 10) for earlier, later in pairwise(fits))
    assert fits[-1] > 270 and len(fits) < 60
    by_name = {rating.name: rating for rating in field.ratings().ratings}
    assert by_name["a"].elo == 0.0 and by_name["a"].lower is None


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


def test_a_refit_can_run_apart_from_the_ratings_it_updates():
    games = _games(60)
    field = FieldRatings("abc")
    for game in games[:50]:
        field.add(game)
    due = field.due()
    assert due is not None and len(due) == 50
    field.add(games[50])  # arrives while the fit runs elsewhere
    field.install(field.fit(due), len(due))
    assert field.rated == 50 and field.due() is None  # 1 new result, 5 needed
    assert field.ratings() == joint_ratings("abc", games[:50], resamples=0)
