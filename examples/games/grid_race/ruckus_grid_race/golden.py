"""The golden data of Grid Race (``conformance.json``): perft counts and random playouts.

``python -m ruckus_grid_race.golden`` recomputes every count, digest and score of the cases
below and rewrites the file beside this module; run it after an intended rules change only,
and say why in the change note. A perft step is one turn: its successors are every
combination of the snakes' moves.
"""

from __future__ import annotations

import json
from pathlib import Path

from referee.games.base import JsonValue
from referee.games.golden import regenerate

from ruckus_grid_race.engine import GAME

GOLDEN_FILE = Path(__file__).with_name("conformance.json")
PERFT_CASES: list[dict[str, JsonValue]] = [
    {"scenario": "classic", "players": 2, "seed": 1, "chooser_seed": 11, "prefix": 0, "depth": 2},
    {"scenario": "classic", "players": 3, "seed": 2, "chooser_seed": 12, "prefix": 2, "depth": 2},
    {"scenario": "small", "players": 2, "seed": 3, "chooser_seed": 13, "prefix": 1, "depth": 2},
    {"scenario": "small", "players": 4, "seed": 4, "chooser_seed": 14, "prefix": 1, "depth": 1},
]
PLAYOUT_CASES: list[dict[str, JsonValue]] = [
    {"scenario": "classic", "players": 2, "seed": 21, "chooser_seed": 31},
    {"scenario": "classic", "players": 4, "seed": 22, "chooser_seed": 32},
    {"scenario": "small", "players": 3, "seed": 23, "chooser_seed": 33},
]


def golden_data() -> dict[str, list[dict[str, JsonValue]]]:
    """Return the golden data of every case, computed afresh."""
    return regenerate(GAME, {"perft": PERFT_CASES, "playouts": PLAYOUT_CASES})


def main() -> None:
    """Rewrite ``conformance.json`` beside this module."""
    GOLDEN_FILE.write_text(json.dumps(golden_data(), indent=1) + "\n", encoding="utf-8")
    cases = f"{len(PERFT_CASES)} perft cases, {len(PLAYOUT_CASES)} playouts"
    print(f"wrote {GOLDEN_FILE.name}: {cases}")


if __name__ == "__main__":
    main()
