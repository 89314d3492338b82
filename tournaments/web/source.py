"""What the web pages read: a read-only :class:`RunSource`, and its first implementation, a run
folder (:class:`RunFolderSource`).

A source gives the tournament's definition, the matches played so far in the order they were
recorded (each with its place in that order, ``seq``, from 1), a cheap :meth:`RunSource.version`
that grows whenever a match is added, and the files a page may show: a match's log and a bot's
last output. It never writes. Anything that keeps results, such as an arena that never stops,
shows its pages by implementing these few methods.

The run folder's store is read through its own read-only SQLite connection (``mode=ro``): the
web never migrates or writes the store, which the runner may be writing at the same time (WAL
lets a reader go on beside the one writer). A store written by an older Ruckus (schema version
before :data:`~tournaments.store.SCHEMA_VERSION`) is refused: ``ruckus tournament show`` opens
and migrates it once.
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from tournaments.definition import TournamentDefinition, parse_definition
from tournaments.store import DATABASE, MATCH_COLUMNS, SCHEMA_VERSION, MatchResult, result_of_row

OUTPUT_TAIL_BYTES = 4096
"""How much of the end of a bot's captured output a page shows."""
BOT_OUTPUT = "bots"
"""The folder of a run that holds each spawned bot's captured output, ``<bot>.<n>.log``."""


class SourceError(Exception):
    """A source that cannot be read: no run there, or a store this version cannot read."""


@dataclass(frozen=True)
class PlayedMatch:
    """One finished match as the pages read it: its place in recorded order (``seq``, from 1),
    the stored result and the scenario it was played on."""

    seq: int
    result: MatchResult
    scenario: str


class RunSource(Protocol):
    """The read-only data the pages are built on."""

    @property
    def title(self) -> str:
        """The name shown at the top of every page."""
        ...

    def definition(self) -> TournamentDefinition:
        """Return the tournament's definition (bots, format, ``[sprt]``, players)."""
        ...

    def version(self) -> int:
        """Return a number that grows whenever a match is added (cheap: it is polled)."""
        ...

    def revision(self) -> int:
        """Return a number that changes whenever something else the pages show does (an
        arena's bots; cheap: it is polled). The definition is read again when it changes."""
        ...

    def matches(self, after: int = 0) -> list[PlayedMatch]:
        """Return the matches recorded after the first ``after`` ones, in recorded order."""
        ...

    def log_file(self, match: PlayedMatch) -> Path | None:
        """Return the log of ``match`` when it is a file inside the source, else None."""
        ...

    def bot_output(self, bot: str) -> str | None:
        """Return the end of ``bot``'s last captured output, None when none is kept."""
        ...


class StoredMatches:
    """The matches, logs and bot output of a folder holding a store (``results.sqlite``), read
    through a read-only connection: what a run folder and an arena have alike."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        database = self.root / DATABASE
        if not database.is_file():
            raise SourceError(f"{root} holds no run ({DATABASE} is missing)")
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            f"{database.as_uri()}?mode=ro", uri=True, check_same_thread=False
        )
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            self._db.close()
            raise SourceError(
                f"{root}: store version {version}; open it once with "
                "'ruckus tournament show' to bring it up to date"
            )

    def version(self) -> int:
        """Return the highest ``seq`` stored (results are numbered 1, 2, ... as recorded)."""
        with self._lock:
            return int(self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM matches").fetchone()[0])

    def _matches(self, after: int, scenario: str) -> list[PlayedMatch]:
        """Return the matches whose ``seq`` is above ``after``, in recorded order."""
        with self._lock:
            rows = self._db.execute(
                f"SELECT {MATCH_COLUMNS} FROM matches WHERE seq > ? ORDER BY seq", (after,)
            ).fetchall()
        return [PlayedMatch(row[1], result_of_row(row), scenario) for row in rows]

    def log_file(self, match: PlayedMatch) -> Path | None:
        """Return the log of ``match`` when it resolves to a file inside the folder."""
        return self._inside(self.root / match.result.log_path)

    def bot_output(self, bot: str) -> str | None:
        """Return the end of the output of ``bot``'s latest start (``bots/<bot>.<n>.log``)."""
        folder = self.root / BOT_OUTPUT
        if not folder.is_dir():
            return None
        starts = [path for path in folder.iterdir() if _start_number(path.name, bot) is not None]
        if not starts:
            return None
        latest = self._inside(max(starts, key=lambda path: _start_number(path.name, bot) or 0))
        return None if latest is None else tail_of(latest)

    def _inside(self, path: Path) -> Path | None:
        """Return ``path`` resolved when it is a regular file inside the folder."""
        resolved = path.resolve()
        if not resolved.is_relative_to(self.root) or not resolved.is_file():
            return None
        return resolved

    def close(self) -> None:
        """Close the database connection."""
        self._db.close()


class RunFolderSource(StoredMatches):
    """A run folder (``RUN/results.sqlite`` and its logs) read without writing anything."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self._definition = self._read_definition()

    def _read_definition(self) -> TournamentDefinition:
        """Return the stored definition, with the seed the store drew when it names none."""
        row = self._db.execute("SELECT definition_text, drawn_seed FROM run").fetchone()
        if row is None:
            self._db.close()
            raise SourceError(f"{self.root} holds no tournament run")
        text, drawn = row
        definition = parse_definition(text)
        if definition.seed is not None:
            return definition
        return replace(definition, seed=int(drawn))

    @property
    def title(self) -> str:
        """The tournament's name."""
        return self._definition.name

    def definition(self) -> TournamentDefinition:
        """Return the definition the run started with."""
        return self._definition

    def revision(self) -> int:
        """Return 0: nothing but the matches changes in a run."""
        return 0

    def matches(self, after: int = 0) -> list[PlayedMatch]:
        """Return the matches whose ``seq`` is above ``after``, in recorded order."""
        return self._matches(after, self._definition.played_scenario)


def _start_number(name: str, bot: str) -> int | None:
    """Return ``n`` when ``name`` is ``<bot>.<n>.log``, else None."""
    prefix = f"{bot}."
    if not name.startswith(prefix) or not name.endswith(".log"):
        return None
    number = name[len(prefix) : -len(".log")]
    return int(number) if number.isdigit() else None


def tail_of(path: Path, size: int = OUTPUT_TAIL_BYTES) -> str:
    """Return the last ``size`` bytes of ``path`` as text (undecodable bytes replaced)."""
    with path.open("rb") as file:
        file.seek(max(0, path.stat().st_size - size))
        return file.read().decode("utf-8", errors="replace")
