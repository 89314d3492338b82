"""The files of a new bot project, per language, as ``string.Template`` texts.

Placeholders: ``$name`` (the bot's name), ``$game``, ``$title`` (the game's title),
``$choose_python`` / ``$choose_node`` (the body of a starter ``choose``), ``$sdk``
(how the Node bot finds the SDK) and ``$run`` (the command that starts the bot).
"""

from __future__ import annotations

MANIFEST = """\
# A Ruckus bot project. `ruckus bot check <this folder>` starts `run` here and checks it.
name = "$name"
game = "$game"
language = "$language"
run = $run
"""

PYTHON_BOT = '''\
"""$name: a $title bot. Edit ``choose`` and run ``ruckus bot check`` on this folder."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import ruckus


class MyBot(ruckus.Bot):
    """Answers every decision of a $title match with the index of a legal action."""

    name = "$name"
    version = "0.1.0"
    author = ""
    games = ("$game",)

    def choose(self, observation: Any, actions: Sequence[Any]) -> int:
        """Return the index of the action to play.

        ``observation`` is what your seat may know (see docs/bots/$game.md); each action
        has a ``label`` such as "MOVE(N)" and a typed ``action`` (``ruckus.game_message``
        unwraps it).
        """
$choose_python


if __name__ == "__main__":
    ruckus.run(MyBot())
'''

PYTHON_CHOOSE = {
    "pilfer": """\
        for index, action in enumerate(actions):
            if ruckus.game_message(action.action).kind == "pick_up":
                return index  # food and sparkly tokens are points: always take them
        return random.randrange(len(actions))""",
    "wabbit": """\
        for index, action in enumerate(actions):
            if ruckus.game_message(action.action).kind == "attack":
                return index  # attack whenever you can
        return random.randrange(len(actions))""",
}

NODE_BOT = """\
'use strict';
/** $name: a $title bot. Edit choose() and run `ruckus bot check` on this folder. */
const { Bot, gameMessage, run } = require($sdk);

class MyBot extends Bot {
  constructor() {
    super({ name: '$name', version: '0.1.0', games: ['$game'] });
  }

  /**
   * Return the index of the action to play. `observation` is what your seat may know
   * (see docs/bots/$game.md); each action has a `label` such as "MOVE(N)" and an `action`.
   */
  choose(observation, actions) {
$choose_node
  }
}

run(new MyBot());
"""

NODE_CHOOSE = {
    "pilfer": """\
    const pick = actions.findIndex((a) => gameMessage(a.action).kind === 'pick_up');
    if (pick >= 0) return pick; // food and sparkly tokens are points: always take them
    return Math.floor(Math.random() * actions.length);""",
    "wabbit": """\
    const attack = actions.findIndex((a) => gameMessage(a.action).kind === 'attack');
    if (attack >= 0) return attack; // attack whenever you can
    return Math.floor(Math.random() * actions.length);""",
}

README = """\
# $name

A $title bot for Ruckus, in $language.

- Check it: `ruckus bot check .` (or `ruckus bot check path/to/$name`)
- Play it: `ruckus play $game --bot "cmd:$command" --bot greedy`
- What it sees and may do: `docs/bots/$game.md` in the Ruckus repository.

Change `choose` in `$main`; it returns the index of one of the legal actions.
"""
