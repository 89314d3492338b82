"""``cmd:python bot.py`` with pyenv's shims first on PATH (a venv not activated) starts the
interpreter the shim stands for, not the shim, a shell script that runs pyenv, which a
sandboxed bot cannot reach; when pyenv names none, the error says what to write instead."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.transport.bots import parse_bot

SHIM = """#!/usr/bin/env bash
set -e
program="${0##*/}"
export PYENV_ROOT="ROOT"
exec "ROOT/libexec/pyenv" exec "$program" "$@"
"""


def fake_pyenv(root: Path, which: str) -> Path:
    """Install a pyenv whose ``pyenv which`` runs the shell text ``which``; return its shims."""
    (root / "shims").mkdir(parents=True)
    (root / "libexec").mkdir()
    shim = root / "shims" / "python"
    shim.write_text(SHIM.replace("ROOT", str(root)))
    pyenv = root / "libexec" / "pyenv"
    pyenv.write_text(f'#!/bin/sh\n[ "$1" = which ] && {which}\n')
    for script in (shim, pyenv):
        script.chmod(0o755)
    return root / "shims"


def test_a_pyenv_shim_is_replaced_by_the_interpreter_it_stands_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    shims = fake_pyenv(tmp_path / "pyenv", f"echo {sys.executable}")
    monkeypatch.setenv("PATH", f"{shims}:/usr/bin:/bin")
    spec = parse_bot("cmd:python bot.py --fast", "pilfer")
    assert spec.argv == (sys.executable, "bot.py", "--fast")
    assert parse_bot(f"cmd:{shims}/python bot.py", "pilfer").argv[0] == f"{shims}/python"


def test_a_shim_pyenv_cannot_resolve_is_refused_saying_what_to_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    shims = fake_pyenv(tmp_path / "pyenv", "echo 'pyenv: python: command not found' >&2; exit 127")
    monkeypatch.setenv("PATH", f"{shims}:/usr/bin:/bin")
    with pytest.raises(ValueError) as refused:
        parse_bot("cmd:python bot.py", "pilfer")
    message = str(refused.value)
    assert "is a pyenv shim" in message and "cannot run inside the sandbox" in message
    assert "pyenv: python: command not found" in message
    assert "cmd:.venv/bin/python" in message
