"""The stopping rule for 3- and 4-player pairings: simulated error rates, and a real run of
records through :func:`pairing_sprt`."""

from __future__ import annotations

import math

import numpy as np
import pytest
from stats_records import pair, result

from tournaments.schedule.seats import rotate
from tournaments.stats.sprt import SprtConfig, log_likelihood_ratios
from tournaments.stats.stopping import pairing_sprt

TESTS = 400
SLACK = 3 * math.sqrt(0.05 * 0.95 / TESTS)


def cycle_totals(rng: np.random.Generator, rows: int, players: int, elo: float) -> np.ndarray:
    """Twice the bot's total relative score against the opponent over one seat-rotated cycle of
    Plackett–Luce games whose Gumbel luck belongs to the seats, shared by the cycle."""
    luck = rng.gumbel(size=(rows, players))
    strength = elo * math.log(10) / 400
    above = sum(
        (strength + luck[:, (-shift) % players] > luck[:, (1 - shift) % players]).astype(int)
        for shift in range(players)
    )
    return 2 * np.asarray(above)


def acceptance_of_h1(config: SprtConfig, players: int, elo: float, seed: int) -> float:
    rng = np.random.default_rng(seed)
    counts = np.zeros((TESTS, 2 * players + 1))
    decision = np.zeros(TESTS)
    active = np.arange(TESTS)
    for _ in range(5000):
        counts[active, cycle_totals(rng, len(active), players, elo)] += 1
        llr = log_likelihood_ratios(config, counts[active])
        decision[active[llr >= config.upper_bound]] = 1
        decision[active[llr <= config.lower_bound]] = -1
        active = active[decision[active] == 0]
        if not len(active):
            break
    assert not len(active), "every simulated test decides"
    return float(np.mean(decision == 1))


@pytest.mark.parametrize("players", [3, 4])
def test_simulated_multiplayer_rule_keeps_its_error_rates(players: int) -> None:
    config = SprtConfig(0, 80, model="logistic")
    assert acceptance_of_h1(config, players, 0, seed=players) <= config.alpha + SLACK
    assert acceptance_of_h1(config, players, 80, seed=10 + players) >= 1 - config.beta - SLACK
    assert acceptance_of_h1(config, players, 160, seed=20 + players) >= 0.99


def test_pairing_sprt_reads_cycles_from_match_records() -> None:
    rng = np.random.default_rng(3)
    strengths = {"strong": 300.0, "weak": 0.0, "third": 0.0}
    group = ("strong", "weak", "third")
    records = []
    state = None
    for cycle in range(200):
        luck = rng.gumbel(size=3)
        for game in range(3):
            seats = rotate(group, game)
            utility = [
                strengths[bot] * math.log(10) / 400 + luck[seat] for seat, bot in enumerate(seats)
            ]
            order = sorted(range(3), key=lambda seat: -utility[seat])
            ranks = [order.index(seat) + 1 for seat in range(3)]
            records.append(result(seats, ranks, seed=cycle))
        state = pairing_sprt(SprtConfig(0, 100), records, "strong", "weak", players=3)
        if state.decision is not None:
            break
    assert state is not None and state.decision == "H1"
    assert state.games == 3 * state.units == len(records)
    assert state.lower_bound < 0 < state.upper_bound <= state.llr


def test_pairing_sprt_for_two_players_uses_the_pentanomial() -> None:
    records = [game for seed in range(30) for game in pair("a", "b", 1.0, 0.5, seed)]
    records.append(result(("a", "b"), (1, 2), seed=99))
    state = pairing_sprt(SprtConfig(0, 50), records, "a", "b", players=2)
    assert state.units == 30 and state.games == 60
    assert state.decision == "H1"
    mirrored = pairing_sprt(SprtConfig(0, 50), records, "b", "a", players=2)
    assert mirrored.decision == "H0"
