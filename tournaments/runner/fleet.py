"""The bot fleet: every bot of a tournament, spawned once and shared by all its matches.

Each ``sample`` or ``command`` bot runs as one local process in the run's sandbox (via
:class:`referee.transport.process.BotProcess`: a Unix socket or a free loopback port, its
limits, stdin closed, output captured to a capped file under ``RUN/bots``); an ``address``
bot is already running elsewhere, reached over TLS (``grpcs://``) and with a token as its
entry says. A spawned bot that dies is restarted on a new port; one that has crashed more
than ``max_restarts`` times is quarantined and forfeits its remaining matches. Once started,
:meth:`BotFleet.preflight` asks every bot, local or remote, who it is
(:mod:`tournaments.runner.preflight`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from referee.sandbox import Sandbox
from referee.transport.process import BotFileMissing, BotProcess
from referee.transport.security import ClientSecurity, SecurityError
from referee.transport.watch import with_output
from sample_bots.registry import sample_command
from tournaments.definition import BotEntry, TournamentDefinition
from tournaments.runner.preflight import PreflightProblem, PreflightTarget, preflight
from tournaments.runner.worker import SeatEndpoint

MAX_RESTARTS = 3
"""Crashes a bot may have before it is quarantined."""
_PYTHON_NAMES = frozenset({"python", "python3"})


class FleetError(Exception):
    """A bot entry that cannot be resolved to a command or an address."""


def resolve_command(entry: BotEntry, game: str) -> tuple[str, ...] | None:
    """Return the argv that starts ``entry`` (None for an address bot).

    A bare ``python`` or ``python3`` runs the interpreter running the harness, so bots see the
    same installed packages.
    """
    if entry.sample is not None:
        try:
            return sample_command(entry.sample, game)
        except KeyError as error:
            raise FleetError(f"bot {entry.name!r}: {error.args[0]}") from None
    if entry.command is not None:
        head, *rest = entry.command
        return (sys.executable, *rest) if head in _PYTHON_NAMES else entry.command
    return None


def resolve_address(entry: BotEntry) -> str:
    """Return ``host:port`` of an address bot (``grpc://`` or ``grpcs://``)."""
    assert entry.address is not None
    return entry.address.partition("://")[2]


def _absolute(path: str | None) -> str | None:
    """Return ``path`` made absolute from the current folder (workers may start elsewhere)."""
    return None if path is None else str(Path(path).absolute())


def resolve_security(entry: BotEntry) -> ClientSecurity | None:
    """Return how to reach an address bot (None: plaintext without a token).

    Relative paths are taken from the current folder. Raise FleetError when a file cannot be
    read or the token's environment variable is not set.
    """
    assert entry.address is not None
    tls = entry.address.startswith("grpcs://")
    if not tls and entry.token_env is None:
        return None
    security = ClientSecurity(
        tls=tls,
        ca=_absolute(entry.ca),
        token_env=entry.token_env,
        client_cert=_absolute(entry.client_cert),
        client_key=_absolute(entry.client_key),
    )
    try:
        security.check(resolve_address(entry))
    except SecurityError as error:
        raise FleetError(f"bot {entry.name!r}: {error}") from None
    return security


def describe_source(entry: BotEntry) -> str:
    """Return how ``entry`` is found, as written in logs: ``NAME (sample:...)`` and so on."""
    if entry.sample is not None:
        origin = f"sample:{entry.sample}"
    elif entry.command is not None:
        origin = "cmd:" + " ".join(entry.command)
    else:
        origin = str(entry.address)
    return f"{entry.name} ({origin})"


@dataclass
class FleetBot:
    """One bot of the fleet and its history of crashes."""

    entry: BotEntry
    argv: tuple[str, ...] | None
    source: str
    address: str = ""
    security: ClientSecurity | None = None
    process: BotProcess | None = None
    crashes: int = 0
    quarantined: bool = False
    last_failure: str = ""
    last_fault: str = "CRASHED"
    """The fault class of the last failure: STARTUP_FAILED, CRASHED or RESOURCE_LIMIT."""
    starts: int = 0


def _tries(bot: FleetBot) -> str:
    """Return `` (N tries)`` for a bot that was started N times before it was given up on."""
    return f" ({bot.crashes} tries)" if bot.crashes else ""


def _exit_problem(process: BotProcess, code: int) -> str:
    """Say why a bot process ended: the limit the sandbox stopped it for, or its exit."""
    limit = process.limit_exceeded()
    if limit is not None:
        return f"stopped by the sandbox: over {limit}"
    return f"exited with code {code}"


class BotFleet:
    """Starts, watches, restarts and finally stops the bots of one tournament."""

    def __init__(
        self,
        definition: TournamentDefinition,
        output_dir: Path,
        notify: Callable[[str], None],
        sandbox: Sandbox,
        max_restarts: int = MAX_RESTARTS,
    ) -> None:
        self.output_dir = output_dir
        self.sandbox = sandbox
        self.game = definition.game
        self.startup_seconds = definition.clocks.startup_ms / 1000.0
        self.max_restarts = max_restarts
        self._notify = notify
        self.bots: dict[str, FleetBot] = {}
        for entry in definition.bots:
            argv = resolve_command(entry, definition.game)
            bot = FleetBot(entry, argv, describe_source(entry))
            if argv is None:
                bot.address = resolve_address(entry)
                bot.security = resolve_security(entry)
            self.bots[entry.name] = bot

    def start(self) -> None:
        """Spawn every local bot and wait until each listens (or is quarantined).

        Remote bots are not waited for here: :meth:`preflight` asks them.
        """
        for bot in self.bots.values():
            if bot.argv is not None:
                self._spawn(bot)
        for bot in self.bots.values():
            self._await(bot)

    def preflight(self) -> list[PreflightProblem]:
        """Restart the bots that died since the start, then ask every bot once whether it is
        ready to play the tournament's game; return the problems of those that are not."""
        self.check()
        targets = [
            PreflightTarget(name, None, failure=f"did not start{_tries(bot)}: {bot.last_failure}")
            if bot.quarantined
            else PreflightTarget(name, bot.address, bot.security)
            for name, bot in self.bots.items()
        ]
        return preflight(targets, self.game, self.startup_seconds)

    def _spawn(self, bot: FleetBot) -> None:
        assert bot.argv is not None
        bot.starts += 1
        log = self.output_dir / f"{bot.entry.name}.{bot.starts}.log"
        folder = Path(bot.entry.dir) if bot.entry.dir is not None else None
        try:
            bot.process = BotProcess(bot.argv, log, self.sandbox, bot_dir=folder)
        except BotFileMissing as missing:
            self._give_up(bot, str(missing))
            return
        bot.address = bot.process.address

    def _give_up(self, bot: FleetBot, problem: str) -> None:
        """Quarantine a bot that no restart could start (its program file does not exist)."""
        bot.quarantined = True
        bot.process = None
        bot.last_failure = problem
        bot.last_fault = "STARTUP_FAILED"
        self._notify(f"bot {bot.entry.name} cannot start, not retried: {problem}")

    def _await(self, bot: FleetBot) -> None:
        """Wait for a freshly spawned bot; treat a failure to listen as a crash."""
        while bot.process is not None and not bot.quarantined:
            problem = bot.process.wait_listening(self.startup_seconds)
            if problem is None:
                return
            limit = bot.process.limit_exceeded() is not None
            self._crashed(bot, problem, "RESOURCE_LIMIT" if limit else "STARTUP_FAILED")

    def _crashed(self, bot: FleetBot, problem: str, fault: str) -> None:
        """Count a crash (of class ``fault``); restart the bot, or quarantine it after too
        many."""
        assert bot.process is not None
        bot.process.stop()
        bot.crashes += 1
        bot.last_failure = with_output(problem, bot.process)
        bot.last_fault = fault
        problem = f"{problem}; its output: {bot.process.output_path}"
        if bot.crashes > self.max_restarts:
            bot.quarantined = True
            bot.process = None
            self._notify(f"bot {bot.entry.name} quarantined after {bot.crashes} crashes: {problem}")
            return
        self._notify(f"bot {bot.entry.name} crashed ({problem}); restarting")
        self._spawn(bot)

    def check(self) -> None:
        """Restart every spawned bot that has exited since the last check."""
        for bot in self.bots.values():
            if bot.process is not None and not bot.quarantined:
                code = bot.process.exit_code()
                if code is not None:
                    limit = bot.process.limit_exceeded() is not None
                    fault = "RESOURCE_LIMIT" if limit else "CRASHED"
                    self._crashed(bot, _exit_problem(bot.process, code), fault)
                    self._await(bot)

    def endpoint(self, name: str) -> SeatEndpoint:
        """Return where bot ``name`` answers for its next match (none once quarantined).

        Each call counts one match toward the bot's CPU budget (``cpu_s`` per match).
        """
        bot = self.bots[name]
        if bot.quarantined:
            reason = (
                f"quarantined after {bot.crashes} crashes; last: {bot.last_failure}"
                if bot.crashes
                else f"did not start: {bot.last_failure}"
            )
            return SeatEndpoint(bot.source, None, reason, quarantine_fault=bot.last_fault)
        if bot.process is None:
            return SeatEndpoint(bot.source, bot.address, security=bot.security)
        process = bot.process
        process.jail.matches += 1
        return SeatEndpoint(
            bot.source,
            bot.address,
            status_path=str(process.jail.status_path),
            pid=process.pid,
            output_path=str(process.output_path),
        )

    def quarantined(self) -> list[str]:
        """Return the names of the quarantined bots."""
        return [name for name, bot in self.bots.items() if bot.quarantined]

    def stop(self) -> None:
        """Stop every bot process this fleet started (idempotent)."""
        for bot in self.bots.values():
            if bot.process is not None:
                bot.process.stop()
                bot.process = None

    def __enter__(self) -> BotFleet:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
