"""README's certificate recipe, run as written: it makes a bot certificate that the referee
accepts at 127.0.0.1, into ``tls/``, which git ignores; and a refused handshake or a TLS bot
called in plaintext says what is wrong, naming the host and port."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from .conftest import ROOT, Launcher, clean_environment, ruckus

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl")


def _recipe() -> list[str]:
    """Return the lines of README's recipe that make the files (not the line starting a bot)."""
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Remote bots") :]
    block = re.search(r"^```sh\n(mkdir -p tls.*?)^```", section, flags=re.M | re.S)
    assert block is not None, "README's recipe starts with mkdir -p tls"
    lines = block[1].replace("\\\n", " ").splitlines()
    return [line for line in lines if not line.startswith("RUCKUS_TLS_CERT=")]


def _make(folder: Path, lines: list[str]) -> Path:
    done = subprocess.run(
        ["bash", "-c", "\n".join(["set -e", *lines])],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return folder / "tls"


def _bot(launch: Launcher, tls: Path, token: str) -> str:
    key, cert = str(tls / "bot.key"), str(tls / "bot.pem")
    return launch.bot(TLS_CERT=cert, TLS_KEY=key, TOKEN=token)


def test_the_recipe_makes_a_certificate_for_127_0_0_1_into_an_ignored_folder(launch, tmp_path):
    tls = _make(tmp_path, _recipe())
    assert "tls/" in (ROOT / ".gitignore").read_text().splitlines()
    assert {"ca.key", "bot.key", "bot.pem", "bot.token"} <= {path.name for path in tls.iterdir()}
    assert not list(tmp_path.glob("*.key")) and not list(tmp_path.glob("*.token"))
    token = (tls / "bot.token").read_text().strip()
    bot = _bot(launch, tls, token)
    env = clean_environment(FAR_TOKEN=token)
    args = ["--ca", str(tls / "ca.pem"), "--token-env", "FAR_TOKEN"]
    checked = ruckus("bot", "check", f"grpcs://{bot}", "--game", "pilfer", *args, env=env)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "3 of 3 checks passed" in checked.stdout


def test_a_refused_handshake_names_the_address_and_a_plaintext_call_suggests_grpcs(
    launch, tmp_path
):
    by_name_only = [line.replace(",IP:127.0.0.1", "") for line in _recipe()]
    tls = _make(tmp_path, by_name_only)
    token = (tls / "bot.token").read_text().strip()
    bot = _bot(launch, tls, token)
    env = clean_environment(FAR_TOKEN=token)
    args = ["--ca", str(tls / "ca.pem"), "--token-env", "FAR_TOKEN"]
    refused = ruckus("play", "pilfer", "--bot", f"grpcs://{bot}", "--bot", "random", *args, env=env)
    assert refused.returncode == 2
    assert f"the TLS handshake with {bot} failed" in refused.stdout
    assert "subjectAltName, IP:127.0.0.1" in refused.stdout
    plain = ruckus("play", "pilfer", "--bot", f"grpc://{bot}", "--bot", "random", env=env)
    assert plain.returncode == 2
    assert f"may serve TLS: call it as grpcs://{bot}" in plain.stdout


def test_grpcs_to_a_plaintext_bot_prints_no_line_of_grpcs_own(launch):
    plain = launch.bot()
    env = clean_environment()
    env.pop("GRPC_VERBOSITY", None)
    done = ruckus("play", "pilfer", "--bot", f"grpcs://{plain}", "--bot", "random", env=env)
    assert done.returncode == 2
    assert "ssl_transport_security" not in done.stdout + done.stderr  # gRPC's INFO lines
