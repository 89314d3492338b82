"""What a new bot project says about its game: an opponent to play it against and an example
of an action label, both from the game's plugin, so no project names another game's bots or
labels."""

from __future__ import annotations

from referee.games import get_plugin
from referee.games.base import GameError


def opponent(game: str) -> str:
    """Return a sample bot of ``game`` worth playing against: the first one listed that is not
    the random one, else the random one."""
    bots = list(get_plugin(game).sample_bots)
    better = [name for name in bots if name != "random"]
    return (better or bots or ["random"])[0]


def example_label(game: str) -> str:
    """Return the label of the first legal action of a new match of ``game`` (``"..."`` when
    the engine cannot set one up with its defaults)."""
    engine = get_plugin(game).engine
    try:
        state = engine.new_state(engine.make_config(), engine.spec.min_players, 1)
        actions = engine.legal_actions(state)
    except GameError:
        return "..."
    return engine.action_label(actions[0]) if actions else "..."


def game_values(game: str) -> dict[str, str]:
    """Return the template values a project takes from its game: ``opponent`` and ``label``."""
    return {"opponent": opponent(game), "label": example_label(game)}
