"""Sandbox level ``basic``: no namespaces; a uid of the bot's own when the harness runs as root,
an allowlisted environment, rlimits, loopback TCP, a private scratch folder for HOME and TMPDIR.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from referee.sandbox.confinement import JailView, allowlisted, limits_prefix, setpriv_prefix
from referee.sandbox.probes import as_bot_user, probe

SCRATCH_FOLDER = "scratch"
"""The bot's HOME and TMPDIR inside its jail's folder, emptied at the end."""


class BasicConfinement:
    """Level ``basic``: limits, a scrubbed environment and (as root) a uid of the bot's own."""

    confined = True
    network = True
    protects = "own uid, scrubbed environment, limits; no namespaces"
    private_folders = (SCRATCH_FOLDER,)

    def unavailable(self) -> str | None:
        """Return why a bot's uid cannot run the harness's Python here, or None."""
        problem = probe(as_bot_user([sys.executable, "-c", "import grpc"]))
        if problem is not None and os.geteuid() == 0:
            return f"a bot's own uid cannot run this Python ({sys.executable}): {problem}"
        return problem

    def address(self, jail: JailView, port: int) -> str:
        """Return the loopback ``port``."""
        return f"127.0.0.1:{port}"

    def environment(
        self, jail: JailView, listen: dict[str, str], inherited: dict[str, str]
    ) -> dict[str, str]:
        """Return the allowlist, HOME and TMPDIR in the scratch folder, then ``listen``."""
        return allowlisted(inherited, str(jail.folder / SCRATCH_FOLDER), listen)

    def cwd(self, jail: JailView) -> Path | None:
        """Return the bot's own folder, else its scratch folder."""
        return jail.bot_dir or jail.folder / SCRATCH_FOLDER

    def command(self, jail: JailView) -> list[str]:
        """Return the rlimits, then ``setpriv`` (its uid, no new privileges), then ``argv``."""
        return [*limits_prefix(jail), *setpriv_prefix(jail), *jail.argv]
