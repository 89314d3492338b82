"""Joining: before a new entry plays, the compliance kit (``ruckus bot check``,
:mod:`ruckus.check`) plays its scripted matches against it.

A local bot is started on its own for the check, in the arena's sandbox, its output kept in
``ARENA/bots/join/<entry>.log``; a bot at an address is checked where it answers. The entry
then still has to pass the runner's preflight with the others (:mod:`tournaments.arena.run`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from ruckus.check import CheckResult, run_checks

from referee.games import game_names
from referee.sandbox import Sandbox
from referee.transport.process import BotProcess
from referee.transport.scripts import script
from tournaments.arena.config import ArenaConfig
from tournaments.arena.store import ArenaBot
from tournaments.runner.fleet import FleetError, resolve_address, resolve_command, resolve_security


@dataclass(frozen=True)
class Refusal:
    """Why an entry may not join, and the end of what it printed."""

    reason: str
    output: str = ""


def kit_problems(results: list[CheckResult]) -> str | None:
    """Return the failed checks of the compliance kit as one line, or None when all passed."""
    failed = [
        f"{result.name}: {'; '.join(result.problems)}" for result in results if not result.passed
    ]
    return "compliance kit: " + " | ".join(failed) if failed else None


def _kit(address: str, game: str, bot: ArenaBot) -> str | None:
    """Run the kit against the bot at ``address`` (reached as ``bot``'s entry says)."""
    security = None if bot.entry.address is None else resolve_security(bot.entry)
    credentials = None if security is None else security.credentials()
    scripts = {name: functools.partial(script, name) for name in game_names()}
    return kit_problems(run_checks(address, [game], credentials, scripts))


def join_refusal(
    bot: ArenaBot, config: ArenaConfig, sandbox: Sandbox, output: Path
) -> Refusal | None:
    """Return why ``bot`` may not join the arena, or None when the compliance kit passes."""
    try:
        argv = resolve_command(bot.entry, config.game)
        if argv is None:
            problem = _kit(resolve_address(bot.entry), config.game, bot)
            return None if problem is None else Refusal(problem)
    except FleetError as error:
        return Refusal(str(error))
    folder = Path(bot.entry.dir) if bot.entry.dir is not None else None
    try:
        process = BotProcess(argv, output, sandbox, bot_dir=folder)
    except OSError as error:
        return Refusal(f"does not start: {error}")
    try:
        problem = process.wait_listening(config.clocks.startup_ms / 1000.0)
        if problem is None:
            problem = _kit(process.address, config.game, bot)
        return None if problem is None else Refusal(problem, process.output_tail())
    finally:
        process.stop()
