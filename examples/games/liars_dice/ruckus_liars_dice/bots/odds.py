"""The odds Liar's Dice bot: bids and challenges by the binomial odds of the unseen dice.

Each unseen die counts toward a bid on face F with probability 1/faces (2/faces when ones are
wild, LD7), so the dice counted among the ``u`` dice the bot cannot see follow a binomial law
B(u, p) around its expectation ``u * p``. The bot adds its own matching dice, and then

- scores every legal raise by the chance that it is true, keeping the lowest raise among the
  best (legal actions come in ascending order);
- calls LIAR when the standing bid is more likely false than its best raise is true.

It is deterministic, keeps no state between decisions and reads only the observation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

import ruckus
from ruckus.v1 import bot_pb2


def at_least(trials: int, chance: float, needed: int) -> float:
    """Return P(X >= needed) for X ~ Binomial(trials, chance)."""
    if needed <= 0:
        return 1.0
    if needed > trials:
        return 0.0
    return sum(
        comb(trials, hits) * chance**hits * (1.0 - chance) ** (trials - hits)
        for hits in range(needed, trials + 1)
    )


def chance_true(observation: Mapping[str, Any], quantity: int, face: int) -> float:
    """Return the chance that at least ``quantity`` dice in play show ``face``, given the
    seat's own dice and a uniform roll of every die it cannot see."""
    wild = bool(observation["wild_ones"])
    own = observation["dice"] or []
    mine = sum(1 for die in own if die == face or (wild and die == 1))
    unseen = observation["dice_in_play"] - len(own)
    per_die = (2 if wild and face != 1 else 1) / observation["faces"]
    return at_least(unseen, per_die, quantity - mine)


def choose_index(observation: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> int:
    """Return the index of the action to play, from the observation and the actions' data."""
    best_index, best_chance, liar_index = -1, -1.0, -1
    for index, action in enumerate(actions):
        if action["kind"] == "liar":
            liar_index = index
            continue
        chance = chance_true(observation, action["quantity"], action["face"])
        if chance > best_chance:
            best_index, best_chance = index, chance
    if liar_index >= 0:
        bid = observation["bid"]
        doubt = 1.0 - chance_true(observation, bid["quantity"], bid["face"])
        if best_index < 0 or doubt > best_chance:
            return liar_index
    return best_index


class OddsBot(ruckus.Bot):
    """Plays the raise most likely true, or LIAR when the standing bid is likelier false."""

    name = "liars-dice-odds"
    version = "1.0"
    author = "Ruckus samples"
    games = ("liars-dice",)

    def decide(self, request: bot_pb2.DecisionRequest) -> int:
        """Read the observation and actions as dicts and choose by the odds."""
        observation = ruckus.game_data(request.observation)
        actions = [ruckus.game_data(legal.action) for legal in request.legal_actions]
        return choose_index(observation, actions)


if __name__ == "__main__":
    ruckus.run(OddsBot())
