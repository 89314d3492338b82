"""How a run resolves its bots (samples, commands with a bare python, addresses) and pool size."""

from __future__ import annotations

import os
import sys

import pytest

from referee.transport.security import ClientSecurity
from tournaments.definition import BotEntry
from tournaments.runner.fleet import (
    FleetError,
    describe_source,
    resolve_address,
    resolve_command,
    resolve_security,
)
from tournaments.runner.session import resolve_concurrency

from .conftest import tournament_toml


def test_a_bare_python_runs_the_harness_interpreter():
    entry = BotEntry(name="mine", command=("python", "-m", "my_bot"))
    assert resolve_command(entry, "pilfer") == (sys.executable, "-m", "my_bot")
    other = BotEntry(name="node", command=("node", "bot.js"))
    assert resolve_command(other, "pilfer") == ("node", "bot.js")


def test_samples_resolve_by_short_or_full_name_and_unknown_ones_fail():
    short = resolve_command(BotEntry(name="r", sample="random"), "wabbit")
    full = resolve_command(BotEntry(name="r", sample="wabbit-random"), "wabbit")
    assert short == full and short is not None and short[-1] == "sample_bots.wabbit_random"
    with pytest.raises(FleetError, match="bot 'x': unknown sample bot 'nope'"):
        resolve_command(BotEntry(name="x", sample="nope"), "wabbit")


def test_addresses_resolve_to_host_port_with_tls_settings_for_grpcs(tmp_path, monkeypatch):
    entry = BotEntry(name="far", address="grpc://10.0.0.5:50061")
    assert resolve_command(entry, "pilfer") is None
    assert resolve_address(entry) == "10.0.0.5:50061"
    assert resolve_security(entry) is None
    assert describe_source(entry) == "far (grpc://10.0.0.5:50061)"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FAR_TOKEN", "t0ken")
    (tmp_path / "ca.pem").write_text("-----BEGIN CERTIFICATE-----\n")
    tls = BotEntry(name="tls", address="grpcs://10.0.0.5:443", ca="ca.pem", token_env="FAR_TOKEN")
    assert resolve_address(tls) == "10.0.0.5:443"
    assert resolve_security(tls) == ClientSecurity(
        tls=True, ca=str(tmp_path / "ca.pem"), token_env="FAR_TOKEN"
    )
    monkeypatch.delenv("FAR_TOKEN")
    with pytest.raises(FleetError, match="bot 'tls': the environment variable FAR_TOKEN"):
        resolve_security(tls)


def test_pool_size_is_the_option_else_the_definition_else_the_cores():
    text = tournament_toml(["a=random", "b=random"])
    assert resolve_concurrency(text, None) == (os.cpu_count() or 1)
    fixed = tournament_toml(["a=random", "b=random"], extra="concurrency = 3")
    assert resolve_concurrency(fixed, None) == 3
    assert resolve_concurrency(fixed, 5) == 5
