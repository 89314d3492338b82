"""The run folder: one directory holding everything a tournament run leaves behind.

::

    RUN/results.sqlite      the results store (SQLite, WAL)
    RUN/run.json            where the definition came from (for ``resume``)
    RUN/logs/<key>.jsonl    one match log per match key (keys contain ``/``: rr/a~b/g0)
    RUN/bots/<bot>.<n>.log  output of the n-th start of each spawned bot (capped)
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

LOG_SUFFIX = ".jsonl"


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
    def info(self) -> Path:
        """The file recording where the definition came from."""
        return self.root / "run.json"

    def log_name(self, key: str) -> str:
        """Return the log path of match ``key``, relative to the run folder (as stored)."""
        return f"logs/{key}{LOG_SUFFIX}"

    def log_path(self, key: str) -> Path:
        """Return the absolute log path of match ``key``."""
        return self.root / self.log_name(key)

    def discard_log(self, key: str) -> None:
        """Delete the log of match ``key`` if there is one (a new attempt rewrites it anyway)."""
        with contextlib.suppress(OSError):
            self.log_path(key).unlink(missing_ok=True)

    def logged_keys(self) -> list[str]:
        """Return the keys of every log file present, complete or not."""
        if not self.logs.is_dir():
            return []
        return sorted(
            path.relative_to(self.logs).as_posix().removesuffix(LOG_SUFFIX)
            for path in self.logs.rglob(f"*{LOG_SUFFIX}")
        )

    def remove_unrecorded_logs(self, recorded: Collection[str]) -> list[str]:
        """Delete the logs of matches without a stored result (cut short by a crash)."""
        removed = [key for key in self.logged_keys() if key not in recorded]
        for key in removed:
            self.discard_log(key)
        return removed

    def write_source(self, definition_file: Path) -> None:
        """Record the definition file a run was started from."""
        self.info.write_text(json.dumps({"definition_file": str(definition_file.resolve())}))

    def source(self) -> Path | None:
        """Return the definition file the run was started from, if recorded."""
        if not self.info.is_file():
            return None
        return Path(json.loads(self.info.read_text())["definition_file"])
