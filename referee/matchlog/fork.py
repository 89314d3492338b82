"""Forked match logs: a match played on from decision N of another log, by other bots.

A forked log is a log like any other whose header also carries ``fork``::

    "fork": {"parent": "../g0.jsonl", "at": 40,
             "parent_header": "<hash of the parent's header line>",
             "parent_line": "<hash of the line of decision 39 (the header's when at is 0)>"}

``parent`` is the parent log's path relative to the forked log's folder. The forked log's own
decision lines start at decision ``at``; the first ``at`` decisions are the parent's (and, when
the parent is itself a fork, its own parent's), so the fork keeps the parent's game, rules,
scenario, config, seed and seat count. Every line of a log is hash-chained to the one before,
so the hash of the parent's line of decision ``at - 1`` pins the header and every inherited
action: a parent edited, cut short or swapped for another log no longer matches.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from referee.match.header import REPLAYED_FIELDS, ForkOrigin, MatchHeader
from referee.matchlog.reader import JsonDict, MatchLog, read_log

MAX_DEPTH = 64
"""How many forks deep a log may be (a fork of a fork of ...)."""


class ForkError(Exception):
    """A fork point that does not hold: a parent missing, edited, too short or of another
    match."""


@dataclass(frozen=True)
class ForkPoint:
    """Where a new match forks from: the parent log, its header and the inherited lines."""

    parent: Path
    header: MatchHeader
    header_hash: str
    """The hash of the parent's header line."""
    lines: tuple[JsonDict, ...]
    """The decision lines of decisions 0..at-1, from the parent and its ancestors."""
    anchor: str
    """The hash of the last inherited line (the parent's header line when nothing is)."""

    @property
    def at(self) -> int:
        """The decision the fork plays on from."""
        return len(self.lines)

    @property
    def opening(self) -> tuple[int | dict[int, int], ...]:
        """The inherited steps, for the match loop to replay: an action index, or an index
        per seat for a joint step."""
        return tuple(
            {int(move["seat"]): int(move["index"]) for move in line["moves"]}
            if "moves" in line
            else int(line["index"])
            for line in self.lines
        )

    def origin(self, log_path: Path) -> ForkOrigin:
        """Return where a forked log written to ``log_path`` comes from (its header's fork)."""
        parent = os.path.relpath(self.parent.absolute(), log_path.absolute().parent)
        return ForkOrigin(Path(parent).as_posix(), self.at, self.header_hash, self.anchor)


def _read_parent(path: Path) -> MatchLog:
    """Return the parent log at ``path`` (its hash chain checked), or raise ForkError."""
    try:
        log = read_log(path)
    except (OSError, UnicodeDecodeError, EOFError) as error:
        raise ForkError(f"cannot read the parent log {path}: {error}") from None
    if log.header is None:
        raise ForkError(f"the parent log {path} has no header line")
    return log


def all_lines(path: Path, log: MatchLog, depth: int = 0) -> list[JsonDict]:
    """Return every decision line of ``log`` (read from ``path``): inherited ones first."""
    assert log.header is not None
    return [*inherited_lines(path, log.header, depth), *log.decisions]


def fork_point(parent: Path, at: int) -> ForkPoint:
    """Return the fork point after decision ``at`` of the log at ``parent``.

    Raise ForkError when the parent (or one of its own parents) does not hold or has fewer
    than ``at`` decisions.
    """
    log = _read_parent(parent)
    assert log.header is not None
    lines = all_lines(parent, log)
    if not 0 <= at <= len(lines):
        raise ForkError(f"{parent} has {len(lines)} decisions; --at must be in 0..{len(lines)}")
    anchor = lines[at - 1]["hash"] if at else log.header_hash
    return ForkPoint(parent, log.header, log.header_hash, tuple(lines[:at]), anchor)


def _check_parent(fork: ForkOrigin, header: MatchHeader, parent: MatchLog) -> None:
    """Raise ForkError unless ``parent`` is the log the fork was made from."""
    assert parent.header is not None
    if parent.header_hash != fork.parent_header:
        raise ForkError("the parent log's header is not the one the fork was made from")
    difference = header.first_difference(parent.header, REPLAYED_FIELDS)
    if difference is not None:
        raise ForkError(f"the fork's {difference[0]} is not its parent's")


def inherited_lines(path: Path, header: MatchHeader, depth: int = 0) -> tuple[JsonDict, ...]:
    """Return the decision lines the log at ``path`` (with ``header``) inherits: none for a
    log that is no fork, else its parent's first ``at`` decisions.

    Raise ForkError when the parent cannot be read, is not the log the fork was made from, or
    no longer holds those decisions as they were.
    """
    fork = header.fork
    if fork is None:
        return ()
    if depth >= MAX_DEPTH:
        raise ForkError(f"more than {MAX_DEPTH} forks deep")
    parent_path = path.parent / fork.parent
    at = fork.at
    parent = _read_parent(parent_path)
    _check_parent(fork, header, parent)
    lines = all_lines(parent_path, parent, depth + 1)
    anchor = lines[at - 1]["hash"] if 0 < at <= len(lines) else parent.header_hash
    if not 0 <= at <= len(lines):
        raise ForkError(f"the parent log {parent_path} holds {len(lines)} decisions, not {at}")
    if anchor != fork.parent_line:
        raise ForkError(f"the parent log's decisions up to {at} are not the ones forked from")
    return tuple(lines[:at])
