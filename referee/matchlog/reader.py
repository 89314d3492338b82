"""Reads a match log, complete or cut short (a run killed mid-match leaves a readable prefix).

Given the key it was written with, every line's MAC is checked as well as the hash chain.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.match.header import HeaderError, MatchHeader
from referee.matchlog.chain import GENESIS, check_mac, check_seal

JsonDict = dict[str, Any]


@dataclass
class MatchLog:
    """The lines of one log, split by type, with any problems found while reading."""

    header: MatchHeader | None = None
    header_hash: str = ""
    """The hash of the header line (what a fork of this log pins)."""
    decisions: list[JsonDict] = field(default_factory=list)
    result: JsonDict | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Whether the log has a header and a result line."""
        return self.header is not None and self.result is not None


def moves_of(line: JsonDict) -> list[JsonDict]:
    """Return each seat's move on a decision line: its ``moves`` for a joint step, else the
    line itself (both have ``seat``, ``index``, ``label``, ``time_ms`` and ``fault``)."""
    moves: list[JsonDict] = line.get("moves", [line])
    return moves


def log_text(path: Path) -> str:
    """Return the text of the log at ``path`` (a ``.gz`` file is decompressed)."""
    if path.suffix == ".gz":
        return gzip.decompress(path.read_bytes()).decode("utf-8")
    return path.read_text(encoding="utf-8")


def _line_problem(line: object, prev: str, key: bytes | None, sealed: bool) -> str | None:
    """Return what is wrong with one parsed line's seal, or None.

    With ``key`` the line's MAC must check; without it a sealed log's lines must still carry
    one (a MAC cannot be stripped from a log that says it has them).
    """
    if not isinstance(line, dict):
        return "not an object"
    problem = check_seal(line, prev)
    if problem is None and key is not None:
        return check_mac(line, key)
    if problem is None and sealed and "mac" not in line:
        return "line has no MAC but the log is sealed"
    return problem


def parse_log(text: str, key: bytes | None = None) -> MatchLog:
    """Parse log text, checking the hash chain, the MACs (given ``key``) and the line order."""
    log = MatchLog()
    prev = GENESIS
    sealed = False
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        try:
            line = json.loads(raw)
        except json.JSONDecodeError:
            cut = number == len(lines) and not text.endswith("\n")
            log.problems.append(f"line {number}: {'cut short' if cut else 'not JSON'}")
            break
        if number == 1 and isinstance(line, dict):
            sealed = line.get("sealed") is True
        problem = _line_problem(line, prev, key, sealed)
        if problem is not None:
            log.problems.append(f"line {number}: {problem}")
            break
        prev = line["hash"]
        kind = line.get("type")
        if number == 1 and kind == "header":
            try:
                log.header = MatchHeader.from_json(line)
            except HeaderError as error:
                log.problems.append(f"line {number}: {error}")
                break
            log.header_hash = line["hash"]
        elif kind == "decision" and log.header is not None and log.result is None:
            log.decisions.append(line)
        elif kind == "result" and log.header is not None and log.result is None:
            log.result = line
        else:
            log.problems.append(f"line {number}: unexpected {kind!r} line")
            break
    return log


def read_log(path: Path, key: bytes | None = None) -> MatchLog:
    """Read and parse the log at ``path`` (``.gz`` files are decompressed), given ``key``."""
    return parse_log(log_text(path), key)


def result_line(path: Path) -> JsonDict | None:
    """Return the result line of the log at ``path`` (its last line) without checking the
    chain, for showing a recorded match's details (:func:`read_log` checks); None when the
    last line is no result."""
    last = log_text(path).rstrip("\n").rpartition("\n")[2]
    try:
        line = json.loads(last)
    except json.JSONDecodeError:
        return None
    return line if isinstance(line, dict) and line.get("type") == "result" else None
