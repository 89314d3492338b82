"""Chances a Pilfer bot plans with: scuffle odds and what an unseen token may be.

Scuffle odds are exact for fair d6 dice with success on 4+ (p = 1/2), the figures of the
rules' Appendix A table: for example 2 dice against 2 win .31, tie .38, lose .31; a Buck's
4 dice against one townsfolk's 2 win .66.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from math import comb
from typing import Any

TOKEN_MIX: dict[str, int] = {
    "food_1": 8,
    "food_2": 6,
    "food_3": 4,
    "sparkly": 4,
    "cat": 4,
    "dog": 3,
    "trap": 4,
    "alarm": 3,
    "dumpster": 4,
}
"""The scenario token bag (rules 4.3): every blip is drawn from what is left of it."""
BAD_KINDS = frozenset({"cat", "dog", "trap", "alarm"})


@cache
def _successes(dice: int) -> tuple[float, ...]:
    """Return the chance of 0..dice successes with ``dice`` fair 50 % dice."""
    return tuple(comb(dice, k) / 2**dice for k in range(dice + 1))


@cache
def scuffle_odds(attacker: int, defender: int) -> tuple[float, float, float]:
    """Return (attacker win, tie, attacker loss) for two dice pools (Appendix A)."""
    win = tie = 0.0
    defence = _successes(defender)
    for a, pa in enumerate(_successes(attacker)):
        for d, pd in enumerate(defence):
            if a > d:
                win += pa * pd
            elif a == d:
                tie += pa * pd
    return win, tie, 1.0 - win - tie


def food_value(kind: str | None) -> int:
    """Return the value of a food kind (``food_2`` -> 2), 0 for anything else."""
    return int(kind[5:]) if kind and kind.startswith("food_") else 0


def unseen_pool(observation: dict[str, Any]) -> dict[str, float]:
    """Return the chance of each kind for a token the viewer has not seen.

    The pool is the bag mix minus every token whose kind the viewer knows: face-up and
    sniffed board tokens, the discard pile and carried food (rules 5.5).
    """
    left = Counter(TOKEN_MIX)
    for token in observation.get("tokens", []):
        if token.get("kind"):
            left[token["kind"]] -= 1
    for token in observation.get("discard", []):
        left[token.get("kind", "")] -= 1
    for critter in observation.get("critters", []):
        for carried in critter.get("carrying", []):
            left[carried.get("kind", "")] -= 1
    counts = {kind: count for kind, count in left.items() if count > 0 and kind in TOKEN_MIX}
    total = sum(counts.values())
    if total == 0:
        return {"food_1": 1.0}
    return {kind: count / total for kind, count in counts.items()}
