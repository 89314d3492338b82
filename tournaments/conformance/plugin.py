"""The pytest plugin of the conformance suite: ``--ruckus-game NAME`` selects what it checks.

With the option, the check modules are added to the run's paths; each check that takes the
``ruckus_game`` fixture runs once per selected game (``all``, or no option at all when a module
collects the checks itself, means every installed game). An unknown name stops the run with a
line naming the installed games.

pytest imports this module at the start of every run in an environment with Ruckus installed,
so it imports nothing of Ruckus until a check needs it: ``tests/referee`` of Ruckus's own tests
is a package whose conftest would otherwise meet the real ``referee`` already imported.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from referee.games.plugin import GamePlugin

CHECKS = Path(__file__).resolve().with_name("checks")
EVERY_GAME = "all"

pytest.register_assert_rewrite("tournaments.conformance.checks")


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--ruckus-game NAME`` (repeatable)."""
    parser.getgroup("ruckus").addoption(
        "--ruckus-game",
        action="append",
        default=[],
        metavar="NAME",
        help=f"run Ruckus's conformance checks on the installed game NAME ('{EVERY_GAME}': "
        "every installed game); repeat it for more games",
    )


def selected_games(config: pytest.Config) -> tuple[str, ...]:
    """Return the games ``--ruckus-game`` selects (every installed one without the option);
    raise ``pytest.UsageError`` for a name no installed game has."""
    from referee.games.registry import game_names

    names: list[str] = config.getoption("ruckus_game")
    installed = game_names()
    if not names or EVERY_GAME in names:
        return installed
    unknown = [name for name in names if name not in installed]
    if unknown:
        known = ", ".join(installed) or "none"
        raise pytest.UsageError(f"--ruckus-game: unknown game {unknown[0]!r}; installed: {known}")
    return tuple(dict.fromkeys(names))


def pytest_configure(config: pytest.Config) -> None:
    """With ``--ruckus-game``, check the names and add the check modules to the run."""
    if not config.getoption("ruckus_game"):
        return
    selected_games(config)
    for path in sorted(CHECKS.glob("[a-z]*.py")):
        if str(path) not in config.args:
            config.args.append(str(path))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run every check that takes ``ruckus_game`` once per selected game."""
    if "ruckus_game" in metafunc.fixturenames:
        metafunc.parametrize("ruckus_game", selected_games(metafunc.config), scope="module")


@pytest.fixture
def game_plugin(ruckus_game: str) -> GamePlugin:
    """The plugin of the game being checked."""
    from referee.games.registry import get_plugin

    return get_plugin(ruckus_game)
