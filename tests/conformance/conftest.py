"""The conformance suite runs over every game installed in the ``ruckus.games`` entry points."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from referee.games import game_names, get_plugin
from referee.games.plugin import GamePlugin

GAMES = game_names()


def golden_of(plugin: GamePlugin) -> dict[str, Any]:
    """Return the golden data the plugin names; fail the test if it names none or it is absent."""
    assert plugin.golden, f"game {plugin.name} names no golden file (GamePlugin.golden)"
    package, _, name = plugin.golden.partition(":")
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.fixture(params=GAMES)
def plugin(request: pytest.FixtureRequest) -> GamePlugin:
    return get_plugin(request.param)
