"""The files of a new bot project, per language, as ``string.Template`` texts.

Placeholders: ``$name`` (the bot's name), ``$game``, ``$title`` (the game's title),
``$choose_python`` / ``$choose_node`` (the body of a starter ``choose``, from the game's
plugin), ``$docs`` (where the game is documented for bot authors), ``$sdk``
(how the Node bot finds the SDK), ``$run`` (the command that starts the bot), ``$opponent``
(a sample bot of the game) and ``$label`` (an action label of the game).
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

        ``observation`` is what your seat may know (see $docs); each action
        has a ``label`` such as "$label" and a typed ``action`` (``ruckus.game_message``
        unwraps it).
        """
$choose_python


if __name__ == "__main__":
    ruckus.run(MyBot())
'''

PYTHON_RANDOM = """\
        return random.randrange(len(actions))"""
"""The starter of a game whose plugin gives no Python starter: any legal action."""

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
   * (see $docs); each action has a `label` such as "$label" and an `action`.
   */
  choose(observation, actions) {
$choose_node
  }
}

run(new MyBot());
"""

NODE_RANDOM = """\
    return Math.floor(Math.random() * actions.length);"""
"""The starter of a game whose plugin gives no Node starter: any legal action."""

README = """\
# $name

A $title bot for Ruckus, in $language.

- Check it: `ruckus bot check .` (or `ruckus bot check path/to/$name`)
- Play it: `ruckus play $game --bot "cmd:$command" --bot $opponent`
- What it sees and may do: $docs.

Change `choose` in `$main`; it returns the index of one of the legal actions.
"""
