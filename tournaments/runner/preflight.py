"""Preflight: before a tournament hands out its first match, every bot is asked who it is.

Once the backend has started its bots, each bot of the definition is looked at once, all at
the same time: a local bot the fleet quarantined at start failed already (its last output is
quoted and its log named); every other bot, local or at an address, must answer ``Describe``
within the definition's ``startup_ms`` (a bot that does not answer yet is asked again until
then; nothing listening, a refused TLS handshake or a refused token is final at once), and the
games its ``BotInfo`` lists must include the tournament's game (a bot that lists none plays any
game), the check every match makes.

A run with problems stops before any match (:class:`PreflightError`) unless it was told to keep
going: then the failing bots' matches are forfeits, as they would have been anyway.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from ruckus.v1 import bot_pb2

from referee.transport.probe import describe, refused_at_the_door
from referee.transport.security import ClientSecurity

OUTPUT_LINES = 4
"""How many of a quarantined bot's last output lines its preflight line quotes."""
AGAIN_SECONDS = 0.1
"""How long preflight waits before asking a bot that did not answer yet again."""
MAX_AT_ONCE = 32
"""How many bots are asked at the same time."""


@dataclass(frozen=True)
class PreflightTarget:
    """One bot as its backend has it once the bots are started."""

    name: str
    address: str | None
    """Where it answers; None when the fleet gave up starting it."""
    security: ClientSecurity | None = None
    failure: str = ""
    """Why the fleet gave up starting it, with its last output (see ``with_output``)."""


@dataclass(frozen=True)
class PreflightProblem:
    """A bot that is not ready to play, and why."""

    bot: str
    reason: str

    def line(self) -> str:
        """Return the problem as the console shows it: ``bot NAME: REASON``."""
        return f"bot {self.bot}: {self.reason}"


class PreflightError(Exception):
    """Bots failed preflight and the run was not told to keep going; no match was played."""

    def __init__(self, problems: Sequence[PreflightProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(problem.line() for problem in self.problems))


def preflight(
    targets: Sequence[PreflightTarget], game: str, seconds: float
) -> list[PreflightProblem]:
    """Look at every bot of ``targets`` at once; return the problems of those not ready to
    play ``game`` within ``seconds`` (the definition's ``startup_ms``), in ``targets`` order."""
    if not targets:
        return []
    with ThreadPoolExecutor(min(len(targets), MAX_AT_ONCE), "preflight") as pool:
        reasons = list(pool.map(lambda target: _problem(target, game, seconds), targets))
    return [
        PreflightProblem(target.name, reason)
        for target, reason in zip(targets, reasons, strict=True)
        if reason is not None
    ]


def _problem(target: PreflightTarget, game: str, seconds: float) -> str | None:
    """Return why ``target`` is not ready to play ``game``, or None."""
    if target.address is None:
        return failure_line(target.failure)
    answer = describe_within(target.address, target.security, seconds)
    if isinstance(answer, str):
        return answer
    if answer.games and game not in answer.games:
        plays = ", ".join(answer.games)
        return f"its Describe says it plays {plays}, not {game} (BotInfo.games)"
    return None


def failure_line(failure: str) -> str:
    """Return the fleet's account of a bot it gave up on as one line: the problem, then the
    last :data:`OUTPUT_LINES` lines the bot printed (each after ``|``)."""
    head, *output = failure.splitlines()
    quoted = [line.strip() for line in output[-OUTPUT_LINES:]]
    return " ".join([head, *quoted])


def describe_within(
    address: str, security: ClientSecurity | None, seconds: float
) -> bot_pb2.BotInfo | str:
    """Return the ``BotInfo`` of the bot at ``address``, asking until it answers, refuses for
    good or ``seconds`` have passed; else say why it did not answer."""
    deadline = time.monotonic() + seconds
    while True:
        answer = describe(address, security, max(deadline - time.monotonic(), AGAIN_SECONDS))
        if not isinstance(answer, str):
            return answer
        if refused_at_the_door(answer):
            return f"does not answer Describe at {address}: {answer}"
        if time.monotonic() + AGAIN_SECONDS >= deadline:
            return f"no answer to Describe at {address} within {seconds:g} s: {answer}"
        time.sleep(AGAIN_SECONDS)


def settle(
    problems: Sequence[PreflightProblem],
    bots: int,
    keep_going: bool,
    notify: Callable[[str], None],
) -> None:
    """Act on the preflight of a run of ``bots`` bots: raise :class:`PreflightError` when a bot
    failed, unless ``keep_going``; then name each failing bot (its matches will be forfeits),
    or say in one line that every bot is ready."""
    if problems and not keep_going:
        raise PreflightError(problems)
    for problem in problems:
        notify(f"preflight: {problem.line()}; its matches will be forfeits")
    if not problems:
        notify(f"preflight: {bots} bots ready")
