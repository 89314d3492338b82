"""Golden perft: legal-action leaf counts from fixed positions must not change.

Each case starts from a new match, plays ``prefix`` random legal decisions
(chooser seeded with the match seed) and counts the leaves ``depth`` decisions deep.
Regenerate with ``python tests/games/pilfer/test_pilfer_perft.py`` after an intended
rules change, and say why in the change note.
"""

import json
from pathlib import Path

from referee.games.pilfer import GAME, make_config
from referee.games.rng import Rng

GOLDEN = Path(__file__).parent / "golden" / "perft.json"
CASES = [
    ("raid", 2, 0, 0, 4),
    ("raid", 2, 1, 12, 6),
    ("raid", 2, 7, 40, 6),
    ("raid", 4, 3, 30, 6),
    ("raid", 4, 8, 200, 5),
    ("raid", 3, 11, 60, 6),
    ("cars", 2, 5, 35, 5),
    ("cars", 4, 9, 80, 6),
    ("driven_out", 2, 2, 25, 6),
    ("driven_out", 4, 4, 70, 6),
    ("driven_out", 3, 6, 150, 5),
]


def start(scenario, players, seed, prefix):
    state = GAME.new_state(make_config(scenario), players, seed)
    chooser = Rng(seed)
    for _ in range(prefix):
        if GAME.to_move(state) is None:
            break
        actions = GAME.legal_actions(state)
        state = GAME.apply(state, actions[chooser.below(len(actions))])
    return state


def perft(state, depth):
    if depth == 0 or GAME.to_move(state) is None:
        return 1
    return sum(perft(GAME.apply(state, a), depth - 1) for a in GAME.legal_actions(state))


def breakdown(state, depth):
    return {
        GAME.action_label(a): perft(GAME.apply(state, a), depth - 1)
        for a in GAME.legal_actions(state)
    }


def case_key(case):
    return "{}-{}p-seed{}-prefix{}-depth{}".format(*case)


def compute():
    return {case_key(c): perft(start(*c[:4]), c[4]) for c in CASES}


def test_perft_counts_match_the_golden_file():
    golden = json.loads(GOLDEN.read_text())
    for case in CASES:
        state = start(*case[:4])
        count = perft(state, case[4])
        if count != golden[case_key(case)]:
            print(case_key(case), json.dumps(breakdown(state, case[4]), indent=1))
        assert count == golden[case_key(case)], case_key(case)


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(compute(), indent=2) + "\n")
