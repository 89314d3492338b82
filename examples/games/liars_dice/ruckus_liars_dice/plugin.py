"""Liar's Dice as Ruckus hosts it: the engine, and where its views, bots and data live.

The game travels on the protocol's generic arm (no codec of its own): observations and
actions reach bots as ``google.protobuf.Struct`` messages.
"""

from __future__ import annotations

from referee.games.plugin import GamePlugin

from ruckus_liars_dice.engine import GAME

PYTHON_STARTER = """\
        from google.protobuf.json_format import MessageToDict

        seen = MessageToDict(observation)  # your "dice", the standing "bid", every seat's count
        bid = seen.get("bid")
        for index, action in enumerate(actions):
            if action.label == "LIAR" and int(bid["quantity"]) > seen["dice_in_play"] / 3:
                return index  # a bid on more than a third of the dice is likely a lie
        return 0  # otherwise the lowest raise: raises come first, in ascending order"""
"""The body of ``choose`` in a new Python bot: call a high bid, else make the lowest raise."""

PLUGIN = GamePlugin(
    engine=GAME,
    terminal="ruckus_liars_dice.terminal:VIEW",
    viewer_js="ruckus_liars_dice:board.js",
    sample_bots={"random": "ruckus_liars_dice.bots.random", "odds": "ruckus_liars_dice.bots.odds"},
    starters={"python": PYTHON_STARTER},
    docs="ruckus_liars_dice:README.md",
    golden="ruckus_liars_dice:conformance.json",
)
