"""Wabbit Wampage as Ruckus hosts it: the engine and where its protocol, views and bots live."""

from __future__ import annotations

from referee.games.plugin import GamePlugin
from referee.games.wabbit import GAME

PYTHON_STARTER = """\
        for index, action in enumerate(actions):
            if ruckus.game_message(action.action).kind == "attack":
                return index  # attack whenever you can
        return random.randrange(len(actions))"""

NODE_STARTER = """\
    const attack = actions.findIndex((a) => gameMessage(a.action).kind === 'attack');
    if (attack >= 0) return attack; // attack whenever you can
    return Math.floor(Math.random() * actions.length);"""

PLUGIN = GamePlugin(
    engine=GAME,
    codec="referee.transport.codec.wabbit:CODEC",
    terminal="tournaments.replay.boards.wabbit:VIEW",
    viewer_js="tournaments.replay.boards:wabbit.js",
    sample_bots={
        "random": "sample_bots.wabbit_random",
        "greedy": "sample_bots.wabbit_greedy",
        "search": "sample_bots.wabbit_search",
        "ismcts": "sample_bots.wabbit_ismcts",
    },
    starters={"python": PYTHON_STARTER, "node": NODE_STARTER},
    docs="docs/bots/wabbit.md",
    golden="referee.games.wabbit:conformance.json",
)
