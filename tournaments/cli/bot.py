"""``ruckus bot new`` and ``ruckus bot check``: start a bot project, and test any bot."""

from __future__ import annotations

import contextlib
import functools
import tempfile
from collections.abc import Iterator
from pathlib import Path

import typer
from ruckus.check import CheckResult, run_checks

from referee.games import game_names
from referee.match.clocks import STARTUP_MS
from referee.sandbox import AUTO, Sandbox
from referee.transport.bots import parse_bot
from referee.transport.process import BotFileMissing, BotProcess
from referee.transport.scripts import script
from referee.transport.security import ClientSecurity
from sample_bots.registry import sample_command
from tournaments.cli.one_match import SandboxOption, sandbox_of
from tournaments.cli.paths import output_folder
from tournaments.cli.remote_options import (
    CaOption,
    ClientCertOption,
    ClientKeyOption,
    TokenEnvOption,
    grpcs_security,
)
from tournaments.scaffold import (
    LANGUAGES,
    ScaffoldError,
    create_project,
    next_steps,
    project_command,
    read_project,
)

bot_app = typer.Typer(help="Write and check bots.", no_args_is_help=True)


@bot_app.command("new")
def new(
    name: str = typer.Argument(..., help="The bot's name (also its folder)."),
    game: str = typer.Option(..., "--game", "-g", help="Game: one of `ruckus games`."),
    lang: str = typer.Option(
        "python", "--lang", "-l", help=f"Language: {', '.join(LANGUAGES)} (docs/bots/languages.md)."
    ),
    directory: str = typer.Option(".", "--dir", help="Where to create the folder."),
) -> None:
    """Create a bot project that runs and passes `ruckus bot check` as it is."""
    output_folder(Path(directory), "--dir")
    try:
        project = create_project(name, game, lang, Path(directory))
    except ScaffoldError as error:
        raise typer.BadParameter(str(error)) from None
    typer.echo(f"created {project.folder}/ ({project.language} bot for {project.game})")
    for step in next_steps(project):
        typer.echo(f"  {step}")


@contextlib.contextmanager
def _started(argv: tuple[str, ...], cwd: Path | None, sandbox: Sandbox) -> Iterator[str]:
    """Start a bot process in ``sandbox``, wait until it listens, yield its address; always
    stop it."""
    with tempfile.TemporaryDirectory(prefix="ruckus-check-") as scratch:
        try:
            process = BotProcess(argv, Path(scratch) / "bot.log", sandbox, cwd=cwd)
        except BotFileMissing as missing:
            raise typer.Exit(_report_startup(str(missing), "")) from None
        try:
            problem = process.wait_listening(STARTUP_MS / 1000.0)
            if problem is not None:
                tail = process.output_tail().strip()
                raise typer.Exit(_report_startup(problem, tail))
            yield process.address
        finally:
            process.stop()


def _report_startup(problem: str, output: str) -> int:
    """Print why a bot failed to start, with the end of its output; return the exit code."""
    typer.echo(f"FAIL  startup: {problem}")
    for line in output.splitlines()[-15:]:
        typer.echo(f"      | {line}")
    return 1


def _print_results(results: list[CheckResult]) -> int:
    """Print one line per check (and its problems); return the exit code."""
    for result in results:
        mark = "PASS" if result.passed else "FAIL"
        typer.echo(f"{mark}  {result.name}" + (f"  ({result.note})" if result.note else ""))
        for problem in result.problems:
            typer.echo(f"      {problem}")
    failed = sum(not result.passed for result in results)
    typer.echo(f"{len(results) - failed} of {len(results)} checks passed")
    return 1 if failed else 0


@contextlib.contextmanager
def _target(
    target: str, game: str | None, grpcs: ClientSecurity | None, sandbox: Sandbox
) -> Iterator[tuple[str, list[str] | None, ClientSecurity | None]]:
    """Yield (address, games to check, how to reach it) for a bot folder, cmd:, grpc://,
    grpcs:// (reached with ``grpcs``) or sample bot name; a bot it starts runs in
    ``sandbox``."""
    folder = Path(target)
    if folder.is_dir():
        try:
            project = read_project(folder)
            command = project_command(project)
        except ScaffoldError as error:
            raise typer.BadParameter(str(error)) from None
        typer.echo(f"checking {project.name} ({project.language}, {project.game}) in {folder}")
        with _started(command, folder.resolve(), sandbox) as address:
            yield address, [game or project.game], None
        return
    if folder.exists() or _looks_like_a_path(target):
        raise typer.BadParameter(_not_a_bot(folder), param_hint="TARGET")
    try:
        spec = parse_bot(target, game or game_names()[0], sample_command, grpcs=grpcs)
    except ValueError as error:
        if target.startswith(("cmd:", "grpc://", "grpcs://")):
            raise typer.BadParameter(f"{target}: {error}", param_hint="TARGET") from None
        raise typer.BadParameter(
            f"{target}: no such bot folder here; {error}; or give cmd:<command>, "
            "grpc://host:port or grpcs://host:port",
            param_hint="TARGET",
        ) from None
    typer.echo(f"checking {spec.source}")
    games = [game] if game else None
    if not spec.spawns:
        yield spec.address, games, spec.security
        return
    with _started(spec.argv, None, sandbox) as address:
        yield address, games, None


def _looks_like_a_path(target: str) -> bool:
    """Whether ``target`` reads as a path rather than a sample bot's name or an address."""
    return "/" in target and not target.startswith(("cmd:", "grpc://", "grpcs://"))


def _not_a_bot(path: Path) -> str:
    """Say why ``path`` (a file, or a folder that does not exist) is not a bot to check."""
    if path.is_file():
        return (
            f"{path} is a file, not a bot folder; check a folder made by `ruckus bot new` or a "
            f'command: "cmd:python {path}"'
        )
    return f"{path}: no such folder (a bot folder is made by `ruckus bot new NAME --game GAME`)"


@bot_app.command("check")
def check(
    target: str = typer.Argument(
        ...,
        help="A bot folder (from `bot new`), cmd:<command>, grpc://host:port, grpcs://host:port "
        "or a sample bot.",
    ),
    game: str | None = typer.Option(None, "--game", "-g", help="Check only this game."),
    ca: CaOption = None,
    token_env: TokenEnvOption = None,
    client_cert: ClientCertOption = None,
    client_key: ClientKeyOption = None,
    sandbox: SandboxOption = AUTO,
) -> None:
    """Run the compliance kit against a bot and print a report; exit 1 if any check fails."""
    if game is not None and game not in game_names():
        known = ", ".join(game_names())
        raise typer.BadParameter(f"unknown game {game!r}; choose from {known}")
    grpcs = grpcs_security([target], ca, token_env, client_cert, client_key)
    confinement = sandbox_of(sandbox)
    with _target(target, game, grpcs, confinement) as (address, games, security):
        credentials = security.credentials() if security is not None else None
        scripts = {name: functools.partial(script, name) for name in game_names()}
        code = _print_results(run_checks(address, games, credentials, scripts))
    raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Add ``ruckus bot new`` and ``ruckus bot check`` to ``app``."""
    app.add_typer(bot_app, name="bot")
