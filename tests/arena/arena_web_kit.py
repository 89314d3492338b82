"""Helpers of the arena's web tests: an arena played in-process by ``run_arena`` with real
sample-bot processes, served on loopback with its token, and requests that carry (or lack)
the token and the CSRF token."""

from __future__ import annotations

import io
import json
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

from typer.testing import CliRunner

from tournaments.cli import app
from tournaments.runner import SilentObserver
from tournaments.web.arena import ArenaSource
from tournaments.web.doors import CSRF_COOKIE, TOKEN_COOKIE
from tournaments.web.server import ServeOptions, WebServer, arena_options, start

GAME = "pilfer"
RULES = "[rules]\nmax_rounds = 6\n"
BROKEN = "python -c \"print('no listening today'); raise SystemExit(3)\""
"""A bot that prints a line and exits before it listens: rejected on joining."""


def ruckus(*args: str) -> str:
    """Run ``ruckus ARGS`` in this process; return its output (it must succeed)."""
    done = CliRunner().invoke(app, list(args))
    assert done.exit_code == 0, done.output
    return done.output


def new_arena(folder: Path, sandbox: str | None = None) -> Path:
    """Create an arena of short matches (and the sandbox level ``sandbox`` when given)."""
    ruckus("arena", "init", str(folder), "--game", GAME, "--seed", "5")
    toml = folder / "arena.toml"
    text = toml.read_text().replace("[rules]", RULES.strip())
    if sandbox is not None:
        text = text.replace('# level = "auto"', f'level = "{sandbox}"')
    toml.write_text(text)
    return folder


def add(folder: Path, name: str, *source: str, how: str = "add") -> None:
    """``ruckus arena bot add|update NAME SOURCE -a FOLDER``."""
    ruckus("arena", "bot", how, name, *source, "-a", str(folder))


@contextmanager
def serving(folder: Path) -> Iterator[WebServer]:
    """Serve the arena at ``folder`` on loopback (reading open, changing behind its token)."""
    source = ArenaSource(folder)
    server = start(source, arena_options(ServeOptions(resamples=0)))
    try:
        yield server
    finally:
        server.stop()
        source.close()


class Browser:
    """Requests as one browser makes them: its CSRF cookie, and the token once given."""

    def __init__(self, server: WebServer, token: bool = True) -> None:
        self.url = server.url.rstrip("/")
        status, _, headers = self.get("/")
        assert status == 200
        self.csrf = headers["set-cookie"].split(";")[0].removeprefix(f"{CSRF_COOKIE}=")
        self.cookies = {CSRF_COOKIE: self.csrf}
        if token:
            assert server.changing_url is not None
            self.cookies[TOKEN_COOKIE] = server.changing_url.split("token=")[1]

    def get(self, path: str) -> tuple[int, str, dict[str, str]]:
        """GET ``path``; return status, body and headers."""
        request = urllib.request.Request(self.url + path, headers=self._cookie_header())
        return _send(request)

    def post(
        self, path: str, body: bytes, kind: str, csrf: str | None = None
    ) -> tuple[int, dict[str, object]]:
        """POST ``body`` to ``path`` with the CSRF header (``csrf``, else the right one)."""
        headers = {
            **self._cookie_header(),
            "Content-Type": kind,
            "X-CSRF-Token": self.csrf if csrf is None else csrf,
        }
        status, text, _ = _send(urllib.request.Request(self.url + path, body, headers))
        try:
            return status, json.loads(text)
        except json.JSONDecodeError:
            return status, {"text": text}

    def form(self, path: str, **fields: str) -> tuple[int, dict[str, object]]:
        """POST an urlencoded form (with the CSRF token in the header)."""
        return self.post(path, urlencode(fields).encode(), "application/x-www-form-urlencoded")

    def _cookie_header(self) -> dict[str, str]:
        cookies = getattr(self, "cookies", {})
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} if cookies else {}


def _send(request: urllib.request.Request) -> tuple[int, str, dict[str, str]]:
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            headers = {k.lower(): v for k, v in response.headers.items()}
            return response.status, response.read().decode(), headers
    except urllib.error.HTTPError as error:
        headers = {k.lower(): v for k, v in error.headers.items()}
        return error.code, error.read().decode(), headers


def zipped_project(folder: Path) -> bytes:
    """Return the bot project ``folder`` as a zip archive (one top folder)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, f"{folder.name}/{path.relative_to(folder)}")
    return buffer.getvalue()


class Quiet(SilentObserver):
    """An observer that keeps the notices (for a failing test's message)."""

    def __init__(self) -> None:
        self.notices: list[str] = []

    def notice(self, text: str) -> None:
        self.notices.append(text)
