"""The arena's store: its bots and its steps, in the ``results.sqlite`` that also holds its
results (:class:`~tournaments.store.ResultStore`'s ``matches`` table, written the same way).

Tables beside ``matches`` (``arena.schema_version`` is their layout, :data:`ARENA_SCHEMA`)::

    arena        one row: schema_version, seed, game, players, scenario, revision (counts every
                 change to the bots, so a running arena sees one), runner_pid (the ``arena run``
                 playing now, or NULL), created_at
    arena_bots   one row per entry: name (NAME, then NAME@v2, ...), bot (NAME), version,
                 entry (the bot table as JSON, named by the bot: sample, command, address,
                 dir), status (pending, active, retired, rejected), reason and output (why it
                 is retired or rejected, and what it printed), added_at, changed_at
    arena_steps  one row per step: number, seed, seatings (JSON: the seat cycle of the chosen
                 group), closed (0 while its games are being played), started_at

Any process may write the bots while ``arena run`` plays (SQLite WAL; each change is one
transaction); ``arena run`` alone writes steps and results.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tournaments.bot_entries import BotEntry, parse_bot
from tournaments.runner.layout import RunFolder
from tournaments.schedule.match import Match, group_label
from tournaments.schedule.seeds import SEED_BITS, derive_seed
from tournaments.store import DATABASE, ResultStore, StoreError

ARENA_SCHEMA = 1
"""The layout of the arena's tables this module writes."""
PENDING, ACTIVE, RETIRED, REJECTED = "pending", "active", "retired", "rejected"
"""A bot entry's status: added and not yet checked; playing; no longer scheduled (its games
still count); refused on joining (see ``reason`` and ``output``)."""
_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS arena (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    schema_version INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    scenario TEXT,
    revision INTEGER NOT NULL DEFAULT 0,
    runner_pid INTEGER,
    created_at TEXT NOT NULL DEFAULT ({_NOW})
);
CREATE TABLE IF NOT EXISTS arena_bots (
    name TEXT PRIMARY KEY,
    bot TEXT NOT NULL,
    version INTEGER NOT NULL,
    entry TEXT NOT NULL,
    status TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    output TEXT NOT NULL DEFAULT '',
    added_at TEXT NOT NULL DEFAULT ({_NOW}),
    changed_at TEXT NOT NULL DEFAULT ({_NOW}),
    UNIQUE (bot, version)
);
CREATE TABLE IF NOT EXISTS arena_steps (
    number INTEGER PRIMARY KEY,
    seed INTEGER NOT NULL,
    seatings TEXT NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL DEFAULT ({_NOW})
);
"""
BOT_COLUMNS = "name, bot, version, entry, status, reason, output, added_at, changed_at"
"""The columns of ``arena_bots`` that :func:`bot_of_row` reads, in its order."""
BUSY_SECONDS = 30.0
"""How long a write waits for another process's transaction."""


@dataclass(frozen=True)
class ArenaBot:
    """One entry of the arena: a version of a bot."""

    name: str
    """The entry's name: the bot's name for its first version, ``NAME@vK`` after."""
    bot: str
    version: int
    entry: BotEntry
    status: str
    reason: str
    output: str
    added_at: str
    changed_at: str


@dataclass(frozen=True)
class Step:
    """One step of the arena: a group's seat cycle, played on one seed."""

    number: int
    seed: int
    seatings: tuple[tuple[str, ...], ...]

    @property
    def bots(self) -> frozenset[str]:
        """The entries that play in this step."""
        return frozenset(name for seating in self.seatings for name in seating)

    def matches(self) -> list[Match]:
        """Return the step's matches: key ``step<N>/<group>/g<I>``, round ``N``."""
        label = group_label(self.seatings[0])
        return [
            Match(f"step{self.number}/{label}/g{index}", self.number, seats, self.seed, index)
            for index, seats in enumerate(self.seatings)
        ]


def entry_name(bot: str, version: int) -> str:
    """Return the name of version ``version`` of ``bot``: ``bot``, then ``bot@v2``, ..."""
    return bot if version == 1 else f"{bot}@v{version}"


class ArenaStore:
    """The arena's bots and steps, and its results (:attr:`results`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._db = sqlite3.connect(folder / DATABASE, timeout=BUSY_SECONDS)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self.results = ResultStore.open(folder)

    @classmethod
    def create(
        cls, folder: Path, game: str, players: int, scenario: str | None, seed: int | None
    ) -> ArenaStore:
        """Create the store of a new arena in ``folder`` (with its log key); ``seed`` None
        draws a secret one."""
        if (folder / DATABASE).exists():
            raise StoreError(f"{folder} already holds a store")
        RunFolder(folder).create()
        connection = sqlite3.connect(folder / DATABASE)
        with connection:
            connection.executescript(_SCHEMA)
            connection.execute(
                "INSERT INTO arena (id, schema_version, seed, game, players, scenario) "
                "VALUES (1, ?, ?, ?, ?, ?)",
                (
                    ARENA_SCHEMA,
                    secrets.randbits(SEED_BITS) if seed is None else seed,
                    game,
                    players,
                    scenario,
                ),
            )
        connection.close()
        return cls(folder)

    @classmethod
    def open(cls, folder: Path) -> ArenaStore:
        """Open the store of the arena in ``folder``; refuse one of another layout."""
        if not (folder / DATABASE).is_file():
            raise StoreError(f"{folder} holds no arena (run `ruckus arena init {folder}`)")
        store = cls(folder)
        try:
            version = store._one("SELECT schema_version FROM arena")
        except sqlite3.OperationalError:
            store.close()
            raise StoreError(f"{folder} holds a tournament run, not an arena") from None
        if version != ARENA_SCHEMA:
            store.close()
            raise StoreError(f"{folder}: arena store version {version}, not {ARENA_SCHEMA}")
        return store

    def _one(self, sql: str, *args: object) -> Any:
        """Return the first column of the first row of ``sql``."""
        return self._db.execute(sql, args).fetchone()[0]

    def fixed(self) -> dict[str, Any]:
        """Return what the arena was created with and may not change: game, players,
        scenario."""
        game, players, scenario = self._db.execute(
            "SELECT game, players, scenario FROM arena"
        ).fetchone()
        return {"game": game, "players": players, "scenario": scenario}

    @property
    def seed(self) -> int:
        """The seed every step's seed derives from."""
        return int(self._one("SELECT seed FROM arena"))

    def revision(self) -> int:
        """Return how many changes the bots have seen."""
        return int(self._one("SELECT revision FROM arena"))

    def bots(self) -> list[ArenaBot]:
        """Return every entry in the order added."""
        rows = self._db.execute(f"SELECT {BOT_COLUMNS} FROM arena_bots ORDER BY rowid")
        return [bot_of_row(row) for row in rows]

    def add_bot(self, table: dict[str, Any]) -> ArenaBot:
        """Add a new bot from its bot table (``name`` and one source); refuse a taken name."""
        name = str(table.get("name"))
        if self._db.execute("SELECT 1 FROM arena_bots WHERE bot = ?", (name,)).fetchone():
            raise StoreError(f"bot {name} is in the arena already (`arena bot update` it)")
        return self._insert(name, 1, table)

    def update_bot(self, table: dict[str, Any]) -> ArenaBot:
        """Add the next version of the bot ``table`` names; it joins as the others did."""
        name = str(table.get("name"))
        latest = self._one("SELECT MAX(version) FROM arena_bots WHERE bot = ?", name)
        if latest is None:
            raise StoreError(f"no bot {name} in the arena (`arena bot add` it)")
        return self._insert(name, int(latest) + 1, table)

    def _insert(self, bot: str, version: int, table: dict[str, Any]) -> ArenaBot:
        name = entry_name(bot, version)
        source = {**table, "name": bot}
        parse_bot(source, "bot")  # refuses a bad table before it is stored
        with self._db:
            self._db.execute(
                "INSERT INTO arena_bots (name, bot, version, entry, status) VALUES (?, ?, ?, ?, ?)",
                (name, bot, version, json.dumps(source), PENDING),
            )
            self._changed()
        return self.bot(name)

    def bot(self, name: str) -> ArenaBot:
        """Return the entry ``name``."""
        row = self._db.execute(
            f"SELECT {BOT_COLUMNS} FROM arena_bots WHERE name = ?", (name,)
        ).fetchone()
        if row is None:
            raise StoreError(f"no entry {name} in the arena")
        return bot_of_row(row)

    def retire(self, name: str) -> list[str]:
        """Retire the active and pending versions of bot ``name`` (or the one entry so
        named); return the entries retired."""
        rows = self._db.execute(
            "SELECT name FROM arena_bots WHERE (bot = ? OR name = ?) AND status IN (?, ?)",
            (name, name, ACTIVE, PENDING),
        ).fetchall()
        if (
            not rows
            and not self._db.execute(
                "SELECT 1 FROM arena_bots WHERE bot = ? OR name = ?", (name, name)
            ).fetchone()
        ):
            raise StoreError(f"no bot {name} in the arena")
        with self._db:
            for (entry,) in rows:
                self._set(entry, RETIRED, "retired by `arena bot retire`", "")
        return [entry for (entry,) in rows]

    def reject(self, name: str, reason: str, output: str) -> None:
        """Refuse entry ``name`` on joining, with why and what it printed."""
        with self._db:
            self._set(name, REJECTED, reason, output)

    def activate(self, name: str) -> list[str]:
        """Let entry ``name`` play; retire the other active versions of its bot (their games
        still count); return those."""
        joined = self.bot(name)
        rows = self._db.execute(
            "SELECT name FROM arena_bots WHERE bot = ? AND name != ? AND status = ?",
            (joined.bot, name, ACTIVE),
        ).fetchall()
        with self._db:
            self._set(name, ACTIVE, "", "")
            for (older,) in rows:
                self._set(older, RETIRED, f"replaced by {name}", "")
        return [older for (older,) in rows]

    def _set(self, name: str, status: str, reason: str, output: str) -> None:
        """Change an entry's status inside the caller's transaction."""
        self._db.execute(
            f"UPDATE arena_bots SET status = ?, reason = ?, output = ?, changed_at = {_NOW} "
            "WHERE name = ?",
            (status, reason, output, name),
        )
        self._changed()

    def _changed(self) -> None:
        self._db.execute("UPDATE arena SET revision = revision + 1")

    def open_step(self) -> Step | None:
        """Return the step whose games are being played, if any."""
        row = self._db.execute(
            "SELECT number, seed, seatings FROM arena_steps WHERE closed = 0"
        ).fetchone()
        return None if row is None else _step(row)

    def last_step(self) -> int:
        """Return the number of the latest step (0 before the first)."""
        return int(self._one("SELECT COALESCE(MAX(number), 0) FROM arena_steps"))

    def begin_step(self, seatings: list[tuple[str, ...]]) -> Step:
        """Store the next step: ``seatings`` on the seed derived from the arena's and the
        step's number."""
        number = self.last_step() + 1
        step = Step(number, derive_seed(self.seed, "arena", number), tuple(seatings))
        with self._db:
            self._db.execute(
                "INSERT INTO arena_steps (number, seed, seatings) VALUES (?, ?, ?)",
                (number, step.seed, json.dumps([list(seats) for seats in seatings])),
            )
        return step

    def close_step(self, number: int) -> None:
        """Mark step ``number`` as played (or given up: its recorded games count)."""
        with self._db:
            self._db.execute("UPDATE arena_steps SET closed = 1 WHERE number = ?", (number,))

    def runner_pid(self) -> int | None:
        """Return the process id of the ``arena run`` that said it plays, if any."""
        value = self._one("SELECT runner_pid FROM arena")
        return None if value is None else int(value)

    def set_runner(self, pid: int | None) -> None:
        """Note the ``arena run`` playing now (None: none)."""
        with self._db:
            self._db.execute("UPDATE arena SET runner_pid = ?", (pid,))

    def close(self) -> None:
        """Close both connections."""
        self._db.close()
        self.results.close()


def bot_of_row(row: tuple[Any, ...]) -> ArenaBot:
    """Return the entry of an ``arena_bots`` row read as :data:`BOT_COLUMNS`."""
    name, bot, version, entry, status, reason, output, added_at, changed_at = row
    parsed = replace(parse_bot(json.loads(entry), name), name=name)
    return ArenaBot(name, bot, version, parsed, status, reason, output, added_at, changed_at)


def _step(row: tuple[Any, ...]) -> Step:
    number, seed, seatings = row
    return Step(number, seed, tuple(tuple(seats) for seats in json.loads(seatings)))
