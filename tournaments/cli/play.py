"""``ruckus play``: one match between bots over gRPC, each bot in its own process or remote."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from referee.games.base import ConfigError
from referee.match import Clocks, FaultCode, FaultPolicy, MatchSetup
from referee.match.clocks import STARTUP_MS
from referee.sandbox import AUTO
from tournaments.cli.errors import fail
from tournaments.cli.one_match import (
    BotLogsOption,
    BotsOption,
    DelayOption,
    LogOption,
    SandboxOption,
    StartupOption,
    TimeMarginOption,
    WatchOption,
    check_seat_count,
    play_one,
    seats_of,
    viewing_of,
)
from tournaments.cli.remote_options import (
    CaOption,
    ClientCertOption,
    ClientKeyOption,
    TokenEnvOption,
    grpcs_security,
)
from tournaments.cli.seed_title import hide_seed
from tournaments.game_rules import game_rules
from tournaments.toml_fields import DefinitionError, toml_value

DEFAULT_CLOCKS = Clocks()

RuleOption = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        metavar="KEY=VALUE",
        help="Set a field of the game's config (repeatable; `ruckus games GAME` lists them); "
        "VALUE is TOML: 5, true, '\"gross\"', [1, 2].",
    ),
]


def rule_table(options: Sequence[str]) -> dict[str, Any]:
    """Return the ``--rule KEY=VALUE`` options as a table; raise BadParameter for a bad one."""
    table: dict[str, Any] = {}
    for option in options:
        key, equals, text = option.partition("=")
        key = key.strip()
        if not equals or not key:
            raise typer.BadParameter(f"{option!r}: expected KEY=VALUE", param_hint="--rule")
        if key in table:
            raise typer.BadParameter(f"rules.{key}: given twice", param_hint="--rule")
        try:
            table[key] = toml_value(text.strip(), f"rules.{key}")
        except DefinitionError as error:
            raise typer.BadParameter(str(error), param_hint="--rule") from None
    return table


def _setup(
    game: str,
    seed: int | None,
    scenario: str | None,
    limits: tuple[Clocks, FaultPolicy],
    rules: dict[str, Any],
) -> MatchSetup:
    """Return the match's setup with its ``limits`` (clocks and fault policy) and ``rules``;
    raise BadParameter for an unknown game or scenario, or a bad rule."""
    try:
        checked = game_rules(game, scenario, rules)
    except DefinitionError as error:
        option = "--scenario" if error.field == "scenario" else "--rule"
        raise typer.BadParameter(str(error), param_hint=option) from None
    except KeyError as error:
        raise typer.BadParameter(str(error)) from None
    try:
        return MatchSetup.for_game(
            game,
            secrets.randbits(63) if seed is None else seed,
            scenario,
            clocks=limits[0],
            policy=limits[1],
            rules=dict(checked),
        )
    except (KeyError, ValueError, ConfigError) as error:
        raise typer.BadParameter(str(error)) from None


def _limits(
    times_ms: tuple[int, int, int | None, int], policy: str, max_strikes: int
) -> tuple[Clocks, FaultPolicy]:
    """Return the clocks (from the decision limit, bank, margin and start-up time) and the
    fault policy; raise BadParameter for values out of bounds."""
    decision_ms, bank_ms, time_margin_ms, startup_ms = times_ms
    try:
        clocks = Clocks(decision_ms, bank_ms, time_margin_ms or 0, startup_ms)
        return clocks, FaultPolicy(policy, max_strikes)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


def play(
    game: Annotated[str, typer.Argument(help="Game name, e.g. pilfer.")],
    bots: BotsOption,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", "-s", help="Match seed; default: a secret one, printed when the match ends."
        ),
    ] = None,
    scenario: Annotated[
        str | None, typer.Option(help="Scenario; the game's default if omitted.")
    ] = None,
    log: LogOption = None,
    watch: WatchOption = False,
    delay: DelayOption = None,
    decision_ms: Annotated[int, typer.Option(help="Limit per decision (ms).")] = (
        DEFAULT_CLOCKS.decision_ms
    ),
    bank_ms: Annotated[int, typer.Option(help="Time bank per seat per match (ms).")] = (
        DEFAULT_CLOCKS.bank_ms
    ),
    time_margin_ms: TimeMarginOption = None,
    rule: RuleOption = None,
    policy: Annotated[str, typer.Option(help="Fault policy: forfeit or default-action.")] = (
        "forfeit"
    ),
    max_strikes: Annotated[
        int, typer.Option(help="Strikes before a forfeit (default-action policy).")
    ] = 3,
    startup_ms: StartupOption = STARTUP_MS,
    sandbox: SandboxOption = AUTO,
    bot_logs: BotLogsOption = None,
    ca: CaOption = None,
    token_env: TokenEnvOption = None,
    client_cert: ClientCertOption = None,
    client_key: ClientKeyOption = None,
) -> None:
    """Play one match between bots over gRPC, showing its progress, and print the result.

    A seat whose bot could not start (STARTUP_FAILED) ends the command with exit code 2, as a
    tournament's preflight does; any other outcome, a fault included, exits 0.
    """
    if seed is not None:
        hide_seed()  # before any bot starts: /proc/PID/cmdline is everyone's to read
    grpcs = grpcs_security(bots, ca, token_env, client_cert, client_key)
    viewing = viewing_of(log, watch, delay)
    limits = _limits((decision_ms, bank_ms, time_margin_ms, startup_ms), policy, max_strikes)
    setup = _setup(game, seed, scenario, limits, rule_table(rule or []))
    seats = seats_of(bots, game, grpcs, sandbox, bot_logs)
    check_seat_count(setup, seats)
    result = play_one(setup, seats, viewing)
    unstarted = [f"seat {f.seat}" for f in result.faults if f.code is FaultCode.STARTUP_FAILED]
    if unstarted:
        fail(f"{', '.join(unstarted)} could not start (STARTUP_FAILED: see the fault above)")


def register(app: typer.Typer) -> None:
    """Add ``ruckus play`` to ``app``."""
    app.command("play")(play)
