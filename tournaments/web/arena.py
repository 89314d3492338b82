"""The arena as the pages read it: :class:`ArenaSource`, a :class:`~tournaments.web.source.
RunSource` over an arena's folder (``ruckus arena run`` serves it, ``ruckus web ARENA`` too).

Its definition is the one ``arena run`` plays (``arena.toml`` with every entry of the store,
pending, active, retired or rejected, as its bots), read again whenever the store's revision of
the bots moves; its matches are the store's, read as a run folder's are. Beside what every
source gives, it gives the entries themselves (status, version, why an entry was refused and
what it printed). It reads through a read-only connection; the pages that change the bots
(:mod:`tournaments.web.arena_pages`) write through the arena's own store.
"""

from __future__ import annotations

from pathlib import Path

from tournaments.arena.config import ARENA_FILE, ArenaConfig, load_arena
from tournaments.arena.store import BOT_COLUMNS, ArenaBot, bot_of_row
from tournaments.definition import TournamentDefinition
from tournaments.toml_fields import DefinitionError
from tournaments.web.source import PlayedMatch, SourceError, StoredMatches, tail_of

JOIN_OUTPUT = "bots/join"
"""Where the compliance kit keeps what a joining entry printed (``<entry>.log``)."""


def is_arena(folder: Path) -> bool:
    """Return whether ``folder`` holds an arena (its ``arena.toml``), not a tournament run."""
    return (folder / ARENA_FILE).is_file()


class ArenaSource(StoredMatches):
    """An arena's folder, read without writing anything."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        try:
            self.config: ArenaConfig = load_arena(self.root)
            self._seed = self._one("SELECT seed FROM arena")
        except (DefinitionError, OSError) as error:
            self.close()
            raise SourceError(f"{root}: {error}") from None
        self._revision = -1
        self._entries: tuple[ArenaBot, ...] = ()
        self._definition = self.config.definition((), self._seed)
        self._reread()

    def _one(self, sql: str) -> int:
        """Return the first column of the first row of ``sql``, a whole number."""
        with self._lock:
            return int(self._db.execute(sql).fetchone()[0])

    def _reread(self) -> None:
        """Read the entries and the definition again when the revision moved."""
        revision = self.revision()
        if revision == self._revision:
            return
        with self._lock:
            rows = self._db.execute(f"SELECT {BOT_COLUMNS} FROM arena_bots ORDER BY rowid")
            entries = tuple(bot_of_row(row) for row in rows)
        self._entries = entries
        self._definition = self.config.definition(tuple(bot.entry for bot in entries), self._seed)
        self._revision = revision

    @property
    def title(self) -> str:
        """``arena NAME``: the arena folder's name."""
        return f"arena {self.root.name}"

    def definition(self) -> TournamentDefinition:
        """Return the definition ``arena run`` plays now: every entry is one of its bots."""
        self._reread()
        return self._definition

    def revision(self) -> int:
        """Return the store's revision of the bots (every add, update, retire, join)."""
        return self._one("SELECT revision FROM arena")

    def matches(self, after: int = 0) -> list[PlayedMatch]:
        """Return the matches whose ``seq`` is above ``after``, in recorded order."""
        return self._matches(after, self._definition.played_scenario)

    def entries(self) -> tuple[ArenaBot, ...]:
        """Return every entry in the order added (as of the last revision read)."""
        self._reread()
        return self._entries

    def versions(self, bot: str) -> list[ArenaBot]:
        """Return the versions of the bot an entry ``bot`` belongs to, newest first."""
        entries = self.entries()
        owner = next((entry.bot for entry in entries if entry.name == bot), bot)
        return sorted((e for e in entries if e.bot == owner), key=lambda e: -e.version)

    def bot_output(self, bot: str) -> str | None:
        """Return the end of the output of ``bot``'s latest start, or of its join check."""
        started = super().bot_output(bot)
        if started is not None:
            return started
        joined = self._inside(self.root / JOIN_OUTPUT / f"{bot}.log")
        return None if joined is None else tail_of(joined)
