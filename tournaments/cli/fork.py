"""``ruckus replay fork LOG --at N --bot ...``: play a logged match on from decision N with
other bots (a loss replayed with a fixed bot, say), for any game.

The engine replays the log's first N decisions, then the match loop asks the new bots from
there. The forked log's header names its parent log and decision N (``referee.matchlog.fork``),
so ``ruckus replay verify`` checks it from the parent's header and first N actions, and
``replay show`` and ``replay export`` play it from the start. Each seat keeps its clocks in the
parent (its own ``seat_clocks``, if it had any) unless ``--decision-ms`` or ``--bank-ms`` set
them for every seat.
"""

from __future__ import annotations

import dataclasses
import uuid
from pathlib import Path
from typing import Annotated

import typer

from referee.games.base import GameError
from referee.match import Clocks, FaultPolicy, MatchHeader, MatchSetup
from referee.match.clocks import STARTUP_MS
from referee.matchlog.fork import ForkError, ForkPoint, fork_point
from referee.matchlog.replay import Replayer
from referee.sandbox import AUTO
from tournaments.cli.one_match import (
    BotLogsOption,
    BotsOption,
    DelayOption,
    SandboxOption,
    StartupOption,
    TimeMarginOption,
    WatchOption,
    check_seat_count,
    play_one,
    seats_of,
    viewing_of,
)
from tournaments.cli.paths import input_file
from tournaments.cli.remote_options import (
    CaOption,
    ClientCertOption,
    ClientKeyOption,
    TokenEnvOption,
    grpcs_security,
)


def default_fork_log(parent: Path, at: int) -> Path:
    """Return where a fork is logged by default: ``<parent's name>-at<N>.jsonl``, here."""
    stem = parent.name.removesuffix(".gz").removesuffix(".jsonl")
    return Path(f"{stem}-at{at}.jsonl")


def _point(parent: Path, at: int) -> ForkPoint:
    """Return the fork point, checked to replay and to leave a decision to play."""
    try:
        point = fork_point(parent, at)
        replayer = Replayer(point.header)
        problems = [p for step in replayer.steps(point.lines) for p in step.problems]
    except ForkError as error:
        raise typer.BadParameter(str(error)) from None
    except (KeyError, ValueError, TypeError, GameError) as error:
        raise typer.BadParameter(f"{parent} cannot be replayed: {error!r}") from None
    if problems:
        raise typer.BadParameter(f"{parent} does not replay: {problems[0]}", param_hint="LOG")
    if replayer.game.to_move(replayer.state) is None:
        raise typer.BadParameter(f"the match is over after decision {at}", param_hint="--at")
    return point


@dataclasses.dataclass(frozen=True)
class _Overrides:
    """What the options change of the parent's clocks and fault policy (None: the log's)."""

    decision_ms: int | None
    bank_ms: int | None
    time_margin_ms: int | None
    startup_ms: int
    policy: str | None
    max_strikes: int | None

    def clocks(self, own: Clocks, margin_ms: int) -> Clocks:
        """Return ``own`` clocks with the options' limit, bank, margin and start-up time."""
        return Clocks(
            self.decision_ms or own.decision_ms,
            self.bank_ms or own.bank_ms,
            margin_ms,
            self.startup_ms,
        )


def _setup(point: ForkPoint, log: Path, overrides: _Overrides) -> MatchSetup:
    """Return the forked match: the parent's game, config and seed with a match id of its
    own, each seat's clocks and the fault policy the parent's but for what the options say."""
    header: MatchHeader = point.header
    margin_ms = header.clocks.time_margin_ms
    if overrides.time_margin_ms is not None:
        margin_ms = overrides.time_margin_ms
    try:
        policy = FaultPolicy(
            overrides.policy or header.policy.kind,
            header.policy.max_strikes if overrides.max_strikes is None else overrides.max_strikes,
        )
        clocks = overrides.clocks(header.clocks, margin_ms)
        seat_clocks = tuple(overrides.clocks(own, margin_ms) for own in header.each_seat_clocks())
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    return dataclasses.replace(
        MatchSetup.from_header(header),
        match_id=uuid.uuid4().hex,
        clocks=clocks,
        policy=policy,
        opening=point.opening,
        forked_from=point.origin(log),
        seat_clocks=seat_clocks,
    )


def seating(header: MatchHeader, sources: list[str]) -> list[str]:
    """Return one line per seat: the bot that takes it (the ``--bot`` options in seat order)
    and who played it in the parent log."""
    return [
        f"  seat {seat}: {source}  (in the log: {played.name}, {played.source})"
        for seat, (source, played) in enumerate(zip(sources, header.seats, strict=True))
    ] + ["  (the --bot options take the seats in order: the first plays seat 0)"]


def fork(
    parent: Annotated[Path, typer.Argument(metavar="LOG", help="The match log to fork.")],
    at: Annotated[int, typer.Option(min=0, help="Play on from this decision (0: from the start).")],
    bots: BotsOption,
    log: Annotated[
        Path | None,
        typer.Option(help="Write the forked match's log here (default: LOG's name-atN.jsonl)."),
    ] = None,
    watch: WatchOption = False,
    delay: DelayOption = None,
    decision_ms: Annotated[
        int | None, typer.Option(min=1, help="Limit per decision (ms); default: the log's.")
    ] = None,
    bank_ms: Annotated[
        int | None, typer.Option(min=1, help="Time bank per seat (ms), from N; default: the log's.")
    ] = None,
    time_margin_ms: TimeMarginOption = None,
    policy: Annotated[
        str | None,
        typer.Option(help="Fault policy: forfeit or default-action; default: the log's."),
    ] = None,
    max_strikes: Annotated[
        int | None, typer.Option(min=0, help="Strikes before a forfeit; default: the log's.")
    ] = None,
    startup_ms: StartupOption = STARTUP_MS,
    sandbox: SandboxOption = AUTO,
    bot_logs: BotLogsOption = None,
    ca: CaOption = None,
    token_env: TokenEnvOption = None,
    client_cert: ClientCertOption = None,
    client_key: ClientKeyOption = None,
) -> None:
    """Play a logged match on from decision N with the given bots (one per seat)."""
    grpcs = grpcs_security(bots, ca, token_env, client_cert, client_key)
    input_file(parent, "a match log", "LOG")
    target = log or default_fork_log(parent, at)
    viewing = viewing_of(target, watch, delay)
    point = _point(parent, at)
    overrides = _Overrides(decision_ms, bank_ms, time_margin_ms, startup_ms, policy, max_strikes)
    setup = _setup(point, target, overrides)
    seats = seats_of(bots, setup.game_name, grpcs, sandbox, bot_logs)
    check_seat_count(setup, seats)
    if len(seats.specs) != point.header.players:
        raise typer.BadParameter(
            f"the match has {point.header.players} seats: give one --bot for each",
            param_hint="--bot",
        )
    typer.echo(f"forking {parent} at decision {at} into {target}")
    for line in seating(point.header, [spec.source for spec in seats.specs]):
        typer.echo(line)
    play_one(setup, seats, viewing)
    typer.echo(f"check it: ruckus replay verify {target}")
