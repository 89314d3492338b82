"""Who may reach the pages: where the server binds, its token, CSRF protection, headers.

* **Bind.** Loopback (127.0.0.1, ::1, localhost) is open to read. Any other address needs TLS
  (a certificate and key) and a token, as ``ruckus referee serve`` does
  (:func:`referee.transport.security.is_loopback`); ``--insecure`` allows it without, with a
  warning on stderr.
* **Token.** With a token every request must carry it: ``Authorization: Bearer <token>``, or
  the ``ruckus_token`` cookie, or once ``?token=<token>`` in a link, which sets that cookie
  (HttpOnly, SameSite=Strict). Tokens are compared in constant time. With ``open_reads`` (an
  arena served on loopback) reading needs no token: only what may change something does. A
  refused request's body is read first (up to :data:`MAX_FORM_BYTES`), so the client gets
  its 401, not a reset connection.
* **CSRF.** Every request that may change something (POST, PUT, PATCH, DELETE) must carry the
  ``ruckus_csrf`` cookie's value back, as the ``X-CSRF-Token`` header or the ``csrf_token``
  form field (:func:`csrf_field` writes it into a form), and an ``Origin``, when sent, must be
  the server's own. A body over the door's cap is refused (413) before anything reads it.
* **Headers.** Every response says ``X-Content-Type-Options: nosniff``, ``Referrer-Policy:
  no-referrer`` and a ``Content-Security-Policy`` that lets a page load nothing from elsewhere.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from markupsafe import Markup, escape
from starlette.requests import Request

from referee.transport.security import is_loopback

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

TOKEN_COOKIE = "ruckus_token"
CSRF_COOKIE = "ruckus_csrf"
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf_token"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_FORM_BYTES = 1 << 20
"""The largest body the CSRF check reads by default (a larger one is refused with 413)."""
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (
        b"content-security-policy",
        b"default-src 'self' 'unsafe-inline' data:; connect-src 'self'; frame-ancestors 'self'",
    ),
)


class DoorError(ValueError):
    """A bind that is refused: a non-loopback address without TLS and a token."""


def check_bind(host: str, tls: bool, token: bool, insecure: bool) -> str | None:
    """Return None when ``host`` may be bound as asked, the warning to print when it may only
    because of ``insecure``; raise DoorError when it may not."""
    if is_loopback(host) or (tls and token):
        return None
    missing = " and ".join(name for name, there in (("TLS", tls), ("a token", token)) if not there)
    if not insecure:
        raise DoorError(
            f"{host} is not loopback: serving it needs {missing} "
            "(--tls-cert/--tls-key, --token-file), or --insecure"
        )
    return f"warning: serving {host} without {missing} (--insecure): anyone who reaches it reads it"


def _cookies(scope: Scope) -> dict[str, str]:
    """Return the request's cookies."""
    jar: SimpleCookie = SimpleCookie()
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            jar.load(value.decode("latin-1"))
    return {key: morsel.value for key, morsel in jar.items()}


def _header(scope: Scope, wanted: bytes) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == wanted:
            return str(value.decode("latin-1"))
    return None


async def _refuse(send: Send, status: int, text: str) -> None:
    """Send a plain-text refusal."""
    body = text.encode()
    headers = [(b"content-type", b"text/plain; charset=utf-8"), *SECURITY_HEADERS]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _with_headers(send: Send, extra: list[tuple[bytes, bytes]]) -> Send:
    """Return ``send`` adding ``extra`` and the security headers to the response's start."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS, *extra]
        await send(message)

    return sending


class TokenDoor:
    """ASGI middleware: every HTTP request needs ``token`` (see the module docstring); with
    ``open_reads``, only the requests that may change something (:data:`UNSAFE_METHODS`)."""

    def __init__(self, app: App, token: str, open_reads: bool = False) -> None:
        self.app = app
        self.token = token
        self.open_reads = open_reads

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass a request carrying the token on; refuse any other with 401."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        bearer = (_header(scope, b"authorization") or "").removeprefix("Bearer ").strip()
        cookie = _cookies(scope).get(TOKEN_COOKIE, "")
        query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [""])[0]
        if self._right(bearer) or self._right(cookie):
            await self.app(scope, receive, send)
        elif self._right(query):
            value = f"{TOKEN_COOKIE}={query}; HttpOnly; SameSite=Strict; Path=/"
            await self.app(scope, receive, _with_headers(send, [(b"set-cookie", value.encode())]))
        elif self.open_reads and scope["method"] not in UNSAFE_METHODS:
            await self.app(scope, receive, send)
        else:
            if scope["method"] in UNSAFE_METHODS:
                # Read the body first: closing on an unread body resets the connection,
                # and the client may lose the 401 with it.
                await _body(receive, MAX_FORM_BYTES)
            await _refuse(send, 401, "a token is needed: Authorization: Bearer <token>")

    def _right(self, given: str) -> bool:
        return bool(given) and hmac.compare_digest(given.encode(), self.token.encode())


class CsrfDoor:
    """ASGI middleware: gives each browser a CSRF cookie and checks it on every unsafe
    request (see the module docstring); adds the security headers to every response."""

    def __init__(self, app: App, max_body: int = MAX_FORM_BYTES) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check an unsafe request's CSRF token, then pass the request on."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        known = _cookies(scope).get(CSRF_COOKIE)
        token = known or secrets.token_urlsafe(32)
        scope.setdefault("state", {})[CSRF_FIELD] = token
        extra = []
        if known is None:
            cookie = f"{CSRF_COOKIE}={token}; SameSite=Strict; Path=/"
            extra.append((b"set-cookie", cookie.encode()))
        if scope["method"] in UNSAFE_METHODS:
            body = await _body(receive, self.max_body)
            if body is None:
                await _refuse(send, 413, f"the request body is over {self.max_body} bytes")
                return
            problem = _csrf_problem(scope, known, body)
            if problem is not None:
                await _refuse(send, 403, problem)
                return
            receive = _replay(body)
        await self.app(scope, receive, _with_headers(send, extra))


async def _body(receive: Receive, most: int) -> bytes | None:
    """Read the whole request body (None past ``most`` bytes)."""
    chunks, size = [], 0
    while True:
        message = await receive()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > most:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    """Return a ``receive`` that hands the app the body already read."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


def _csrf_problem(scope: Scope, known: str | None, body: bytes) -> str | None:
    """Return why an unsafe request fails the CSRF check, None when it passes."""
    origin = _header(scope, b"origin")
    host = _header(scope, b"host")
    if origin is not None and origin.split("://", 1)[-1] != host:
        return "the request comes from another site"
    given = _header(scope, CSRF_HEADER.encode())
    if given is None and (_header(scope, b"content-type") or "").startswith(
        "application/x-www-form-urlencoded"
    ):
        given = parse_qs(body.decode("latin-1")).get(CSRF_FIELD, [None])[0]
    if not known or not given or not hmac.compare_digest(known.encode(), given.encode()):
        return "the CSRF token is missing or wrong"
    return None


def csrf_token(request: Request) -> str:
    """Return the CSRF token of ``request``'s browser (what a form must send back)."""
    return str(request.scope["state"][CSRF_FIELD])


def csrf_field(request: Request) -> Markup:
    """Return the hidden form field that carries the CSRF token (for templates)."""
    token = escape(csrf_token(request))
    return Markup(f'<input type="hidden" name="{CSRF_FIELD}" value="{token}">')
