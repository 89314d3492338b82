"""``ruckus referee serve`` behind TLS and a token: who gets in, and where it may listen."""

from __future__ import annotations

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from ruckus.v1 import referee_pb2, referee_pb2_grpc

from referee.games import game_names
from referee.transport.security import SecurityError, ServerSecurity, check_bind, server_security

from .certs import Certs
from .conftest import Launcher, clean_environment, ruckus


def _tls_channel(port: int, certs: Certs, token: str | None, client: bool = False):
    ssl = grpc.ssl_channel_credentials(
        root_certificates=certs.ca.read_bytes(),
        private_key=certs.client_key.read_bytes() if client else None,
        certificate_chain=certs.client_cert.read_bytes() if client else None,
    )
    if token is not None:
        ssl = grpc.composite_channel_credentials(ssl, grpc.access_token_call_credentials(token))
    return grpc.secure_channel(f"localhost:{port}", ssl)


def _every_service(channel) -> dict[str, object]:
    """Call ListGames, a health check and reflection; return each answer or status code."""
    calls = {
        "games": lambda: referee_pb2_grpc.RefereeStub(channel).ListGames(
            referee_pb2.ListGamesRequest(), timeout=10
        ),
        "health": lambda: health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(service="ruckus.v1.Referee"), timeout=10
        ),
        "reflection": lambda: list(
            reflection_pb2_grpc.ServerReflectionStub(channel).ServerReflectionInfo(
                iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=10
            )
        ),
    }
    answers: dict[str, object] = {}
    for name, call in calls.items():
        try:
            answers[name] = call()
        except grpc.RpcError as error:
            answers[name] = error.code()
    return answers


def _served_with_token(launch: Launcher, certs: Certs, token: str) -> int:
    token_file = launch.folder / "token"
    token_file.write_text(token + "\n")
    port, _ = launch.referee(
        *("--tls-cert", str(certs.server_cert), "--tls-key", str(certs.server_key)),
        *("--token-file", str(token_file)),
    )
    return port


def test_tls_and_token_refuse_every_call_without_the_right_token(launch, certs, token):
    port = _served_with_token(launch, certs, token)
    refused = {name: grpc.StatusCode.UNAUTHENTICATED for name in ("games", "health", "reflection")}
    for wrong in (None, token + "x", token[:-1], ""):
        with _tls_channel(port, certs, wrong) as channel:
            assert _every_service(channel) == refused, wrong
    with _tls_channel(port, certs, token) as channel:
        answers = _every_service(channel)
    assert {game.name for game in answers["games"].games} == set(game_names())
    assert answers["health"].status == health_pb2.HealthCheckResponse.SERVING
    services = answers["reflection"][0].list_services_response.service
    assert "ruckus.v1.Referee" in {service.name for service in services}


def test_tls_refuses_plain_tcp_even_with_the_token(launch, certs, token):
    port = _served_with_token(launch, certs, token)
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = referee_pb2_grpc.RefereeStub(channel)
        metadata = [("authorization", f"Bearer {token}")]
        with pytest.raises(grpc.RpcError) as caught:
            stub.ListGames(referee_pb2.ListGamesRequest(), timeout=10, metadata=metadata)
    assert caught.value.code() == grpc.StatusCode.UNAVAILABLE


def test_mutual_tls_refuses_a_client_without_a_certificate(launch, certs, token):
    options = ["--tls-cert", str(certs.server_cert), "--tls-key", str(certs.server_key)]
    options += ["--client-ca", str(certs.ca)]
    port, log = launch.referee(*options, env=clean_environment(RUCKUS_TOKEN=token))
    assert f":{port} (TLS, token)" in log.read_text()
    with _tls_channel(port, certs, token) as channel:
        assert _every_service(channel)["games"] == grpc.StatusCode.UNAVAILABLE
    with _tls_channel(port, certs, token, client=True) as channel:
        assert _every_service(channel)["health"].status == health_pb2.HealthCheckResponse.SERVING
    with _tls_channel(port, certs, None, client=True) as channel:
        assert _every_service(channel)["games"] == grpc.StatusCode.UNAUTHENTICATED


TLS = ServerSecurity(credentials=object(), interceptors=())
TOKEN = ServerSecurity(credentials=None, interceptors=(object(),))
BOTH = ServerSecurity(credentials=object(), interceptors=(object(),))


@pytest.mark.parametrize("host", ["127.0.0.1", "127.3.4.5", "localhost", "::1", "[::1]"])
def test_loopback_may_be_bound_without_tls_or_token(host):
    assert check_bind(host, ServerSecurity(), insecure=False) is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.7", "bots.example.org"])
@pytest.mark.parametrize(
    ("security", "missing"),
    [(ServerSecurity(), "TLS and a token"), (TLS, "a token"), (TOKEN, "TLS")],
)
def test_other_hosts_need_tls_and_a_token_or_insecure(host, security, missing):
    with pytest.raises(SecurityError, match=f"refusing to listen on {host} without {missing}"):
        check_bind(host, security, insecure=False)
    warning = check_bind(host, security, insecure=True)
    assert warning == f"warning: listening on {host} without {missing} (--insecure): " + (
        "anyone can call it"
    )
    assert check_bind(host, BOTH, insecure=False) is None


def test_serve_refuses_all_interfaces_without_tls_and_token():
    done = ruckus("referee", "serve", "--host", "0.0.0.0", "--port", "0", "--sandbox", "none")
    assert done.returncode == 2
    assert "refusing to listen on 0.0.0.0 without TLS and a token" in " ".join(done.stderr.split())


def test_serve_with_insecure_warns_in_one_line_then_serves(launch):
    _, log = launch.referee("--host", "0.0.0.0", "--insecure")
    launch.stop()  # bound, never called: no traffic beyond loopback
    assert "referee listening on 0.0.0.0:" in log.read_text()
    warnings = [line for line in log.read_text().splitlines() if line.startswith("warning:")]
    assert warnings == [
        "warning: listening on 0.0.0.0 without TLS and a token (--insecure): anyone can call it"
    ]


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (("cert",), "give both --tls-cert and --tls-key"),
        (("ca",), "--client-ca (mutual TLS) needs --tls-cert and --tls-key"),
        (("cert", "key", "empty-token"), "is empty"),
        (("cert", "missing-key"), "cannot read the TLS key"),
    ],
)
def test_serve_refuses_unusable_tls_or_token_settings(tmp_path, certs, files, message):
    (tmp_path / "empty").write_text("\n")
    paths = {
        "cert": ("--tls-cert", certs.server_cert),
        "key": ("--tls-key", certs.server_key),
        "missing-key": ("--tls-key", tmp_path / "nothing.key"),
        "ca": ("--client-ca", certs.ca),
        "empty-token": ("--token-file", tmp_path / "empty"),
    }
    options = [str(part) for name in files for part in paths[name]]
    done = ruckus("referee", "serve", "--port", "0", "--sandbox", "none", *options)
    assert done.returncode == 2
    assert message in " ".join(done.stderr.split())


def test_server_security_loads_the_files_into_credentials_and_an_interceptor(certs):
    security = server_security(certs.server_cert, certs.server_key, certs.ca, "t0ken")
    assert security.tls and security.token
    assert server_security(None, None, None, None) == ServerSecurity()
