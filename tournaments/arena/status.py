"""``arena status``: the arena's bots and versions, games, ratings with intervals, and what is
playing, as lines of text read from its store alone."""

from __future__ import annotations

import os

from tournaments.arena.matchmaking import CANDIDATE_INTERVAL, INTERVAL_SIGMAS
from tournaments.arena.standing import stage, standings
from tournaments.arena.store import REJECTED, ArenaStore
from tournaments.store import MatchResult

OUTPUT_LINES = 6
"""How many of a rejected entry's last output lines are shown."""


def runner_alive(pid: int | None) -> bool:
    """Return whether the process ``pid`` (an ``arena run``) is still there."""
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def status_lines(store: ArenaStore, candidate_interval: float = CANDIDATE_INTERVAL) -> list[str]:
    """Return the arena's status: a heading, one line per entry (best first, with its stage:
    :func:`~tournaments.arena.standing.stage`), what is playing, and why each rejected entry
    was refused."""
    fixed = store.fixed()
    results = store.results.results()
    bots = store.bots()
    pid = store.runner_pid()
    running = f"arena run playing (pid {pid})" if runner_alive(pid) else "not running"
    lines = [
        f"{fixed['game']}, {fixed['players']} players: {len(results)} results in "
        f"{store.last_step()} steps; {running}"
    ]
    table = standings([bot.name for bot in bots], results)
    width = max([len(bot.name) for bot in bots] + [4])
    lines.append(f"{'bot':{width}}  {'stage':9}  {'games':>5}  {'mu':>6}  interval (mu ± 2σ)")
    ranked = sorted(bots, key=lambda bot: (bot.status == REJECTED, -table[bot.name].rating.ordinal))
    for bot in ranked:
        standing = table[bot.name]
        low, high = standing.interval
        shown = stage(bot.status, standing.rating.sigma, candidate_interval)
        lines.append(
            f"{bot.name:{width}}  {shown:9}  {standing.games:5d}  "
            f"{standing.rating.mu:6.2f}  [{low:.2f}, {high:.2f}]"
        )
    lines.extend(_playing(store, {result.key for result in results}))
    for bot in bots:
        if bot.status == REJECTED:
            lines.append(f"rejected {bot.name}: {bot.reason}")
            lines.extend(f"  | {line}" for line in bot.output.splitlines()[-OUTPUT_LINES:])
    return lines


def _playing(store: ArenaStore, recorded: set[str]) -> list[str]:
    """Return the line of the step being played, if one is."""
    step = store.open_step()
    if step is None:
        return ["playing: nothing"]
    matches = step.matches()
    done = sum(match.key in recorded for match in matches)
    group = " vs ".join(step.seatings[0])
    return [f"playing: step {step.number}, {group}: {done} of {len(matches)} games recorded"]


def result_line(result: MatchResult, store: ArenaStore) -> str:
    """Return the line ``arena run`` prints for a recorded result: its match, each seat's bot,
    place and score, and the ratings of its bots now."""
    table = standings([bot.name for bot in store.bots()], store.results.results())
    seats = ", ".join(
        f"{name} {_place(rank)} ({score})"
        for name, rank, score in zip(result.seats, result.ranks, result.scores, strict=True)
    )
    ratings = ", ".join(
        f"{name} {table[name].rating.mu:.2f} ± {INTERVAL_SIGMAS * table[name].rating.sigma:.2f}"
        for name in dict.fromkeys(result.seats)
    )
    return f"{result.key}: {seats}; {result.status}, {result.reason}; now {ratings}"


def _place(rank: int) -> str:
    """Return ``1st``, ``2nd``, ``3rd``, ``4th``, ..."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank if rank < 20 else rank % 10, "th")
    return f"{rank}{suffix}"
