"""The golden data of Liar's Dice (``conformance.json``): perft counts and random playouts.

``python -m ruckus_liars_dice.golden`` recomputes every count, digest and score of the cases
below and rewrites the file beside this module; run it after an intended rules change only,
and say why in the change note. The conformance suite of Ruckus checks the file
(``referee.games.golden`` documents the format).
"""

from __future__ import annotations

import json
from pathlib import Path

from referee.games.base import JsonValue
from referee.games.golden import regenerate

from ruckus_liars_dice.engine import GAME

GOLDEN_FILE = Path(__file__).with_name("conformance.json")
PERFT_CASES: list[dict[str, JsonValue]] = [
    {"scenario": "classic", "players": 2, "seed": 1, "chooser_seed": 11, "prefix": 0, "depth": 2},
    {"scenario": "classic", "players": 3, "seed": 2, "chooser_seed": 12, "prefix": 5, "depth": 3},
    {"scenario": "plain", "players": 2, "seed": 3, "chooser_seed": 13, "prefix": 3, "depth": 3},
    {"scenario": "quick", "players": 2, "seed": 4, "chooser_seed": 14, "prefix": 0, "depth": 3},
    {"scenario": "quick", "players": 4, "seed": 5, "chooser_seed": 15, "prefix": 10, "depth": 3},
    {"scenario": "quick", "players": 6, "seed": 6, "chooser_seed": 16, "prefix": 20, "depth": 2},
    {"scenario": "classic", "players": 6, "seed": 7, "chooser_seed": 17, "prefix": 40, "depth": 2},
    {"scenario": "plain", "players": 4, "seed": 8, "chooser_seed": 18, "prefix": 12, "depth": 3},
]
PLAYOUT_CASES: list[dict[str, JsonValue]] = [
    {"scenario": "classic", "players": 2, "seed": 21, "chooser_seed": 31},
    {"scenario": "quick", "players": 2, "seed": 22, "chooser_seed": 32},
    {"scenario": "classic", "players": 3, "seed": 23, "chooser_seed": 33},
    {"scenario": "plain", "players": 4, "seed": 24, "chooser_seed": 34},
    {"scenario": "quick", "players": 6, "seed": 25, "chooser_seed": 35},
    {"scenario": "classic", "players": 6, "seed": 26, "chooser_seed": 36},
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
