"""The ``ruckus`` command line (Typer). Each sub-module adds one group of commands."""

from __future__ import annotations

import typer

from tournaments.cli import bot, doctor, games, play, referee, replay, tournament

app = typer.Typer(
    name="ruckus",
    help="Referee and tournament harness for AI bots playing Pilfer and Wabbit Wampage.",
    no_args_is_help=True,
    add_completion=False,
)
games.register(app)
play.register(app)
referee.register(app)
replay.register(app)
tournament.register(app)
bot.register(app)
doctor.register(app)
