"""The Java recipe of docs/bots/languages.md, run as written: its ``sh`` block (less the
``apt-get`` line) builds the page's ``MyBot.java`` against Debian's grpc-java, and its
``ruckus bot check`` and ``ruckus play`` lines pass under sandbox ``basic``. Skipped, saying
what is missing, where Debian's Java packages are not installed (about 15 s of ``javac``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from referee.sandbox import Level, unavailable

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "bots" / "languages.md"
TOOLS = ("javac", "java", "protoc", "grpc_java_plugin")
JARS = Path("/usr/share/java")


def _missing() -> str | None:
    absent = [tool for tool in TOOLS if shutil.which(tool) is None]
    absent += [] if (JARS / "grpc-netty.jar").is_file() else ["libgrpc-java"]
    if unavailable(Level.BASIC):
        absent.append("sandbox level 'basic' (unavailable here)")
    return f"missing {', '.join(absent)} (docs/bots/languages.md, Java)" if absent else None


def _java_section() -> str:
    text = PAGE.read_text()
    return text[text.index("## Java") : text.index("## Rust")]


@pytest.mark.skipif(_missing() is not None, reason=str(_missing()))
def test_the_java_recipe_builds_a_bot_that_checks_and_plays():
    section = _java_section()
    (script,) = re.findall(r"^```sh\n(.*?)^```", section, flags=re.M | re.S)
    (source,) = re.findall(r"^```java\n(.*?)^```", section, flags=re.M | re.S)
    lines = script.replace("\\\n", " ").splitlines()
    assert lines[0].startswith("apt-get install")
    runner = f'ruckus() {{ "{sys.executable}" -c "from tournaments.cli import app; app()" "$@"; }}'
    with tempfile.TemporaryDirectory(prefix="java-recipe-") as scratch:
        folder = Path(scratch)
        folder.chmod(0o755)  # the bot runs under a uid of its own: its classes must be readable
        (folder / "proto").symlink_to(ROOT / "proto")
        (folder / "javabot").mkdir()
        (folder / "javabot" / "MyBot.java").write_text(source)
        done = subprocess.run(
            ["bash", "-c", "\n".join(["set -e", runner, *lines[1:]])],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
            env={**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"},
        )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "3 of 3 checks passed" in done.stdout
    assert re.search(r"^\d+ decisions; ended by (win_points|round_cap)", done.stdout, re.M)
    assert "fault:" not in done.stdout
