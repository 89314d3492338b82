"""The results store: one SQLite database (WAL) per run folder, beside the match logs.

Layout of a run folder::

    RUN/results.sqlite    this store
    RUN/logs/...          match logs; a result names its log by a path relative to RUN

Tables: ``run`` (one row: definition hash and text, creation time) and ``matches`` (one row per
finished match, primary key ``key``). A row is written in one transaction by
:meth:`ResultStore.record_result`, only for a log file that exists, and a second result for the
same key is refused, so an interrupted run resumes by skipping every key already stored.
Synchronous mode is FULL: a committed result survives ``kill -9`` and power loss.

A row keeps each seat's decision times as a compact :class:`DecisionTimes` summary, whatever the
match's length. The schema version is SQLite's ``user_version``: version 2 is this layout; a
store written before it (version 1, ``user_version`` 0, a JSON list of every decision time per
seat) is migrated in place, in one transaction, the first time it is opened.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
import sqlite3
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ddsketch.mapping import LogarithmicMapping
from ddsketch.store import DenseStore

from referee.match.faults import FaultCode
from tournaments.definition import (
    TournamentDefinition,
    as_stored,
    definition_hash,
    parse_definition,
)
from tournaments.definition_changes import changed_fields
from tournaments.schedule.seeds import SEED_BITS

DATABASE = "results.sqlite"
"""File name of the store inside a run folder."""

FAULT_CLASSES = tuple(code.value for code in FaultCode)
"""The fault classes the referee reports."""

STATUSES = ("completed", "forfeit")
"""``completed``: played to the end; ``forfeit``: ended by a fault under the fault policy."""

SCHEMA_VERSION = 2
"""The layout :class:`ResultStore` writes (SQLite ``user_version``); older stores are migrated."""

SKETCH_ACCURACY = 0.01
"""Relative accuracy of the decision-time sketches: a median is within 1% of the exact one."""
_MAPPING = LogarithmicMapping(SKETCH_ACCURACY)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS run (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    definition_hash TEXT NOT NULL,
    definition_text TEXT NOT NULL,
    drawn_seed INTEGER,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE IF NOT EXISTS matches (
    key TEXT PRIMARY KEY,
    seq INTEGER NOT NULL UNIQUE,
    round INTEGER NOT NULL,
    status TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    log_path TEXT NOT NULL,
    ranks TEXT NOT NULL,
    scores TEXT NOT NULL,
    reason TEXT NOT NULL,
    faults TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    decision_times TEXT NOT NULL
);
"""
MATCH_COLUMNS = (
    "key, seq, round, status, seats, seed, log_path, ranks, scores, reason, faults, "
    "decision_times, started_at, finished_at"
)


class StoreError(Exception):
    """A run folder that cannot be created or resumed, or a result that cannot be stored."""


class DefinitionChanged(StoreError):
    """A run resumed with a definition that plays something else; ``changes`` names each
    changed field (see :func:`tournaments.definition_changes.changed_fields`)."""

    def __init__(self, run_dir: Path, changes: list[str]) -> None:
        self.run_dir = run_dir
        self.changes = changes
        listed = "".join(f"\n  {change}" for change in changes)
        super().__init__(f"{run_dir} was started with a different definition; not resuming{listed}")


@dataclass(frozen=True)
class DecisionTimes:
    """One seat's decision times in one match: their count, sum and largest (milliseconds),
    and a DDSketch of them (``bins``: sketch key -> count for times above zero, ``zeros`` for
    the rest) that :class:`TimesSketch` merges across matches for a median."""

    count: int = 0
    total_ms: float = 0.0
    max_ms: float = 0.0
    zeros: int = 0
    bins: tuple[tuple[int, int], ...] = ()

    @classmethod
    def of(cls, times: Iterable[float]) -> DecisionTimes:
        """Summarise ``times`` (milliseconds, in decision order)."""
        values = list(times)
        positive = Counter(_MAPPING.key(value) for value in values if value > _MAPPING.min_possible)
        return cls(
            count=len(values),
            total_ms=sum(values),
            max_ms=max(values, default=0.0),
            zeros=len(values) - positive.total(),
            bins=tuple(sorted(positive.items())),
        )

    def to_json(self) -> dict[str, Any]:
        """Return the summary as stored."""
        return {
            "count": self.count,
            "total_ms": self.total_ms,
            "max_ms": self.max_ms,
            "zeros": self.zeros,
            "bins": [list(item) for item in self.bins],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DecisionTimes:
        """Read a summary written by :meth:`to_json`."""
        bins = tuple((int(key), int(count)) for key, count in data["bins"])
        return cls(data["count"], data["total_ms"], data["max_ms"], data["zeros"], bins)


class TimesSketch:
    """Decision times of many matches merged into one DDSketch (ddsketch's dense store of the
    stored keys, and a count of zeros), for a median within 1%; adding a match costs the same
    however many came before."""

    def __init__(self) -> None:
        self._store = DenseStore()
        self._zeros = 0

    def add(self, times: DecisionTimes) -> None:
        """Merge one seat's times of one match."""
        self._zeros += times.zeros
        for key, count in times.bins:
            self._store.add(key, count)

    def quantile(self, q: float) -> float | None:
        """Return the ``q`` quantile of every time added (None before the first), as
        ``DDSketch.get_quantile_value`` does."""
        count = self._zeros + self._store.count
        if not count:
            return None
        rank = q * (count - 1)
        if rank < self._zeros:
            return 0.0
        return float(_MAPPING.value(self._store.key_at_rank(rank - self._zeros)))


@dataclass(frozen=True)
class MatchResult:
    """One finished match as stored; per-seat tuples follow ``seats``.

    ``faults`` counts faults per seat by class; ``decision_times`` summarises each seat's
    decision times; timestamps are ISO 8601 strings in UTC.
    """

    key: str
    round: int
    status: str
    seats: tuple[str, ...]
    seed: int
    log_path: str
    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    faults: tuple[Mapping[str, int], ...]
    decision_times: tuple[DecisionTimes, ...]
    started_at: str
    finished_at: str


class ResultStore:
    """Single-writer access to one run's results; open it with :meth:`create` or :meth:`resume`."""

    def __init__(self, run_dir: Path, connection: sqlite3.Connection) -> None:
        self.run_dir = run_dir
        self._db = connection

    @classmethod
    def create(cls, run_dir: Path, text: str) -> ResultStore:
        """Start a new run in ``run_dir`` (which must not hold one yet) for the TOML ``text``.

        The text is validated, and kept with its canonical hash so the run documents itself.
        """
        definition = parse_definition(text)
        if (run_dir / DATABASE).exists():
            raise StoreError(f"{run_dir} already holds a run; resume it instead")
        run_dir.mkdir(parents=True, exist_ok=True)
        store = cls(run_dir, _connect(run_dir / DATABASE))
        drawn = secrets.randbits(SEED_BITS) if definition.seed is None else None
        with store._db:
            store._db.execute(
                "INSERT INTO run (id, definition_hash, definition_text, drawn_seed) "
                "VALUES (1, ?, ?, ?)",
                (definition_hash(definition), text, drawn),
            )
        return store

    @classmethod
    def open(cls, run_dir: Path) -> ResultStore:
        """Open an existing run, e.g. to read its standings or its stored definition."""
        if not (run_dir / DATABASE).is_file():
            raise StoreError(f"{run_dir} holds no run ({DATABASE} is missing)")
        return cls(run_dir, _connect(run_dir / DATABASE))

    @classmethod
    def resume(cls, run_dir: Path, text: str) -> ResultStore:
        """Open an existing run; refuse if the TOML ``text`` differs from the run's definition.

        Differences in comments, layout or key order do not count: the canonical hashes of the
        parsed definitions are compared (with the seat rotation the run was scheduled with,
        :func:`~tournaments.definition.as_stored`). A refusal (:class:`DefinitionChanged`) names
        the fields that changed.
        """
        definition = parse_definition(text)
        store = cls.open(run_dir)
        if as_stored(definition, store.definition_hash()) is None:
            started = parse_definition(store.definition_text())
            store.close()
            raise DefinitionChanged(run_dir, changed_fields(started, definition))
        return store

    def definition_hash(self) -> str:
        """Return the canonical hash of the definition the run started with."""
        return str(self._db.execute("SELECT definition_hash FROM run").fetchone()[0])

    def definition_text(self) -> str:
        """Return the TOML source of the definition the run started with."""
        return str(self._db.execute("SELECT definition_text FROM run").fetchone()[0])

    def definition(self) -> TournamentDefinition:
        """Return the definition the run started with, parsed from its stored text, with the
        seat rotation of its hash (:func:`~tournaments.definition.as_stored`) and the seed the
        store drew for it when the text has none."""
        parsed = parse_definition(self.definition_text())
        definition = as_stored(parsed, self.definition_hash()) or parsed
        if definition.seed is not None:
            return definition
        drawn = self._db.execute("SELECT drawn_seed FROM run").fetchone()[0]
        return dataclasses.replace(definition, seed=int(drawn))

    def record_result(self, result: MatchResult) -> None:
        """Store one finished match in one transaction; refuse a duplicate key or a missing log."""
        _validate(result)
        if not (self.run_dir / result.log_path).is_file():
            raise StoreError(f"{result.key}: log {result.log_path} does not exist")
        try:
            with self._db:
                self._db.execute(
                    f"INSERT INTO matches ({MATCH_COLUMNS}) VALUES "
                    "(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM matches), "
                    "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    _row(result),
                )
        except sqlite3.IntegrityError:
            raise StoreError(f"{result.key}: a result is already stored") from None

    def is_done(self, key: str) -> bool:
        """Return whether a result for ``key`` is stored."""
        row = self._db.execute("SELECT 1 FROM matches WHERE key = ?", (key,)).fetchone()
        return row is not None

    def results(self) -> list[MatchResult]:
        """Return every stored result in the order it was recorded."""
        rows = self._db.execute(f"SELECT {MATCH_COLUMNS} FROM matches ORDER BY seq").fetchall()
        return [result_of_row(row) for row in rows]

    def finished_ranks(self) -> dict[str, tuple[int, ...]]:
        """Return match key -> per-seat ranks, the input the schedules take (nothing else is
        read)."""
        rows = self._db.execute("SELECT key, ranks FROM matches ORDER BY seq")
        return {key: tuple(json.loads(ranks)) for key, ranks in rows}

    def count(self) -> int:
        """Return how many results are stored."""
        return int(self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0])

    def close(self) -> None:
        """Close the database connection."""
        self._db.close()


def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.executescript(_SCHEMA)
    columns = {row[1] for row in connection.execute("PRAGMA table_info(matches)")}
    if "decision_ms" in columns:
        _summarise_decision_times(connection)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return connection


def _summarise_decision_times(connection: sqlite3.Connection) -> None:
    """Migrate a version 1 store: replace every row's lists of decision times by summaries."""
    with connection:
        connection.execute("ALTER TABLE matches ADD COLUMN decision_times TEXT NOT NULL DEFAULT ''")
        rows = connection.execute("SELECT key, decision_ms FROM matches").fetchall()
        for key, decision_ms in rows:
            summaries = [DecisionTimes.of(times).to_json() for times in json.loads(decision_ms)]
            connection.execute(
                "UPDATE matches SET decision_times = ? WHERE key = ?", (json.dumps(summaries), key)
            )
        connection.execute("ALTER TABLE matches DROP COLUMN decision_ms")


def _validate(result: MatchResult) -> None:
    seats = len(result.seats)
    lengths = {len(result.ranks), len(result.scores), len(result.faults)}
    if lengths | {len(result.decision_times)} != {seats}:
        raise StoreError(
            f"{result.key}: ranks, scores, faults, decision_times need {seats} entries"
        )
    if result.status not in STATUSES:
        raise StoreError(f"{result.key}: status {result.status!r} is not one of {STATUSES}")
    for faults in result.faults:
        unknown = set(faults) - set(FAULT_CLASSES)
        if unknown:
            raise StoreError(f"{result.key}: unknown fault classes {sorted(unknown)}")


def _row(result: MatchResult) -> tuple[object, ...]:
    return (
        result.key,
        result.round,
        result.status,
        json.dumps(list(result.seats)),
        result.seed,
        result.log_path,
        json.dumps(list(result.ranks)),
        json.dumps(list(result.scores)),
        result.reason,
        json.dumps([dict(sorted(faults.items())) for faults in result.faults]),
        json.dumps([times.to_json() for times in result.decision_times]),
        result.started_at,
        result.finished_at,
    )


def result_of_row(row: tuple[Any, ...]) -> MatchResult:
    """Return the result of one ``matches`` row read as :data:`MATCH_COLUMNS`."""
    key, _, round_, status, seats, seed, log_path, ranks, scores, reason, *rest = row
    faults, decision_times, started_at, finished_at = rest
    return MatchResult(
        key=key,
        round=round_,
        status=status,
        seats=tuple(json.loads(seats)),
        seed=seed,
        log_path=log_path,
        ranks=tuple(json.loads(ranks)),
        scores=tuple(json.loads(scores)),
        reason=reason,
        faults=tuple(json.loads(faults)),
        decision_times=tuple(
            DecisionTimes.from_json(times) for times in json.loads(decision_times)
        ),
        started_at=started_at,
        finished_at=finished_at,
    )
