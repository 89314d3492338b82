"""Golden legal-action counts (perft) and whole random matches, for 2, 3 and 4 players.

Regenerate after an intended rules change with ``python test_wabbit_perft.py`` from this
folder, and review the diff of golden/perft.json.
"""

import json
from pathlib import Path
from typing import Any

import pytest

from referee.games.playout import random_playout
from referee.games.rng import Rng
from referee.games.wabbit import GAME

GOLDEN = Path(__file__).parent / "golden" / "perft.json"
PLAYOUTS = Path(__file__).parent / "golden" / "playouts.json"
PLAYOUT_CASES = [(players, seed) for players in (2, 3, 4) for seed in (11, 12)]

CASES = [
    {"players": players, "seed": seed, "prefix": prefix, "depth": depth}
    for players in (2, 3, 4)
    for seed, prefix, depth in ((1, 0, 6), (2, 0, 5), (3, 25, 5), (4, 60, 5), (5, 140, 5))
]


def start(case: dict[str, Any]) -> Any:
    """The match state after ``prefix`` random decisions chosen with the case's seed."""
    state = GAME.new_state(GAME.make_config(), case["players"], case["seed"])
    chooser = Rng(case["seed"] + 1000)
    for _ in range(case["prefix"]):
        actions = GAME.legal_actions(state)
        state = GAME.apply(state, actions[chooser.below(len(actions))])
    return state


def perft(state: Any, depth: int) -> int:
    """Count the action sequences of length ``depth`` (finished games count as leaves)."""
    if depth == 0 or GAME.to_move(state) is None:
        return 1
    return sum(perft(GAME.apply(state, a), depth - 1) for a in GAME.legal_actions(state))


def breakdown(state: Any, depth: int) -> dict[str, int]:
    """Count per first action, to show where a mismatch comes from."""
    return {
        GAME.action_label(a): perft(GAME.apply(state, a), depth - 1)
        for a in GAME.legal_actions(state)
    }


def case_id(case: dict[str, Any]) -> str:
    return f"{case['players']}p-seed{case['seed']}-prefix{case['prefix']}-depth{case['depth']}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_perft_matches_golden(case):
    golden = {case_id(c): c for c in json.loads(GOLDEN.read_text())}
    expected = golden[case_id(case)]
    state = start(case)
    count = perft(state, case["depth"])
    if count != expected["count"]:
        print(json.dumps(breakdown(state, case["depth"]), indent=1))
        print("expected breakdown:", json.dumps(expected["breakdown"], indent=1))
    assert count == expected["count"]


def playout(players: int, seed: int) -> dict[str, Any]:
    """Play one random match; return its length, final digest and scores."""
    state = GAME.new_state(GAME.make_config(), players, seed)
    result = random_playout(GAME, state, seed)
    outcome = GAME.outcome(result.state)
    assert outcome is not None
    return {
        "players": players,
        "seed": seed,
        "decisions": result.decisions,
        "digest": GAME.digest(result.state),
        "scores": list(outcome.scores),
    }


@pytest.mark.parametrize(("players", "seed"), PLAYOUT_CASES)
def test_whole_random_match_replays_to_the_golden_digest(players, seed):
    golden = {(r["players"], r["seed"]): r for r in json.loads(PLAYOUTS.read_text())}
    assert playout(players, seed) == golden[(players, seed)]


def regenerate() -> None:
    """Write golden/perft.json from the current engine."""
    rows = []
    for case in CASES:
        state = start(case)
        rows.append(
            {
                **case,
                "count": perft(state, case["depth"]),
                "breakdown": breakdown(state, case["depth"]),
            }
        )
    GOLDEN.write_text(json.dumps(rows, indent=1) + "\n")
    matches = [playout(players, seed) for players, seed in PLAYOUT_CASES]
    PLAYOUTS.write_text(json.dumps(matches, indent=1) + "\n")


if __name__ == "__main__":
    regenerate()
