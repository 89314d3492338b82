"""Probes: short commands that show whether a sandbox level can start on this machine."""

from __future__ import annotations

import os
import shutil
import subprocess

PROBE_SECONDS = 10.0
PROBE_UID = 2_099_999_999
"""The uid the probes run as when the harness is root (no process of a bot uses it)."""


def probe(argv: list[str], env: dict[str, str] | None = None) -> str | None:
    """Run a probe (in ``env``, default the harness's); return None when it succeeds, else what
    went wrong."""
    try:
        done = subprocess.run(
            argv,
            capture_output=True,
            timeout=PROBE_SECONDS,
            stdin=subprocess.DEVNULL,
            check=False,
            env=env,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).decode(errors="replace").strip().splitlines()
        return lines[-1][-300:] if lines else f"exit code {done.returncode}"
    return None


def as_bot_user(argv: list[str]) -> list[str]:
    """Return ``argv`` run as the probe uid when the harness is root, else unchanged."""
    if os.geteuid() != 0:
        return argv
    setpriv = shutil.which("setpriv") or "setpriv"
    ids = [f"--reuid={PROBE_UID}", f"--regid={PROBE_UID}", "--clear-groups"]
    return [setpriv, *ids, "--", *argv]
