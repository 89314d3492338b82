"""Golden data of a game: perft leaf counts and random playouts, as the conformance suite checks.

A game ships them as a JSON file its plugin names (``GamePlugin.golden``)::

    {"perft": [{"scenario", "players", "seed", "chooser_seed", "prefix", "depth", "leaves"}],
     "playouts": [{"scenario", "players", "seed", "chooser_seed", "decisions", "digest",
                   "scores"}]}

A perft case starts a match from ``seed``, plays ``prefix`` random legal actions (chosen by
``Rng(chooser_seed)``) and counts the positions ``depth`` decisions deeper. A playout plays
random legal actions (:func:`referee.games.playout.random_playout`) to the end. After an
intended rules change, ``python -m referee.games.golden GAME FILE`` rewrites the counts and
digests of the cases in ``FILE`` (say why in the change note).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from referee.games.base import Game, JsonValue
from referee.games.joint import random_step, successors
from referee.games.playout import random_playout
from referee.games.rng import Rng

Case = dict[str, JsonValue]


def start(game: Game[Any, Any], case: Case) -> Any:
    """Return the position of a perft case: the match after its random prefix."""
    state = game.new_state(game.make_config(case["scenario"]), case["players"], case["seed"])
    chooser = Rng(case["chooser_seed"])
    for _ in range(case["prefix"]):
        if game.to_move(state) is None:
            break
        state, _ = random_step(game, state, chooser)
    return state


def perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    """Return the number of positions ``depth`` decisions after ``state`` (ended games count 1;
    a joint step is one decision, with a successor per combination of the seats' actions)."""
    if depth == 0 or game.to_move(state) is None:
        return 1
    return sum(perft(game, after, depth - 1) for _, after in successors(game, state))


def breakdown(game: Game[Any, Any], state: Any, depth: int) -> dict[str, int]:
    """Return the perft count under each step from ``state`` (to find where two differ)."""
    return {label: perft(game, after, depth - 1) for label, after in successors(game, state)}


def playout(game: Game[Any, Any], case: Case) -> Case:
    """Play a playout case to the end; return it with its decisions, final digest and scores."""
    state = game.new_state(game.make_config(case["scenario"]), case["players"], case["seed"])
    result = random_playout(game, state, case["chooser_seed"])
    outcome = game.outcome(result.state)
    assert outcome is not None, "a finished playout has an outcome"
    return {
        **case,
        "decisions": result.decisions,
        "digest": game.digest(result.state),
        "scores": list(outcome.scores),
    }


def regenerate(game: Game[Any, Any], golden: dict[str, list[Case]]) -> dict[str, list[Case]]:
    """Return ``golden`` with every count, digest and score computed afresh."""
    return {
        "perft": [
            {**case, "leaves": perft(game, start(game, case), case["depth"])}
            for case in golden["perft"]
        ],
        "playouts": [playout(game, case) for case in golden["playouts"]],
    }


def main(argv: list[str]) -> int:
    """Rewrite a golden file: ``python -m referee.games.golden GAME FILE``."""
    from referee.games.registry import get_game

    if len(argv) != 2:
        print("usage: python -m referee.games.golden GAME FILE", file=sys.stderr)
        return 2
    path = Path(argv[1])
    fresh = regenerate(get_game(argv[0]), json.loads(path.read_text()))
    path.write_text(json.dumps(fresh, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
