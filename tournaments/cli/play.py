"""``ruckus play``: one match between bots over gRPC, each bot in its own process or remote."""

from __future__ import annotations

import secrets
import signal
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer

from referee.games.base import ConfigError, Game
from referee.match import Clocks, FaultPolicy, MatchResult, MatchSetup, run_match
from referee.match.clocks import STARTUP_MS
from referee.match.player import DecisionRecord, JsonDict, MatchObserver, Player
from referee.matchlog import LogWriter
from referee.sandbox import AUTO, Limits, Sandbox, SandboxError, resolve, sandbox_line
from referee.transport.bots import BotSpec, open_players, parse_bot
from referee.transport.probe import probe
from sample_bots.registry import sample_command
from tournaments.cli.remote_options import (
    CaOption,
    ClientCertOption,
    ClientKeyOption,
    TokenEnvOption,
    grpcs_security,
)


class BoardWatcher:
    """A MatchObserver that prints each decision and the board after it."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def match_started(self, header: JsonDict) -> None:
        """Print who plays which seat."""
        for seat, info in enumerate(header["seats"]):
            typer.echo(f"seat {seat}: {info['name']} {info['version']} ({info['source']})")

    def decision_taken(self, record: DecisionRecord, state: Any) -> None:
        """Print the decision and the board."""
        fault = f"  [{record.fault.code.value}: default action]" if record.fault else ""
        typer.echo(f"\n#{record.decision} seat {record.seat}: {record.label}{fault}")
        typer.echo(self.game.render(state))

    def match_ended(self, result: JsonDict) -> None:
        """Nothing to add: the command prints the result."""


def _print_result(result: MatchResult, players: list[Player], log: Path | None, seed: int) -> None:
    outcome = result.outcome
    typer.echo(f"\n{result.decisions} decisions; ended by {outcome.reason}; seed {seed}")
    for seat, (score, rank) in enumerate(zip(outcome.scores, outcome.ranks, strict=True)):
        name = players[seat].identity().name
        typer.echo(f"  seat {seat} {name:20} score {score:4}  rank {rank}")
    for fault in result.faults:
        typer.echo(
            f"  fault: seat {fault.seat} {fault.code.value} at decision {fault.decision}: "
            f"{fault.detail}"
        )
    if log is not None:
        typer.echo(f"log: {log}")


def _setup(
    game_name: str, seed: int, scenario: str | None, clocks: Clocks, policy: FaultPolicy
) -> MatchSetup:
    return MatchSetup.for_game(game_name, seed, scenario, clocks=clocks, policy=policy)


def _report_remote(specs: list[BotSpec]) -> None:
    """Say on stderr which bots at an address do not answer yet, with gRPC's reason (nothing
    listening, a TLS handshake that fails, a refused token)."""
    for spec in specs:
        if not spec.spawns:
            problem = probe(spec.address, spec.security)
            if problem is not None:
                typer.echo(f"bot {spec.source} does not answer yet: {problem}", err=True)


def _exit_on_sigterm() -> None:
    """Turn SIGTERM into SystemExit so every bot process is cleaned up on the way out."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))


DEFAULT_CLOCKS = Clocks()


def play(
    game: Annotated[str, typer.Argument(help="Game name, e.g. pilfer.")],
    bots: Annotated[
        list[str],
        typer.Option(
            "--bot",
            "-b",
            help="One per seat: a sample bot (random, pilfer-random), cmd:<command>, "
            "grpc://host:port, grpcs://host:port (TLS).",
        ),
    ],
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", "-s", help="Match seed; default: a secret one, printed when the match ends."
        ),
    ] = None,
    scenario: Annotated[
        str | None, typer.Option(help="Scenario; the game's default if omitted.")
    ] = None,
    log: Annotated[Path | None, typer.Option(help="Write the match log (JSON Lines) here.")] = None,
    watch: Annotated[bool, typer.Option(help="Print the board after every decision.")] = False,
    decision_ms: Annotated[int, typer.Option(help="Limit per decision (ms).")] = (
        DEFAULT_CLOCKS.decision_ms
    ),
    bank_ms: Annotated[int, typer.Option(help="Time bank per seat per match (ms).")] = (
        DEFAULT_CLOCKS.bank_ms
    ),
    policy: Annotated[str, typer.Option(help="Fault policy: forfeit or default-action.")] = (
        "forfeit"
    ),
    max_strikes: Annotated[
        int, typer.Option(help="Strikes before a forfeit (default-action policy).")
    ] = 3,
    startup_ms: Annotated[
        int, typer.Option(min=100, help="Time a bot has to listen and answer Describe (ms).")
    ] = STARTUP_MS,
    sandbox: Annotated[
        str,
        typer.Option(
            help="How spawned bots are confined: strict, basic, none, or auto (the strongest "
            "that works here; `ruckus doctor` tells which)."
        ),
    ] = AUTO,
    ca: CaOption = None,
    token_env: TokenEnvOption = None,
    client_cert: ClientCertOption = None,
    client_key: ClientKeyOption = None,
) -> None:
    """Play one match between bots over gRPC and print the result."""
    grpcs = grpcs_security(bots, ca, token_env, client_cert, client_key)
    try:
        confinement = Sandbox(resolve(sandbox), Limits())
    except (ValueError, SandboxError) as error:
        raise typer.BadParameter(str(error), param_hint="--sandbox") from None
    try:
        setup = _setup(
            game,
            secrets.randbits(63) if seed is None else seed,
            scenario,
            Clocks(decision_ms, bank_ms),
            FaultPolicy(policy, max_strikes),
        )
        specs: list[BotSpec] = [parse_bot(bot, game, sample_command, grpcs=grpcs) for bot in bots]
    except (KeyError, ValueError, ConfigError) as error:
        raise typer.BadParameter(str(error)) from None
    spec = setup.game.spec
    if not spec.min_players <= len(specs) <= spec.max_players:
        raise typer.BadParameter(f"{game} needs {spec.min_players}-{spec.max_players} bots")
    _exit_on_sigterm()
    if any(spec.spawns for spec in specs):
        typer.echo(sandbox_line(confinement.level), err=True)
    _report_remote(specs)
    with (
        tempfile.TemporaryDirectory(prefix="ruckus-bots-") as output_dir,
        open_players(specs, game, Path(output_dir), confinement, startup_ms) as players,
    ):
        observers: list[MatchObserver] = [BoardWatcher(setup.game)] if watch else []
        if log is not None:
            observers.append(LogWriter(log))
        result = run_match(setup, players, observers)
        _print_result(result, list(players), log, setup.seed)


def register(app: typer.Typer) -> None:
    """Add ``ruckus play`` to ``app``."""
    app.command("play")(play)
