"""Sandbox level ``none``: the bot runs as the harness's user with its environment (debugging).

Only the harness's own secrets are held back (:data:`DOOR_VARIABLES`), and the bot dies with
the harness when ``setpriv`` is there to say so.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from referee.sandbox.confinement import JailView

DOOR_VARIABLES = frozenset(
    {"RUCKUS_TOKEN", "RUCKUS_TLS_CERT", "RUCKUS_TLS_KEY", "RUCKUS_TLS_CLIENT_CA"}
)
"""The TLS and token settings of a referee service: never handed to a bot it starts, even at
``none`` (the token is the service's secret, and the referee calls its own bots in plaintext)."""


class NoConfinement:
    """Level ``none``: nothing confines the bot."""

    confined = False
    network = True
    protects = "NOT sandboxed: bots run as you, with your environment and files"
    private_folders: tuple[str, ...] = ()

    def unavailable(self) -> str | None:
        """Return None: running a bot unconfined works everywhere."""
        return None

    def address(self, jail: JailView, port: int) -> str:
        """Return the loopback ``port``."""
        return f"127.0.0.1:{port}"

    def environment(
        self, jail: JailView, listen: dict[str, str], inherited: dict[str, str]
    ) -> dict[str, str]:
        """Return the harness's environment less its :data:`DOOR_VARIABLES`, then ``listen``."""
        own = {name: value for name, value in inherited.items() if name not in DOOR_VARIABLES}
        return {**own, **listen}

    def cwd(self, jail: JailView) -> Path | None:
        """Return None: the bot starts where its starter says."""
        return None

    def command(self, jail: JailView) -> list[str]:
        """Return the bot's ``argv``, behind ``setpriv --pdeathsig KILL`` when it is there."""
        setpriv = shutil.which("setpriv")
        return [setpriv, "--pdeathsig", "KILL", "--", *jail.argv] if setpriv else [*jail.argv]
