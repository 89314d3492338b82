"""Bots reached over TLS with a token: ``ruckus play``, ``ruckus bot check`` and the SDKs."""

from __future__ import annotations

import re

import pytest

from referee.matchlog import read_log, verify

from .conftest import Launcher, clean_environment, ruckus


def _tls_bot(launch: Launcher, certs, token: str, language: str = "python", **extra: str) -> str:
    return launch.bot(
        language,
        TLS_CERT=str(certs.server_cert),
        TLS_KEY=str(certs.server_key),
        TOKEN=token,
        **extra,
    )


def _play(*bots: str, options: tuple[str, ...] = (), env: dict[str, str], log=None):
    args = ["play", "pilfer", "--seed", "3", "--sandbox", "none", *options]
    for bot in bots:
        args += ["--bot", bot]
    if log is not None:
        args += ["--log", str(log)]
    return ruckus(*args, env=env)


def _faults(output: str) -> list[str]:
    return re.findall(r"^  fault: seat \d (\w+) at decision -?\d+: (.*)$", output, re.MULTILINE)


def test_play_a_grpcs_python_bot_and_a_grpcs_node_bot_with_a_token(launch, certs, token, tmp_path):
    python = _tls_bot(launch, certs, token)
    node = _tls_bot(launch, certs, token, "node").replace("127.0.0.1", "localhost")
    log = tmp_path / "match.jsonl"
    done = _play(
        f"grpcs://{python}",
        f"grpcs://{node}",
        options=("--ca", str(certs.ca), "--token-env", "BOTS_TOKEN"),
        env=clean_environment(BOTS_TOKEN=token),
        log=log,
    )
    assert done.returncode == 0, done.stderr
    assert "ended by" in done.stdout and _faults(done.stdout) == []
    assert verify(log).ok
    seats = [seat.to_json() for seat in read_log(log).header.seats]
    assert [(seat["name"], seat["source"]) for seat in seats] == [
        ("pilfer-random", f"grpcs://{python}"),
        ("node-random", f"grpcs://{node}"),
    ]


@pytest.mark.parametrize("language", ["python", "node"])
def test_a_wrong_token_is_startup_failed_naming_the_refusal(launch, certs, token, language):
    bot = _tls_bot(launch, certs, token, language)
    done = _play(
        f"grpcs://{bot}",
        "random",
        options=("--ca", str(certs.ca), "--token-env", "BOTS_TOKEN"),
        env=clean_environment(BOTS_TOKEN="not-" + token),
    )
    assert done.returncode == 2, done.stderr
    assert "error: seat 0 could not start" in done.stderr
    ((code, detail),) = _faults(done.stdout)
    assert code == "STARTUP_FAILED"
    assert "UNAUTHENTICATED" in detail


def test_an_untrusted_ca_is_startup_failed_and_the_handshake_is_named(launch, certs, token):
    bot = _tls_bot(launch, certs, token)
    done = _play(
        f"grpcs://{bot}",
        "random",
        options=("--ca", str(certs.other_ca), "--token-env", "BOTS_TOKEN"),
        env=clean_environment(BOTS_TOKEN=token),
    )
    assert done.returncode == 2, done.stderr
    ((code, detail),) = _faults(done.stdout)
    assert code == "STARTUP_FAILED"
    assert detail.startswith("refused: UNAVAILABLE") and "CERTIFICATE_VERIFY_FAILED" in detail
    (notice,) = [line for line in done.stderr.splitlines() if "does not answer yet" in line]
    assert notice.startswith(f"bot grpcs://{bot} does not answer yet: UNAVAILABLE: ")
    assert "CERTIFICATE_VERIFY_FAILED" in notice


def test_mutual_tls_bot_plays_only_with_a_client_certificate(launch, certs, token):
    bot = _tls_bot(launch, certs, token, TLS_CLIENT_CA=str(certs.ca))
    options = ("--ca", str(certs.ca), "--token-env", "BOTS_TOKEN")
    env = clean_environment(BOTS_TOKEN=token)
    client = ("--client-cert", str(certs.client_cert), "--client-key", str(certs.client_key))
    done = _play(f"grpcs://{bot}", "random", options=(*options, *client), env=env)
    assert done.returncode == 0, done.stderr
    assert "ended by" in done.stdout and _faults(done.stdout) == []
    refused = _play(f"grpcs://{bot}", "random", options=options, env=env)
    assert [code for code, _ in _faults(refused.stdout)] == ["STARTUP_FAILED"]


@pytest.mark.parametrize(
    ("bots", "options", "env", "message"),
    [
        (["random", "random"], ("--ca", "ca.pem"), {}, "--ca: only for grpcs:// bots"),
        (
            ["grpcs://127.0.0.1:9", "random"],
            ("--token-env", "NOT_SET_ANYWHERE"),
            {},
            "NOT_SET_ANYWHERE (the token) is not set",
        ),
        (["grpcs://127.0.0.1:9", "random"], ("--ca", "nowhere.pem"), {}, "cannot read the CA"),
        (
            ["grpcs://127.0.0.1:9", "random"],
            ("--client-cert", "client.pem"),
            {},
            "both a client certificate and its key",
        ),
    ],
)
def test_play_refuses_unusable_remote_options_before_playing(bots, options, env, message):
    done = _play(*bots, options=options, env=clean_environment(**env))
    assert done.returncode == 2
    assert message in " ".join(done.stderr.split())


def test_bot_check_passes_a_grpcs_bot_with_its_token(launch, certs, token):
    bot = _tls_bot(launch, certs, token, "node")
    done = ruckus(
        "bot",
        "check",
        f"grpcs://{bot}",
        "--game",
        "pilfer",
        "--ca",
        str(certs.ca),
        "--token-env",
        "BOTS_TOKEN",
        env=clean_environment(BOTS_TOKEN=token),
    )
    assert done.returncode == 0, done.stdout
    assert "3 of 3 checks passed" in done.stdout
    refused = ruckus("bot", "check", f"grpcs://{bot}", "--game", "pilfer", "--ca", str(certs.ca))
    assert refused.returncode == 1
    assert "FAIL  describe" in refused.stdout and "UNAUTHENTICATED" in refused.stdout


def test_the_referees_own_tls_and_token_never_reach_the_bots_it_starts(certs, token):
    env = clean_environment(
        RUCKUS_TOKEN=token,
        RUCKUS_TLS_CERT=str(certs.server_cert),
        RUCKUS_TLS_KEY=str(certs.server_key),
    )
    done = _play("random", "node-random", env=env)
    assert done.returncode == 0, done.stderr
    assert "ended by" in done.stdout and _faults(done.stdout) == []


@pytest.mark.parametrize("language", ["python", "node"])
@pytest.mark.parametrize(
    ("variables", "message"),
    [
        ({"TLS_CERT": "cert"}, "RUCKUS_TLS_CERT and RUCKUS_TLS_KEY"),
        ({"TLS_CLIENT_CA": "ca"}, "RUCKUS_TLS_CLIENT_CA needs"),
    ],
)
def test_an_sdk_bot_with_half_its_tls_settings_says_so_and_exits(
    launch, certs, language, variables, message
):
    paths = {"cert": str(certs.server_cert), "ca": str(certs.ca)}
    with pytest.raises(pytest.fail.Exception, match=message):
        launch.bot(language, **{name: paths[value] for name, value in variables.items()})
