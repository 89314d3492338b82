"""Pilfer as Ruckus hosts it: the engine and where its protocol, views and bots live."""

from __future__ import annotations

from referee.games.pilfer import GAME
from referee.games.plugin import GamePlugin

PYTHON_STARTER = """\
        for index, action in enumerate(actions):
            if ruckus.game_message(action.action).kind == "pick_up":
                return index  # food and sparkly tokens are points: always take them
        return random.randrange(len(actions))"""

NODE_STARTER = """\
    const pick = actions.findIndex((a) => gameMessage(a.action).kind === 'pick_up');
    if (pick >= 0) return pick; // food and sparkly tokens are points: always take them
    return Math.floor(Math.random() * actions.length);"""

PLUGIN = GamePlugin(
    engine=GAME,
    codec="referee.transport.codec.pilfer:CODEC",
    terminal="tournaments.replay.boards.pilfer:VIEW",
    viewer_js="tournaments.replay.boards:pilfer.js",
    sample_bots={
        "random": "sample_bots.pilfer_random",
        "greedy": "sample_bots.pilfer_greedy",
        "search": "sample_bots.pilfer_search",
        "ismcts": "sample_bots.pilfer_ismcts",
    },
    starters={"python": PYTHON_STARTER, "node": NODE_STARTER},
    docs="docs/bots/pilfer.md",
    golden="referee.games.pilfer:conformance.json",
)
