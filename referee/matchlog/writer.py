"""Writes a match log as it goes: one flushed line per event, so a killed run stays readable.

Given a key, the log is sealed: the header says so and every line carries a MAC under the key
(the key itself is never written).
"""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from referee.match.header import MatchHeader
from referee.match.player import DecisionRecord, JsonDict
from referee.match.result import MatchResult
from referee.matchlog.chain import GENESIS, canonical, seal


class LogWriter:
    """A MatchObserver that appends hash-chained JSON lines to ``path``, sealed with ``key``."""

    def __init__(self, path: Path, key: bytes | None = None) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        # Owner only: the header holds the seed, and a bot may run on this machine.
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(descriptor, 0o600)
        self._file: IO[str] = os.fdopen(descriptor, "w", encoding="utf-8")
        self._prev = GENESIS
        self._key = key

    def _write(self, body: JsonDict) -> None:
        line = seal(body, self._prev, self._key)
        self._prev = line["hash"]
        self._file.write(canonical(line) + "\n")
        self._file.flush()

    def match_started(self, header: MatchHeader) -> None:
        """Write the header line (saying whether the log is sealed, when it is)."""
        sealed = {} if self._key is None else {"sealed": True}
        self._write({"type": "header", **header.to_json(), **sealed})

    def decision_taken(self, record: DecisionRecord, state: Any) -> None:
        """Write one decision line (a joint step's holds every seat's move in ``moves``)."""
        if record.moves:
            self._write(
                {
                    "type": "decision",
                    "n": record.decision,
                    "moves": [
                        {
                            "seat": move.seat,
                            "index": move.index,
                            "label": move.label,
                            "time_ms": round(move.seconds * 1000, 3),
                            "fault": None if move.fault is None else move.fault.to_json(),
                        }
                        for move in record.moves
                    ],
                    "digest": record.digest,
                }
            )
            return
        self._write(
            {
                "type": "decision",
                "n": record.decision,
                "seat": record.seat,
                "index": record.index,
                "label": record.label,
                "time_ms": round(record.seconds * 1000, 3),
                "digest": record.digest,
                "fault": None if record.fault is None else record.fault.to_json(),
            }
        )

    def match_ended(self, result: MatchResult) -> None:
        """Write the result line and close the file."""
        self._write({"type": "result", **result.to_json()})
        self.close()

    def close(self) -> None:
        """Close the file (idempotent)."""
        if not self._file.closed:
            self._file.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
