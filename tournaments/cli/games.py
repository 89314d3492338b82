"""``ruckus games`` and ``ruckus selfplay``: what can be played, and a quick in-process match.

``ruckus games GAME`` also lists the game's config fields with each scenario's defaults and the
field's bounds: the keys a tournament's ``[rules]`` and ``ruckus play --rule KEY=VALUE`` take.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from referee.games import game_names, get_game
from referee.games.base import ConfigError, GameSpec
from referee.games.configs import field_bounds
from referee.games.playout import random_playout
from referee.games.registry import UnknownGame, load_problems
from tournaments.game_rules import rule_keys

NOT_SETTABLE = "-"
"""What a default no TOML value can spell (none) is shown as."""


def _summary(spec: GameSpec, name_width: int, title_width: int) -> str:
    """Return the one line ``ruckus games`` prints for a game."""
    scenarios = ", ".join(
        f"{s} (default)" if s == spec.default_scenario else s for s in spec.scenarios
    )
    return (
        f"{spec.name:{name_width}}  {spec.title:{title_width}}  rules {spec.rules_version:5} "
        f"players {spec.min_players}-{spec.max_players}  scenarios: {scenarios}"
    )


def toml_text(value: Any) -> str:
    """Return ``value`` as TOML writes it (``4``, ``true``, ``"gross"``, ``[1, 2]``)."""
    if value is None:
        return NOT_SETTABLE
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_text(item) for item in value) + "]"
    return json.dumps(value)


def _show_rules(game: str) -> None:
    """Print the game's config fields with each scenario's default and the field's bounds."""
    engine = get_game(game)
    scenarios = engine.spec.scenarios
    defaults = [engine.config_to_json(engine.make_config(scenario)) for scenario in scenarios]
    keys = rule_keys(engine, engine.spec.default_scenario)
    bounds = field_bounds(engine.spec.config_type)
    rows = [["field", *scenarios, "bounds" if bounds else ""]]
    rows += [
        [key, *(toml_text(values.get(key)) for values in defaults), bounds.get(key, "")]
        for key in keys
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    typer.echo(
        f"\nrules: the fields a tournament's [rules] and `ruckus play {game} --rule KEY=VALUE`\n"
        "set (VALUE in TOML), with each scenario's default and the field's bounds:"
    )
    for row in rows:
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        typer.echo(f"  {'  '.join(cells)}".rstrip())


def list_games(
    game: Annotated[
        str | None,
        typer.Argument(metavar="GAME", help="Show this game's config fields: what rules set."),
    ] = None,
) -> None:
    """List the games, their player counts and scenarios; with GAME, its config fields: the
    keys a tournament's rules table and ruckus play --rule take."""
    try:
        names = game_names() if game is None else (get_game(game).spec.name,)
    except UnknownGame as error:
        raise typer.BadParameter(str(error), param_hint="GAME") from None
    specs = [get_game(name).spec for name in names]
    name_width = max((len(spec.name) for spec in specs), default=0)
    title_width = max((len(spec.title) for spec in specs), default=0)
    for spec in specs:
        typer.echo(_summary(spec, name_width, title_width))
    if game is not None:
        _show_rules(game)
    for problem in load_problems():
        typer.echo(f"warning: {problem}", err=True)


def selfplay(
    game: str = typer.Argument(..., help="Game name, e.g. pilfer."),
    players: int = typer.Option(2, "--players", "-p", help="Number of seats."),
    seed: int = typer.Option(1, "--seed", "-s", help="Match seed (the same seed replays exactly)."),
    scenario: str | None = typer.Option(None, "--scenario", help="Scenario; the game's default."),
    chooser_seed: int = typer.Option(0, "--chooser-seed", help="Seed of the random players."),
) -> None:
    """Play one match between in-process random players and print the final board and result."""
    try:
        engine = get_game(game)
        config = engine.make_config(scenario)
        state = engine.new_state(config, players, seed)
    except (KeyError, ConfigError) as error:
        raise typer.BadParameter(str(error)) from None
    playout = random_playout(engine, state, chooser_seed)
    typer.echo(engine.render(playout.state))
    outcome = engine.outcome(playout.state)
    assert outcome is not None, "a finished playout always has an outcome"
    typer.echo(f"\n{playout.decisions} decisions; ended by {outcome.reason}")
    for seat, (score, rank) in enumerate(zip(outcome.scores, outcome.ranks, strict=True)):
        typer.echo(f"  seat {seat}: score {score:3}  rank {rank}")


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command("games")(list_games)
    app.command("selfplay")(selfplay)
