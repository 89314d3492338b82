"""``ruckus arena init|bot|status|run``: a league that never stops, whose bots come and go while
it plays (docs/arena.md)."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from tournaments.arena.bot_tables import SourceProblem, bot_table
from tournaments.arena.config import ARENA_FILE, arena_toml, load_arena, parse_arena
from tournaments.arena.run import run_arena
from tournaments.arena.status import result_line, status_lines
from tournaments.arena.store import ArenaBot, ArenaStore
from tournaments.cli.backends import BackendName, BackendOptions, placement
from tournaments.cli.errors import fail
from tournaments.cli.interrupts import CheckedRunObserver, InterruptGuard
from tournaments.cli.paths import output_folder
from tournaments.cli.tournament import RUN_FAILURES
from tournaments.cli.web import serve_run
from tournaments.runner import (
    RunContext,
    SilentObserver,
)
from tournaments.store import MatchResult, StoreError
from tournaments.toml_fields import DefinitionError
from tournaments.web.server import ServeOptions, WebServer

arena_app = typer.Typer(
    help="A league that never stops: bots join, update and retire while it plays.",
    no_args_is_help=True,
)
bot_app = typer.Typer(help="Add, update and retire the arena's bots.", no_args_is_help=True)
arena_app.add_typer(bot_app, name="bot")

ArenaDir = Annotated[Path, typer.Argument(help="The arena's folder.")]
ArenaOption = Annotated[
    Path, typer.Option("--arena", "-a", help="The arena's folder (default: this one).")
]
BotName = Annotated[str, typer.Argument(help="The bot's name.")]
Command = Annotated[str | None, typer.Option("--command", help="The command that starts the bot.")]
BotDir = Annotated[
    Path | None, typer.Option("--dir", help="A bot folder made by `ruckus bot new`.")
]
Address = Annotated[str | None, typer.Option("--address", help="A running bot: grpc://HOST:PORT.")]
Sample = Annotated[str | None, typer.Option("--sample", help="A sample bot (pilfer-random).")]


@arena_app.command("init")
def init(
    folder: ArenaDir,
    game: Annotated[str, typer.Option("--game", "-g", help="The game: one of `ruckus games`.")],
    players: Annotated[int, typer.Option("--players", min=2, help="Seats per match.")] = 2,
    scenario: Annotated[
        str | None, typer.Option("--scenario", help="The scenario (default: the game's).")
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, max=2**63 - 1, help="Seed of every step (default: drawn)."),
    ] = None,
) -> None:
    """Create an arena: its folder, a documented arena.toml and its store."""
    output_folder(folder, "FOLDER")
    if (folder / ARENA_FILE).exists():
        fail(f"{folder / ARENA_FILE} exists already")
    text = arena_toml(game, players, scenario)
    try:
        config = parse_arena(text)
        store = ArenaStore.create(folder, config.game, config.players, config.scenario, seed)
    except (DefinitionError, StoreError) as error:
        fail(str(error))
    store.close()
    (folder / ARENA_FILE).write_text(text, encoding="utf-8")
    typer.echo(f"created the arena {folder} ({game}, {players} players)")
    typer.echo(f"  add bots: ruckus arena bot add NAME --sample pilfer-random --arena {folder}")
    typer.echo(f"  play:     ruckus arena run {folder}")


def _table(
    name: str, command: str | None, bot_dir: Path | None, address: str | None, sample: str | None
) -> dict[str, Any]:
    """Return the bot table of exactly one of the source options, or stop with a usage error."""
    try:
        return bot_table(name, command, bot_dir, address, sample)
    except SourceProblem as error:
        raise typer.BadParameter(str(error)) from None


def _opened(folder: Path) -> ArenaStore:
    """Open the arena's store, or fail in one line."""
    try:
        return ArenaStore.open(folder)
    except StoreError as error:
        fail(str(error))


def _joins(bot: ArenaBot, folder: Path) -> None:
    """Say that ``bot`` waits to join, and when it will."""
    typer.echo(
        f"{bot.name} added, pending: it joins once `ruckus arena run {folder}` has checked it "
        "(see `ruckus arena status`)"
    )


def _enter(
    folder: Path, how: Callable[[ArenaStore, dict[str, Any]], ArenaBot], table: dict[str, Any]
) -> None:
    """Enter the bot ``table`` in the arena's store ``how`` says (added, or a new version),
    and say it waits to join; fail in one line on a bad table."""
    store = _opened(folder)
    try:
        _joins(how(store, table), folder)
    except (DefinitionError, StoreError) as error:
        fail(str(error))
    finally:
        store.close()


@bot_app.command("add")
def add(
    name: BotName,
    command: Command = None,
    bot_dir: BotDir = None,
    address: Address = None,
    sample: Sample = None,
    folder: ArenaOption = Path("."),
) -> None:
    """Add a bot; a running arena checks it and lets it play, without a restart."""
    _enter(folder, ArenaStore.add_bot, _table(name, command, bot_dir, address, sample))


@bot_app.command("update")
def update(
    name: BotName,
    command: Command = None,
    bot_dir: BotDir = None,
    address: Address = None,
    sample: Sample = None,
    folder: ArenaOption = Path("."),
) -> None:
    """Add a new version of a bot (NAME@v2, ...): once it joins, it plays and the older
    version retires (its games still count)."""
    _enter(folder, ArenaStore.update_bot, _table(name, command, bot_dir, address, sample))


@bot_app.command("retire")
def retire(name: BotName, folder: ArenaOption = Path(".")) -> None:
    """Stop scheduling a bot (or one version, NAME@v2); its games still count."""
    store = _opened(folder)
    try:
        retired = store.retire(name)
    except StoreError as error:
        fail(str(error))
    finally:
        store.close()
    typer.echo(f"retired {', '.join(retired)}" if retired else f"{name} plays no more already")


@arena_app.command("status")
def status(folder: ArenaDir) -> None:
    """Print the arena's bots and versions, games, ratings with intervals, and what is
    playing."""
    store = _opened(folder)
    try:
        config = load_arena(folder)
    except (DefinitionError, OSError) as error:
        store.close()
        fail(str(error))
    try:
        for line in status_lines(store, config.candidate_interval):
            typer.echo(line)
    finally:
        store.close()


class ArenaPrinter(SilentObserver):
    """Prints a line per recorded result (with the ratings of its bots), per line-up and per
    notice."""

    def __init__(self, store: ArenaStore) -> None:
        self.store = store

    def run_started(self, context: RunContext) -> None:
        """Say which bots play now."""
        typer.echo(f"line-up: {', '.join(context.definition.bot_names)}")

    def match_recorded(self, result: MatchResult) -> None:
        """Print the result and the ratings of its bots."""
        typer.echo(result_line(result, self.store))

    def notice(self, text: str) -> None:
        """Print the notice."""
        typer.echo(text)


def opening_lines(folder: Path, server: WebServer | None) -> list[str]:
    """Return what ``arena run`` says before it plays: where to follow the arena (its web
    face, when served, and the link that lets a browser change its bots)."""
    lines = [f"arena {folder}: follow it with `ruckus arena status {folder}`; Ctrl-C stops it"]
    if server is not None:
        lines.append(f"web face: {server.url} (to add and retire bots: {server.changing_url})")
    return lines


def _stop_on_sigterm() -> None:
    """Turn SIGTERM into SystemExit, so every bot and worker is stopped on the way out."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))


@arena_app.command("run")
def run(
    folder: ArenaDir,
    max_results: Annotated[
        int | None,
        typer.Option(
            "--max-results", min=1, help="Stop after N more results (the step is finished)."
        ),
    ] = None,
    backend: BackendName = None,
    backend_option: BackendOptions = None,
    web: Annotated[
        bool, typer.Option("--web/--no-web", help="Serve the arena's web face (loopback).")
    ] = True,
    port: Annotated[
        int, typer.Option(min=0, max=65535, help="The web face's port (0 picks a free one).")
    ] = 0,
) -> None:
    """Play the arena until stopped (Ctrl-C, SIGTERM), taking bots added, updated and retired
    meanwhile, and serve its web face; a restart continues where it stopped."""
    where = placement(backend, backend_option)
    printer_store = _opened(folder)
    _stop_on_sigterm()
    server = serve_run(folder, ServeOptions(port=port)) if web else None
    for line in opening_lines(folder, server):
        typer.echo(line)
    try:
        with InterruptGuard() as guard:
            summary = run_arena(
                folder, CheckedRunObserver(ArenaPrinter(printer_store), guard), where, max_results
            )
    except RUN_FAILURES as error:
        fail(str(error))
    except KeyboardInterrupt:
        typer.echo(f"\nstopped; `ruckus arena run {folder}` continues it", err=True)
        raise typer.Exit(130) from None
    finally:
        printer_store.close()
        if server is not None:
            server.stop()
    typer.echo(f"recorded {summary.played} results, {summary.recorded} in all")


def register(app: typer.Typer) -> None:
    """Add ``ruckus arena`` to ``app``."""
    app.add_typer(arena_app, name="arena")
