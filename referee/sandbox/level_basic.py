"""Sandbox level ``basic``: no namespaces; a uid of the bot's own when the harness runs as root,
an allowlisted environment, rlimits, a private scratch folder for HOME and TMPDIR, and the
lockdown filters (:mod:`referee.sandbox.lockdown`): no new namespaces or mounts, and on loopback
TCP the bot binds only its own port and connects to none, so no bot reaches another's.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from referee.sandbox.confinement import (
    JailView,
    allowlisted,
    limits_prefix,
    lockdown_prefix,
    setpriv_prefix,
)
from referee.sandbox.probes import as_bot_user, probe

SCRATCH_FOLDER = "scratch"
"""The bot's HOME and TMPDIR inside its jail's folder, emptied at the end."""


class BasicConfinement:
    """Level ``basic``: limits, a scrubbed environment and (as root) a uid of the bot's own."""

    confined = True
    network = True
    protects = "own uid, scrubbed environment, limits, own TCP port only; no namespaces"
    private_folders = (SCRATCH_FOLDER,)

    def unavailable(self) -> str | None:
        """Return why the lockdown filters cannot be set or a bot's uid cannot run the harness's
        Python here, or None."""
        argv = [
            *lockdown_prefix(tcp_own_port=True),
            *as_bot_user([sys.executable, "-c", "import grpc"]),
        ]
        problem = probe(argv, {**os.environ, "RUCKUS_PORT": "1"})
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
        """Return the rlimits, the lockdown filters, ``setpriv`` (its uid, no new privileges),
        then ``argv``."""
        lockdown = lockdown_prefix(tcp_own_port=True)
        return [*limits_prefix(jail), *lockdown, *setpriv_prefix(jail), *jail.argv]
