"""Helpers for the sample-bot tests: bot processes on loopback and seeded in-process games."""

from __future__ import annotations

import functools
import random
import sys
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

import grpc
from ruckus.check import run_checks
from ruckus.limits import CHANNEL_OPTIONS

from referee.games import game_names, get_game
from referee.match import Clocks, MatchResult, MatchSetup, run_match
from referee.sandbox import Sandbox
from referee.transport.bots import BotSpec, open_players, parse_bot
from referee.transport.process import BotProcess
from referee.transport.scripts import script
from sample_bots.registry import sample_command

Policy = Callable[[dict, list[dict], int], int]
"""An in-process player: (observation, action dicts, seat) -> index."""


def start_bot(
    argv: Sequence[str], workdir: Path, cwd: Path | None = None, sandbox: Sandbox | None = None
) -> BotProcess:
    """Start a bot process (default: in the strongest sandbox) and wait until it listens."""
    log = workdir / f"bot-{uuid.uuid4().hex[:6]}.log"
    bot = BotProcess(list(argv), log, sandbox, cwd=cwd)
    with grpc.insecure_channel(bot.address, options=list(CHANNEL_OPTIONS)) as channel:
        grpc.channel_ready_future(channel).result(timeout=20)
    return bot


def check_bot(argv: Sequence[str], workdir: Path) -> list[str]:
    """Run the compliance kit against a bot process; return every problem found."""
    bot = start_bot(argv, workdir)
    try:
        scripts = {name: functools.partial(script, name) for name in game_names()}
        results = run_checks(bot.address, scripts=scripts)
    finally:
        bot.stop()
    assert len(results) >= 3
    return [f"{r.name}: {p}" for r in results for p in r.problems]


def play_match(game: str, bots: Sequence[str], workdir: Path, seed: int = 1) -> MatchResult:
    """Play one match between bot processes over gRPC (bots as ``ruckus play`` takes them)."""
    setup = MatchSetup.for_game(game, seed, clocks=Clocks(decision_ms=2_000, bank_ms=120_000))
    specs: list[BotSpec] = [parse_bot(bot, game, sample_command) for bot in bots]
    with open_players(specs, game, workdir / "bots") as players:
        return run_match(setup, players)


def play_in_process(game: str, policies: Sequence[Policy], seed: int) -> tuple[int, ...]:
    """Play one seeded game between in-process policies; return the seats' ranks."""
    engine = get_game(game)
    state = engine.new_state(engine.make_config(), len(policies), seed)
    while (seat := engine.to_move(state)) is not None:
        actions = engine.legal_actions(state)
        data = [engine.action_data(action) for action in actions]
        index = policies[seat](engine.observe(state, seat), data, seat)
        state = engine.apply(state, actions[index])
    outcome = engine.outcome(state)
    assert outcome is not None
    return outcome.ranks


def random_policy(seed: int) -> Policy:
    """Return a seeded uniformly random policy."""
    chooser = random.Random(seed)
    return lambda observation, actions, seat: chooser.randrange(len(actions))


PYTHON = sys.executable
