"""The run folder: one directory holding everything a tournament run leaves behind.

::

    RUN/results.sqlite          the results store (SQLite, WAL)
    RUN/log.key                 the secret that seals the run's match logs (owner only)
    RUN/run.json                where the definition came from (for ``resume``)
    RUN/logs/<key>.jsonl        one match log per match key (keys contain ``/``: rr/a~b/g0)
    RUN/rejected/<key>.jsonl    logs ``resume`` would not adopt, set aside (numbered if taken)
    RUN/bots/<bot>.<n>.log      output of the n-th start of each spawned bot (capped)

The folder is its owner's only (mode 0700). The key is 32 random bytes, written in hex, mode
0600; it goes to the pool workers that write the logs, never into a log and never to a bot.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from referee.matchlog.chain import KEY_BYTES

LOG_SUFFIX = ".jsonl"
KEY_FILE = "log.key"
FOLDER_MODE = 0o700
KEY_MODE = 0o600


class LogKeyError(OSError):
    """A run folder whose log key is missing or unreadable."""


@dataclass(frozen=True)
class RunFolder:
    """The paths of one run folder."""

    root: Path

    @property
    def logs(self) -> Path:
        """The directory of the match logs."""
        return self.root / "logs"

    @property
    def bots(self) -> Path:
        """The directory of the bots' captured output."""
        return self.root / "bots"

    @property
    def rejected(self) -> Path:
        """The directory of the logs set aside by ``resume``."""
        return self.root / "rejected"

    @property
    def key_file(self) -> Path:
        """The file holding the run's log key (readable by the owner only)."""
        return self.root / KEY_FILE

    @property
    def info(self) -> Path:
        """The file recording where the definition came from."""
        return self.root / "run.json"

    def log_name(self, key: str) -> str:
        """Return the log path of match ``key``, relative to the run folder (as stored)."""
        return f"logs/{key}{LOG_SUFFIX}"

    def log_path(self, key: str) -> Path:
        """Return the absolute log path of match ``key``."""
        return self.root / self.log_name(key)

    def logged_keys(self) -> list[str]:
        """Return the keys of every log file present, complete or not."""
        if not self.logs.is_dir():
            return []
        return sorted(
            path.relative_to(self.logs).as_posix().removesuffix(LOG_SUFFIX)
            for path in self.logs.rglob(f"*{LOG_SUFFIX}")
        )

    def set_aside(self, key: str) -> str:
        """Move match ``key``'s log to ``rejected/<key>.jsonl`` (``<key>.2.jsonl`` and so on if
        that is taken); return where it went, relative to the run folder."""
        target = self.rejected / f"{key}{LOG_SUFFIX}"
        number = 1
        while target.exists() or target.is_symlink():
            number += 1
            target = self.rejected / f"{key}.{number}{LOG_SUFFIX}"
        target.parent.mkdir(parents=True, exist_ok=True)
        self.log_path(key).replace(target)
        return target.relative_to(self.root).as_posix()

    def create(self) -> None:
        """Make the folder of a new run (owner only) with a new log key, replacing any."""
        self._make_private()
        self.key_file.unlink(missing_ok=True)
        self._write_key()

    def reopen(self) -> None:
        """Make the folder of a resumed run owner only; raise LogKeyError when its log key is
        missing or unreadable.

        A new key would seal only what is logged from then on: every earlier log of the run
        would fail ``replay verify``, and none could be adopted. So a resume refuses instead.
        """
        self._make_private()
        try:
            self.log_key()
        except LogKeyError as error:
            raise LogKeyError(
                f"{error}; without it the run's logs cannot be checked, so it is not resumed: "
                f"put the key back, or start a new run"
            ) from None

    def _make_private(self) -> None:
        """Create the folder with mode 0700, or set an existing one to it."""
        self.root.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
        self.root.chmod(FOLDER_MODE)

    def _write_key(self) -> None:
        """Write a new random key to a file that must not exist yet, readable by its owner only."""
        descriptor = os.open(self.key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, KEY_MODE)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(secrets.token_hex(KEY_BYTES) + "\n")

    def log_key(self) -> bytes:
        """Return the run's log key; raise LogKeyError if it is missing or malformed."""
        try:
            key = bytes.fromhex(self.key_file.read_text(encoding="ascii").strip())
        except (OSError, ValueError) as error:
            raise LogKeyError(f"{self.key_file}: no readable log key ({error})") from None
        if len(key) != KEY_BYTES:
            raise LogKeyError(f"{self.key_file}: not a {KEY_BYTES}-byte log key")
        return key

    def write_source(self, definition_file: Path) -> None:
        """Record the definition file a run was started from."""
        self.info.write_text(json.dumps({"definition_file": str(definition_file.resolve())}))

    def source(self) -> Path | None:
        """Return the definition file the run was started from, if recorded."""
        if not self.info.is_file():
            return None
        return Path(json.loads(self.info.read_text())["definition_file"])
