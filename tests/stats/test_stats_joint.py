"""Joint Bradley–Terry / Plackett–Luce ratings: closed forms, an independent fit, order
invariance, anchors and the bootstrap."""

from __future__ import annotations

import math
import random
from itertools import permutations

import numpy as np
import pytest
from scipy.optimize import minimize
from stats_records import result

from tournaments.stats.joint import MAX_RESAMPLES, joint_ratings
from tournaments.store import MatchResult

ELO = 400 / math.log(10)


def test_two_bots_have_the_closed_form_of_half_win_draws_and_one_virtual_draw() -> None:
    wins, draws, losses = 7, 4, 3
    records = [result(("a", "b"), (1, 2), seed) for seed in range(wins)]
    records += [result(("b", "a"), (1, 1), 100 + seed) for seed in range(draws)]
    records += [result(("b", "a"), (1, 2), 200 + seed) for seed in range(losses)]
    ratings = joint_ratings(["a", "b"], records, resamples=0)
    # maximise (W + D/2 + 1/2) log σ(d) + (L + D/2 + 1/2) log σ(-d):
    # σ(d) = (W + D/2 + 1/2) / (N + 1)
    share = (wins + draws / 2 + 0.5) / (wins + draws + losses + 1)
    difference = math.log(share / (1 - share)) * ELO
    a, b = ratings.ratings
    assert a.elo == pytest.approx(difference / 2, abs=1e-3)
    assert b.elo == pytest.approx(-difference / 2, abs=1e-3)
    assert ratings.model == "bradley-terry" and a.games == 14


def test_a_clean_sweep_stays_finite() -> None:
    records = [result(("a", "b"), (1, 2), seed) for seed in range(10)]
    a, b = joint_ratings(["a", "b"], records, resamples=0).ratings
    assert a.elo is not None and b.elo is not None
    assert a.elo - b.elo == pytest.approx(math.log(21) * ELO, abs=1e-3)


def plackett_luce_by_numerical_gradient(bots: list[str], records: list[MatchResult]) -> np.ndarray:
    """Fit the same penalised likelihood with numerical gradients, written separately."""
    index = {name: i for i, name in enumerate(bots)}

    def log_probability(theta: np.ndarray, order: tuple[int, ...]) -> float:
        return sum(
            theta[order[m]] - math.log(sum(math.exp(theta[j]) for j in order[m:]))
            for m in range(len(order) - 1)
        )

    def negative(theta: np.ndarray) -> float:
        total = 0.0
        met: set[tuple[int, int]] = set()
        for record in records:
            seats = [index[name] for name in record.seats]
            orders = [
                order
                for order in permutations(seats)
                if all(
                    record.ranks[seats.index(order[m])] <= record.ranks[seats.index(order[m + 1])]
                    for m in range(len(order) - 1)
                )
            ]
            total += sum(log_probability(theta, order) for order in orders) / len(orders)
            met.update((min(p), max(p)) for p in permutations(seats, 2))
        for a, b in met:
            total += 0.5 * (log_probability(theta, (a, b)) + log_probability(theta, (b, a)))
        return -total

    theta = minimize(negative, np.zeros(len(bots)), method="BFGS", options={"gtol": 1e-9}).x
    return (theta - theta.mean()) * ELO


def three_player_field(seed: int) -> list[MatchResult]:
    rng = random.Random(seed)
    strength = {"a": 1.0, "b": 0.4, "c": 0.0, "d": -0.5}
    records = []
    for game in range(60):
        seats = tuple(rng.sample(sorted(strength), 3))
        utility = {bot: strength[bot] - math.log(-math.log(rng.random())) for bot in seats}
        ordered = sorted(seats, key=lambda bot: -utility[bot])
        ranks = [ordered.index(bot) + 1 for bot in seats]
        if game % 10 == 0:
            ranks = [1 if rank <= 2 else 3 for rank in ranks]
        records.append(result(seats, ranks, seed=game))
    return records


def test_plackett_luce_matches_an_independent_fit_with_ties() -> None:
    bots = ["a", "b", "c", "d"]
    records = three_player_field(1)
    ratings = joint_ratings(bots, records, resamples=0)
    assert ratings.model == "plackett-luce"
    expected = plackett_luce_by_numerical_gradient(bots, records)
    assert [rating.elo for rating in ratings.ratings] == pytest.approx(list(expected), abs=0.05)


def test_ratings_do_not_depend_on_the_order_of_the_records() -> None:
    bots = ["a", "b", "c", "d"]
    records = three_player_field(2)
    shuffled = records[:]
    random.Random(9).shuffle(shuffled)
    assert joint_ratings(bots, shuffled, resamples=20, seed=4) == joint_ratings(
        bots, records, resamples=20, seed=4
    )


def test_anchor_sits_at_zero_and_intervals_come_from_the_bootstrap() -> None:
    bots = ["a", "b", "c", "d", "idle"]
    records = three_player_field(3)
    ratings = joint_ratings(bots, records, anchor="c", resamples=40, seed=1)
    by_name = {rating.name: rating for rating in ratings.ratings}
    assert (by_name["c"].elo, by_name["c"].lower, by_name["c"].upper) == (0.0, 0.0, 0.0)
    assert by_name["idle"].elo is None and by_name["idle"].games == 0
    for name in "abd":
        rating = by_name[name]
        assert rating.lower is not None and rating.upper is not None and rating.elo is not None
        assert rating.lower < rating.elo < rating.upper
    assert by_name["a"].elo > by_name["d"].elo
    centred = joint_ratings(bots, records, resamples=0)
    assert sum(r.elo for r in centred.ratings if r.elo is not None) == pytest.approx(0, abs=1e-9)
    assert ratings.to_json()["ratings"][0]["name"] == "a"


def test_bootstrap_is_bounded_and_anchors_must_be_bots() -> None:
    records = three_player_field(4)
    with pytest.raises(ValueError, match="resamples"):
        joint_ratings(["a", "b", "c", "d"], records, resamples=MAX_RESAMPLES + 1)
    with pytest.raises(ValueError, match="anchor"):
        joint_ratings(["a", "b", "c", "d"], records, anchor="nobody")


@pytest.mark.parametrize(
    "records",
    [
        [result(("a", "b"), (1, 2), seed) for seed in range(20)],
        [result(("a", "b"), (1, 2), 0)],
        [result(("a", "b") if seed % 2 else ("b", "a"), (1, 1), seed) for seed in range(12)],
        [
            record
            for seed in range(6)
            for record in (
                result(("a", "b", "c"), (1, 2, 3), seed),
                result(("b", "c", "a"), (2, 3, 1), seed),
                result(("c", "a", "b"), (3, 1, 2), seed),
            )
        ],
    ],
    ids=["twenty-straight-wins", "one-game", "all-draws", "identical-cycles"],
)
def test_no_interval_when_every_unit_is_the_same(records: list[MatchResult]) -> None:
    # every resample would be the data itself: a percentile interval of zero width
    bots = sorted({name for record in records for name in record.seats})
    ratings = joint_ratings(bots, records, resamples=50, seed=3)
    for rating in ratings.ratings:
        assert rating.elo is not None and rating.lower is None and rating.upper is None
    varied = joint_ratings(bots, [*records, result(("b", "a"), (1, 2), 999)], resamples=50)
    for rating in varied.ratings:
        assert rating.lower is not None and rating.upper is not None
        assert rating.upper > rating.lower
