"""Helpers for the runner tests: definitions of small tournaments and a recording observer."""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tournaments.definition import parse_definition
from tournaments.runner import RunContext, RunFolder
from tournaments.schedule import Match, next_matches
from tournaments.store import DecisionTimes, MatchResult, ResultStore

HERE = Path(__file__).resolve().parent
CRASHY_BOT = HERE / "crashy_bot.py"


def tournament_toml(
    bots: list[str],
    *,
    game: str = "pilfer",
    fmt: str = "round-robin",
    games: int = 1,
    extra: str = "",
) -> str:
    """Return a definition; each bot is ``name=sample`` or ``name=cmd:ARGV``."""
    entries = []
    for bot in bots:
        name, _, source = bot.partition("=")
        if source.startswith("cmd:"):
            entries.append(f"{{ name = {name!r}, command = {source.removeprefix('cmd:')!r} }}")
        else:
            entries.append(f"{{ name = {name!r}, sample = {source!r} }}")
    return (
        f'name = "test"\ngame = "{game}"\nplayers = 2\nformat = "{fmt}"\n'
        f"games_per_pairing = {games}\nseed = 5\nbots = [{', '.join(entries)}]\n{extra}\n"
    )


def crashy_command(after: int) -> str:
    """Return the ``cmd:`` source of a bot that dies after ``after`` decisions."""
    return f"cmd:{sys.executable} {CRASHY_BOT} {after}"


@dataclass
class Recorder:
    """A RunObserver that keeps what it is told."""

    contexts: list[RunContext] = field(default_factory=list)
    results: list[MatchResult] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    running: list[tuple[str, ...]] = field(default_factory=list)

    def run_started(self, context: RunContext) -> None:
        self.contexts.append(context)

    def match_recorded(self, result: MatchResult) -> None:
        self.results.append(result)

    def notice(self, text: str) -> None:
        self.notices.append(text)

    def matches_running(self, matches: Sequence[Match]) -> None:
        self.running.append(tuple(match.key for match in matches))


def live_children(pid: int) -> list[int]:
    """Return the pids of the running (not zombie) children of ``pid``.

    The resource tracker that ``multiprocessing`` keeps for the life of the process is left out.
    """
    children = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        command = Path(f"/proc/{entry}/cmdline").read_bytes()
        if int(fields[1]) == pid and fields[0] != "Z" and b"resource_tracker" not in command:
            children.append(int(entry))
    return children


def processes_with_marker(marker: str) -> list[int]:
    """Return the pids of live processes marked with ``marker``: in their environment
    (``RUCKUS_TEST_MARKER=marker``, which the runner and its workers inherit) or on their
    command line (``--marker=marker``: a sandboxed bot gets none of the harness's environment).
    """
    needles = (f"RUCKUS_TEST_MARKER={marker}".encode(), f"--marker={marker}".encode())
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            environ = Path(f"/proc/{entry}/environ").read_bytes().split(b"\0")
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
            state = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        marked = needles[0] in environ or needles[1] in cmdline
        if marked and state[state.rindex(")") + 2] != "Z":
            found.append(int(entry))
    return found


def marked_bots(names: list[str], marker: str) -> list[str]:
    """Return ``name=cmd:...`` random bots whose command lines carry ``--marker=marker``."""
    return [f"{name}=cmd:python -m sample_bots.pilfer_random --marker={marker}" for name in names]


def _ranks(number: int) -> tuple[int, int]:
    """A fixed pattern of results: seat 0 wins, seat 1 wins, or a draw."""
    return ((1, 2), (2, 1), (1, 1), (1, 2))[number % 4]


def _faults(number: int) -> tuple[dict[str, int], dict[str, int]]:
    if number % 5 == 1:
        return {"TIMEOUT": 2}, {}
    if number % 7 == 3:
        return {}, {"CRASHED": 1}
    return {}, {}


def store_schedule(
    run_dir: Path, text: str, ranks: Callable[[int], tuple[int, ...]] = _ranks
) -> None:
    """Record results for the whole schedule, as a serial run would, in schedule order; the
    ``number``-th match gets ``ranks(number)``."""
    definition = parse_definition(text)
    store = ResultStore.create(run_dir, text)
    folder = RunFolder(run_dir)
    number = 0
    while matches := next_matches(definition, store.finished_ranks()):
        for match in matches[:1]:  # the schedule may change with each result (knockout, SPRT)
            log = folder.log_path(match.key)
            log.parent.mkdir(parents=True, exist_ok=True)
            log.write_text("{}\n")
            outcome = ranks(number)
            faults = _faults(number)
            store.record_result(
                MatchResult(
                    key=match.key,
                    round=match.round,
                    status="forfeit" if any(faults) else "completed",
                    seats=match.seats,
                    seed=match.seed,
                    log_path=folder.log_name(match.key),
                    ranks=outcome,
                    scores=(outcome[1] * 3, outcome[0] * 3),
                    reason="round_cap",
                    faults=faults,
                    decision_times=(
                        DecisionTimes.of((1.0 + number % 3, 2.5)),
                        DecisionTimes.of((0.5 * (number % 4), 4.0)),
                    ),
                    started_at="2026-01-01T00:00:00.000Z",
                    finished_at="2026-01-01T00:00:01.000Z",
                )
            )
            number += 1
    store.close()


def recorded_count(database: Path) -> int:
    """Return how many results the store at ``database`` holds now (0 before it exists)."""
    if not database.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=1.0) as connection:
            return int(connection.execute("SELECT COUNT(*) FROM matches").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    """Poll ``condition`` for up to ``seconds``; return its last value."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()
