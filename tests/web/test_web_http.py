"""Every route of ``ruckus web`` over HTTP against a real server on loopback, the doors (bind,
token, CSRF) and the paths a request may not reach."""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, quote, urlencode, urlsplit

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from typer.testing import CliRunner
from web_kit import PlayedRun, serving

from tournaments.cli import app
from tournaments.store import ResultStore
from tournaments.web.doors import CSRF_COOKIE, CsrfDoor, DoorError, check_bind, csrf_field
from tournaments.web.filters import FilterError, MatchFilter
from tournaments.web.server import ServeOptions
from tournaments.web.source import RunFolderSource


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str, dict[str, str]]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return (
                response.status,
                response.read().decode(),
                {k.lower(): v for k, v in response.headers.items()},
            )
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), {k.lower(): v for k, v in error.headers.items()}


def raw_get(url: str, path: str) -> int:
    """GET ``path`` exactly as written (no client-side normalising of ``..``)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", path)
    status = connection.getresponse().status
    connection.close()
    return status


def test_the_source_reads_what_the_store_holds(gauntlet: PlayedRun):
    source = RunFolderSource(gauntlet.root)
    store = ResultStore.open(gauntlet.root)
    try:
        assert [played.result for played in source.matches()] == store.results()
        assert source.version() == store.count()
        assert [played.seq for played in source.matches(2)][:1] == [3]
    finally:
        store.close()
        source.close()


def test_every_page_answers(gauntlet: PlayedRun):
    source = RunFolderSource(gauntlet.root)
    key = source.matches()[0].result.key
    source.close()
    with serving(gauntlet.root, resamples=0) as server:
        status, body, headers = get(server.url)
        assert status == 200 and "champ" in body and 'data-testid="leaderboard"' in body
        assert headers["x-content-type-options"] == "nosniff"
        assert "default-src 'self'" in headers["content-security-policy"]
        status, body, _ = get(server.url + "bots/champ")
        assert status == 200 and 'id="rating-data"' in body and "left" in body
        status, body, _ = get(server.url + "matches?bot=champ&opponent=left&seat=0")
        assert status == 200 and "Leaderboard of these matches" in body
        assert get(server.url + "matches?outcome=win")[0] == 400
        status, body, _ = get(server.url + f"match/{key}")
        assert status == 200 and f"/replay/{key}" in body
        status, body, _ = get(server.url + f"replay/{key}")
        assert status == 200 and "seat_views" in body
        status, body, _ = get(server.url + f"log/{key}")
        assert status == 200 and body.startswith("{")
        status, body, _ = get(server.url + "run")
        assert status == 200 and 'data-testid="sprt"' in body and "ETA" in body
        status, body, _ = get(server.url + "api/versus?bot=champ")
        assert status == 200 and set(json.loads(body)["versus"]) == {"left", "right"}
        assert get(server.url + "bots/nobody")[0] == 404
        assert get(server.url + "static/chart.umd.js")[0] == 200


def test_the_bracket_is_drawn(knockout: Path):
    with serving(knockout, resamples=0) as server:
        status, body, _ = get(server.url + "run")
        assert status == 200 and 'data-testid="bracket"' in body and "k1" in body


def test_events_announce_a_new_result(gauntlet: PlayedRun):
    with serving(gauntlet.root, resamples=0) as server:
        parts = urlsplit(server.url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        connection.request("GET", "/events")
        response = connection.getresponse()
        assert response.getheader("Content-Type").startswith("text/event-stream")
        first = response.readline() + response.readline()
        assert first.startswith(b"event: version")
        before = int(first.split(b"data: ")[1])
        started = time.monotonic()
        gauntlet.record_held()
        while (line := response.readline()) and not line.startswith(b"data: "):
            pass
        assert int(line.split(b"data: ")[1]) == before + 1
        assert time.monotonic() - started < 1.5
        connection.close()


@pytest.mark.parametrize(
    "path",
    [
        "/log/../results.sqlite",
        "/log/%2e%2e/%2e%2e/etc/passwd",
        "/log/..%2f..%2fetc%2fpasswd",
        "/log//etc/passwd",
        "/log/%2Fetc%2Fpasswd",
        "/replay/../../log.key",
        "/replay/%2e%2e%2flog.key",
        "/match/..%2f..%2flog.key",
        "/static/../source.py",
        "/static/%2e%2e/source.py",
        "/log/logs/../log.key",
    ],
)
def test_no_route_serves_a_file_outside_the_run(gauntlet: PlayedRun, path: str):
    with serving(gauntlet.root, resamples=0) as server:
        assert raw_get(server.url, path) in (400, 404)


def test_a_log_path_stored_outside_the_run_is_not_served(gauntlet: PlayedRun, tmp_path: Path):
    source = RunFolderSource(gauntlet.root)
    played = source.matches()[0]
    outside = tmp_path / "secret.jsonl"
    outside.write_text("{}")
    moved = type(played)(played.seq, _with_log(played.result, str(outside)), played.scenario)
    escaping = type(played)(played.seq, _with_log(played.result, "../../x.jsonl"), "raid")
    assert source.log_file(moved) is None and source.log_file(escaping) is None
    source.close()


def _with_log(result, log_path: str):
    from dataclasses import replace

    return replace(result, log_path=log_path)


def test_the_token_door(gauntlet: PlayedRun):
    with serving(gauntlet.root, resamples=0, token="s3cret") as server:
        assert get(server.url)[0] == 401
        assert get(server.url, {"Authorization": "Bearer wrong"})[0] == 401
        assert get(server.url, {"Authorization": "Bearer s3cret"})[0] == 200
        status, _, headers = get(server.url + "?token=s3cret")
        assert status == 200 and "ruckus_token=s3cret" in headers["set-cookie"]
        assert get(server.url, {"Cookie": "ruckus_token=s3cret"})[0] == 200


def test_binding_beyond_loopback_needs_tls_and_a_token():
    assert check_bind("127.0.0.1", False, False, False) is None
    assert check_bind("::1", False, False, False) is None
    assert check_bind("0.0.0.0", True, True, False) is None
    with pytest.raises(DoorError, match="TLS and a token"):
        check_bind("0.0.0.0", False, False, False)
    with pytest.raises(DoorError, match="a token"):
        ServeOptions(host="10.1.2.3", tls_cert=Path("c"), tls_key=Path("k")).check()
    assert "warning" in (check_bind("0.0.0.0", False, False, True) or "")


def test_the_command_refuses_an_open_bind(gauntlet: PlayedRun):
    refused = CliRunner().invoke(app, ["web", str(gauntlet.root), "--host", "0.0.0.0"])
    assert refused.exit_code == 2 and "needs TLS and a token" in refused.output


@contextmanager
def served_app(app: object) -> Iterator[str]:
    """Serve an ASGI ``app`` on a free loopback port for the ``with`` block."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])))
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=5)


def post(url: str, body: dict[str, str], headers: dict[str, str]) -> tuple[int, str]:
    data = urlencode(body).encode()
    kind = {"Content-Type": "application/x-www-form-urlencoded"}
    request = urllib.request.Request(url, data=data, headers={**kind, **headers}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_csrf_protects_unsafe_requests():
    async def change(request: Request) -> PlainTextResponse:
        form = parse_qs((await request.body()).decode())
        return PlainTextResponse(f"changed {form.get('name', [''])[0]}")

    async def page(request: Request) -> PlainTextResponse:
        return PlainTextResponse(str(csrf_field(request)))

    routes = [Route("/", page), Route("/change", change, methods=["POST"])]
    with served_app(CsrfDoor(Starlette(routes=routes))) as url:
        status, field, headers = get(url + "/")
        token = headers["set-cookie"].split(";")[0].removeprefix(f"{CSRF_COOKIE}=")
        assert status == 200 and f'value="{token}"' in field
        cookie = {"Cookie": f"{CSRF_COOKIE}={token}"}
        assert post(url + "/change", {"name": "x"}, cookie)[0] == 403
        assert post(url + "/change", {"name": "x", "csrf_token": "forged"}, cookie)[0] == 403
        assert post(url + "/change", {"name": "x", "csrf_token": token}, {})[0] == 403
        assert post(url + "/change", {"name": "x", "csrf_token": token}, cookie) == (
            200,
            "changed x",
        )
        assert post(url + "/change", {}, {**cookie, "X-CSRF-Token": token})[0] == 200
        evil = {**cookie, "Origin": "http://evil.example"}
        assert post(url + "/change", {"csrf_token": token}, evil)[0] == 403


def test_filters_parse_and_give_back_their_query():
    chosen = MatchFilter.parse({"bot": "a", "outcome": "loss", "fault": "any", "players": "2"})
    assert MatchFilter.parse(dict(_pairs(chosen.query()))) == chosen
    for bad in ({"outcome": "win"}, {"bot": "a", "outcome": "maybe"}, {"players": "two"}):
        with pytest.raises(FilterError):
            MatchFilter.parse(bad)


def _pairs(query: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    return parse_qsl(query)


def test_match_keys_with_slashes_are_quoted_safely(gauntlet: PlayedRun):
    with serving(gauntlet.root, resamples=0) as server:
        assert get(server.url + "match/" + quote("gauntlet/champ~left/g0"))[0] == 200
