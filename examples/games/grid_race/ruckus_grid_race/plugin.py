"""Grid Race as Ruckus hosts it: the engine, and where its views, bots and data live.

The game travels on the protocol's generic arm (no codec of its own): observations and
actions reach bots as ``google.protobuf.Struct`` messages. Every turn is a joint step: the
referee asks every snake still in at once.
"""

from __future__ import annotations

from referee.games.plugin import GamePlugin

from ruckus_grid_race.engine import GAME

PYTHON_STARTER = """\
        from google.protobuf.json_format import MessageToDict

        seen = MessageToDict(observation)  # "you", "width", "height", "food", "snakes"
        me = seen["snakes"][int(seen["you"])]["body"][0]
        steps = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
        for index, action in enumerate(actions):
            dx, dy = steps[action.label[5]]  # labels read MOVE(N)
            x, y = me[0] + dx, me[1] + dy
            if 0 <= x < seen["width"] and 0 <= y < seen["height"]:
                return index  # the first move that stays on the board
        return 0"""
"""The body of ``choose`` in a new Python bot: the first move that stays on the board."""

PLUGIN = GamePlugin(
    engine=GAME,
    terminal="ruckus_grid_race.terminal:VIEW",
    viewer_js="ruckus_grid_race:board.js",
    sample_bots={
        "random": "ruckus_grid_race.bots.random",
        "greedy": "ruckus_grid_race.bots.greedy",
    },
    starters={"python": PYTHON_STARTER},
    docs="ruckus_grid_race:README.md",
    golden="ruckus_grid_race:conformance.json",
)
