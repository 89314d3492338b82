"""Tournaments with bots at ``grpcs://`` addresses: ``ca`` and ``token_env`` in the TOML."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.matchlog import verify
from tournaments.definition import DefinitionError, parse_definition
from tournaments.runner import RunFolder
from tournaments.store import ResultStore

from .conftest import Launcher, clean_environment, ruckus

HEAD = 'name = "remote"\ngame = "pilfer"\nplayers = 2\nformat = "round-robin"\nseed = 9\n'


def _run(folder: Path, bots: str, env: dict[str, str]):
    """Write ``tournament.toml`` in ``folder`` and run it there; return the process and store."""
    (folder / "tournament.toml").write_text(HEAD + bots)
    done = ruckus(
        "tournament",
        "run",
        "tournament.toml",
        "--run-dir",
        "run",
        "--no-live",
        "-c",
        "2",
        env=clean_environment(**env),
        cwd=folder,
    )
    return done, folder / "run"


def _resume_keeping_going(folder: Path, env: dict[str, str]):
    """Resume the run in ``folder``/run with ``--keep-going``; return the process."""
    return ruckus(
        "tournament",
        "resume",
        "run",
        "--no-live",
        "-c",
        "2",
        "--keep-going",
        env=clean_environment(**env),
        cwd=folder,
    )


def _results(run_dir: Path) -> list:
    store = ResultStore.open(run_dir)
    try:
        return store.results()
    finally:
        store.close()


def _tls_bot(launch: Launcher, certs, token: str, language: str = "python") -> str:
    return launch.bot(
        language, TLS_CERT=str(certs.server_cert), TLS_KEY=str(certs.server_key), TOKEN=token
    )


def test_a_round_robin_plays_grpcs_bots_named_with_ca_and_token_env(launch, certs, tmp_path):
    python = _tls_bot(launch, certs, "python-token")
    node = _tls_bot(launch, certs, "node-token", "node").replace("127.0.0.1", "localhost")
    (tmp_path / "certs").mkdir()
    shutil.copy(certs.ca, tmp_path / "certs" / "ca.pem")
    bots = (
        f'[[bots]]\nname = "py"\naddress = "grpcs://{python}"\n'
        'ca = "certs/ca.pem"\ntoken_env = "PY_TOKEN"\n'
        f'[[bots]]\nname = "js"\naddress = "grpcs://{node}"\n'
        f'ca = "{certs.ca}"\ntoken_env = "JS_TOKEN"\n'
        '[[bots]]\nname = "local"\nsample = "pilfer-random"\n'
    )
    done, run_dir = _run(tmp_path, bots, {"PY_TOKEN": "python-token", "JS_TOKEN": "node-token"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "played 3 matches" in done.stdout
    assert "preflight: 3 bots ready" in done.stdout
    results = _results(run_dir)
    assert len(results) == 3
    for result in results:
        assert result.status == "completed", result
        assert all(not faults for faults in result.faults)
        assert verify(run_dir / result.log_path, RunFolder(run_dir).log_key()).ok


def test_wrong_token_and_untrusted_ca_stop_the_run_and_forfeit_with_keep_going(
    launch, certs, tmp_path
):
    bot = _tls_bot(launch, certs, "right-token")
    bots = (
        f'[[bots]]\nname = "wrongtoken"\naddress = "grpcs://{bot}"\n'
        f'ca = "{certs.ca}"\ntoken_env = "WRONG_TOKEN"\n'
        f'[[bots]]\nname = "wrongca"\naddress = "grpcs://{bot}"\n'
        f'ca = "{certs.other_ca}"\ntoken_env = "RIGHT_TOKEN"\n'
        '[[bots]]\nname = "local"\nsample = "pilfer-random"\n'
    )
    env = {"WRONG_TOKEN": "wrong-token", "RIGHT_TOKEN": "right-token"}
    done, run_dir = _run(tmp_path, bots, env)
    assert done.returncode == 2, done.stdout + done.stderr
    errors = " ".join(done.stderr.split())
    assert f"error: bot wrongtoken: does not answer Describe at {bot}: UNAUTHENTICATED" in errors
    assert f"error: bot wrongca: does not answer Describe at {bot}: UNAVAILABLE" in errors
    assert "CERTIFICATE_VERIFY_FAILED" in errors
    assert _results(run_dir) == []
    kept_going = _resume_keeping_going(tmp_path, env)
    assert kept_going.returncode == 0, kept_going.stdout + kept_going.stderr
    output = " ".join(kept_going.stdout.split())
    assert "preflight: bot wrongtoken: does not answer Describe" in output
    assert "its matches will be forfeits" in output
    results = _results(run_dir)
    assert len(results) == 3
    for result in results:
        assert result.status == "forfeit"
        faulted = [name for name, faults in zip(result.seats, result.faults, strict=True) if faults]
        assert faulted and "local" not in faulted
        assert all(faults in ({}, {"STARTUP_FAILED": 1}) for faults in result.faults)


def test_a_token_may_go_to_a_plaintext_bot_on_loopback(launch, tmp_path):
    bot = launch.bot(TOKEN="plain-token")
    bots = (
        f'[[bots]]\nname = "plain"\naddress = "grpc://{bot}"\ntoken_env = "PLAIN_TOKEN"\n'
        '[[bots]]\nname = "local"\nsample = "pilfer-random"\n'
    )
    done, run_dir = _run(tmp_path, bots, {"PLAIN_TOKEN": "plain-token"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert [result.status for result in _results(run_dir)] == ["completed"]


def test_a_token_variable_that_is_not_set_stops_the_run_before_any_match(tmp_path):
    bots = (
        '[[bots]]\nname = "far"\naddress = "grpcs://127.0.0.1:9"\ntoken_env = "NOT_SET_HERE"\n'
        '[[bots]]\nname = "local"\nsample = "pilfer-random"\n'
    )
    done, run_dir = _run(tmp_path, bots, {})
    assert done.returncode == 2
    assert "bot 'far': the environment variable NOT_SET_HERE (the token) is not set" in (
        " ".join(done.stderr.split())
    )
    assert not run_dir.exists()


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [
        ('sample = "pilfer-random"\nca = "ca.pem"', "bots[0].ca", "only an address bot"),
        ('address = "grpc://127.0.0.1:5000"\nca = "ca.pem"', "bots[0].ca", "needs a grpcs://"),
        (
            'address = "grpcs://127.0.0.1:5000"\nclient_cert = "c.pem"',
            "bots[0].client_key",
            "go together",
        ),
        (
            'address = "grpcs://127.0.0.1:5000"\ntoken_env = "not a name"',
            "bots[0].token_env",
            "expected the NAME of the environment variable",
        ),
        (
            'address = "grpc://192.0.2.7:5000"\ntoken_env = "T"',
            "bots[0].token_env",
            "in the clear",
        ),
        ('command = "python bot.py"\ntoken_env = "T"', "bots[0].token_env", "only an address"),
    ],
)
def test_the_definition_refuses_tls_and_token_fields_that_cannot_work(entry, field, message):
    text = HEAD + f'[[bots]]\nname = "a"\n{entry}\n[[bots]]\nname = "b"\nsample = "random"\n'
    with pytest.raises(DefinitionError) as caught:
        parse_definition(text)
    assert caught.value.field == field
    assert message in str(caught.value)


def test_the_definition_keeps_the_fields_as_written():
    text = HEAD + (
        '[[bots]]\nname = "a"\naddress = "grpcs://bots.example.org:443"\nca = "certs/ca.pem"\n'
        'token_env = "A_TOKEN"\nclient_cert = "me.pem"\nclient_key = "me.key"\n'
        '[[bots]]\nname = "b"\nsample = "random"\n'
    )
    (entry, _) = parse_definition(text).bots
    assert (entry.ca, entry.token_env, entry.client_cert, entry.client_key) == (
        "certs/ca.pem",
        "A_TOKEN",
        "me.pem",
        "me.key",
    )
