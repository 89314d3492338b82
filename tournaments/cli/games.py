"""``ruckus games`` and ``ruckus selfplay``: what can be played, and a quick in-process match."""

from __future__ import annotations

import typer

from referee.games import game_names, get_game
from referee.games.base import ConfigError
from referee.games.playout import random_playout
from referee.games.registry import load_problems


def list_games() -> None:
    """List the games, their player counts and scenarios."""
    specs = [get_game(name).spec for name in game_names()]
    name_width = max((len(spec.name) for spec in specs), default=0)
    title_width = max((len(spec.title) for spec in specs), default=0)
    for spec in specs:
        scenarios = ", ".join(
            f"{s} (default)" if s == spec.default_scenario else s for s in spec.scenarios
        )
        typer.echo(
            f"{spec.name:{name_width}}  {spec.title:{title_width}}  rules {spec.rules_version:5} "
            f"players {spec.min_players}-{spec.max_players}  scenarios: {scenarios}"
        )
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
