"""Reads a match log, complete or cut short (a run killed mid-match leaves a readable prefix)."""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.matchlog.chain import GENESIS, check_seal

JsonDict = dict[str, Any]


@dataclass
class MatchLog:
    """The lines of one log, split by type, with any problems found while reading."""

    header: JsonDict | None = None
    decisions: list[JsonDict] = field(default_factory=list)
    result: JsonDict | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Whether the log has a header and a result line."""
        return self.header is not None and self.result is not None


def _open_text(path: Path) -> str:
    if path.suffix == ".gz":
        return gzip.decompress(path.read_bytes()).decode("utf-8")
    return path.read_text(encoding="utf-8")


def parse_log(text: str) -> MatchLog:
    """Parse log text, checking the hash chain and the order of line types."""
    log = MatchLog()
    prev = GENESIS
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        try:
            line = json.loads(raw)
        except json.JSONDecodeError:
            cut = number == len(lines) and not text.endswith("\n")
            log.problems.append(f"line {number}: {'cut short' if cut else 'not JSON'}")
            break
        problem = check_seal(line, prev) if isinstance(line, dict) else "not an object"
        if problem is not None:
            log.problems.append(f"line {number}: {problem}")
            break
        prev = line["hash"]
        kind = line.get("type")
        if number == 1 and kind == "header":
            log.header = line
        elif kind == "decision" and log.header is not None and log.result is None:
            log.decisions.append(line)
        elif kind == "result" and log.header is not None and log.result is None:
            log.result = line
        else:
            log.problems.append(f"line {number}: unexpected {kind!r} line")
            break
    return log


def read_log(path: Path) -> MatchLog:
    """Read and parse the log at ``path`` (``.gz`` files are decompressed)."""
    return parse_log(_open_text(path))
