"""The arena's own parts of the pages: each entry's status, version and why it was refused
(shown on the leaderboard and a bot's page), and the two routes that change the bots.

=========================  ==============================================================
``POST /arena/bots``        add a bot (or, with ``mode=update``, a new version of one): a
                            form (``name``, ``sample`` or ``command``) or, for an uploaded bot
                            folder, the archive itself as the body (``?name=NAME``)
``POST /arena/retire``      retire a bot, or one version (form field ``name``)
=========================  ==============================================================

Both answer JSON (``{"entry": ..., "status": ...}`` or ``{"error": ...}``). They sit behind the
doors (:mod:`tournaments.web.doors`): the token, which an arena's server always has (reading is
open on loopback, changing is not), and the CSRF check. Whatever is added from a browser
runs only in a sandbox: with the arena's ``[sandbox]`` level resolving to ``none``, a command
or an upload is refused (a sample bot is the project's own code). An upload is unpacked by
:func:`tournaments.arena.uploads.unpack` into ``ARENA/uploads/NAME-XXXXXXXX/`` and must be a bot
project (``ruckus bot new``); the arena checks it on joining as it checks every bot.
"""

from __future__ import annotations

import asyncio
import math
import secrets
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from referee.sandbox import Level, SandboxError
from referee.sandbox import resolve as resolve_level
from tournaments.arena.bot_tables import SourceProblem, bot_table, folder_table
from tournaments.arena.standing import stage
from tournaments.arena.store import ArenaBot, ArenaStore
from tournaments.arena.uploads import UploadError, unpack
from tournaments.standings import BotStanding
from tournaments.store import StoreError
from tournaments.toml_fields import NAME_PATTERN, DefinitionError
from tournaments.web.arena import ArenaSource

UPLOADS = "uploads"
"""The folder of the arena that holds the bot folders uploaded from a browser."""
FORM = "application/x-www-form-urlencoded"
Row = dict[str, Any]


class Refused(ValueError):
    """A change to the bots refused; the message says why (answered with 400)."""


def arena_stages(source: ArenaSource, standings: Sequence[BotStanding]) -> dict[str, str]:
    """Return each entry's stage (:func:`~tournaments.arena.standing.stage`) from the
    OpenSkill ``sigma`` of the board's ``standings``."""
    sigmas = {standing.name: standing.skill.sigma for standing in standings}
    interval = source.config.candidate_interval
    return {
        entry.name: stage(entry.status, sigmas.get(entry.name, math.inf), interval)
        for entry in source.entries()
    }


def entry_rows(
    entries: Sequence[ArenaBot], rows: Sequence[Row], stages: dict[str, str]
) -> list[Row]:
    """Return one row per entry of ``entries`` (newest version first): its version, stage,
    reason, and its leaderboard row's rating, interval and games (``rows``)."""
    by_name = {row["bot"]: row for row in rows}
    return [
        {
            "name": entry.name,
            "version": entry.version,
            "stage": stages.get(entry.name, entry.status),
            "reason": entry.reason,
            "added_at": entry.added_at,
            "row": by_name.get(entry.name),
        }
        for entry in entries
    ]


class ArenaRoutes:
    """The routes that change an arena's bots (see the module)."""

    def __init__(self, source: ArenaSource) -> None:
        self.source = source

    def routes(self) -> list[Route]:
        """Return the routes, to be served behind the doors."""
        return [
            Route("/arena/bots", self.add, methods=["POST"]),
            Route("/arena/retire", self.retire, methods=["POST"]),
        ]

    async def add(self, request: Request) -> Response:
        """Add a bot, or a new version of one, from a form or an uploaded archive (unpacked
        and stored off the event loop: the store may wait on ``arena run``'s writes)."""
        body = await request.body()
        kind = request.headers.get("content-type", "")
        query = dict(request.query_params)
        try:
            entry = await asyncio.to_thread(self._added, kind, body, query)
        except Refused as error:
            return JSONResponse({"error": str(error)}, 400)
        return JSONResponse({"entry": entry.name, "status": entry.status}, 201)

    def _added(self, kind: str, body: bytes, query: dict[str, str]) -> ArenaBot:
        """Enter the bot a form or an uploaded archive gives."""
        if kind.startswith(FORM):
            form = _form(body)
            return self._enter(self._table(form), form.get("mode", "add"))
        table = self._upload(query.get("name", ""), body)
        return self._enter(table, query.get("mode", "add"))

    async def retire(self, request: Request) -> Response:
        """Retire a bot (or one version of it)."""
        name = _form(await request.body()).get("name", "")
        try:
            retired = await asyncio.to_thread(self._retired, name)
        except StoreError as error:
            return JSONResponse({"error": str(error)}, 400)
        return JSONResponse({"retired": retired})

    def _retired(self, name: str) -> list[str]:
        """Retire ``name`` in the store; return the entries retired."""
        store = self._store()
        try:
            return store.retire(name)
        finally:
            store.close()

    def _table(self, form: dict[str, str]) -> dict[str, Any]:
        """Return the bot table of a form: a sample bot, or a command (sandboxed only)."""
        name = _name(form.get("name", ""))
        command, sample = form.get("command") or None, form.get("sample") or None
        if command is not None:
            self._sandboxed()
        try:
            return bot_table(name, command, None, None, sample)
        except SourceProblem:
            raise Refused("give either a sample bot or a command, or upload a folder") from None

    def _upload(self, name: str, data: bytes) -> dict[str, Any]:
        """Unpack an uploaded bot folder into the arena; return its bot table."""
        name = _name(name)
        self._sandboxed()
        folder = self.source.root / UPLOADS / f"{name}-{secrets.token_hex(4)}"
        try:
            unpack(data, folder)
            return folder_table(name, _project_root(folder))
        except UploadError as error:
            raise Refused(f"upload refused: {error}") from None
        except SourceProblem as error:
            shutil.rmtree(folder, ignore_errors=True)
            raise Refused(f"upload refused: {error}") from None

    def _sandboxed(self) -> None:
        """Refuse a bot from a browser when the arena's sandbox level is ``none``."""
        try:
            level = resolve_level(self.source.config.sandbox)
        except SandboxError as error:
            raise Refused(str(error)) from None
        if level is Level.NONE:
            raise Refused(
                "the arena's sandbox level is none: a bot added from a browser runs only in a "
                "sandbox (set [sandbox] level in arena.toml)"
            )

    def _enter(self, table: dict[str, Any], mode: str) -> ArenaBot:
        """Add the bot (``mode`` add) or its next version (``update``) to the store."""
        store = self._store()
        try:
            how = {"add": store.add_bot, "update": store.update_bot}.get(mode)
            if how is None:
                raise Refused("mode is add or update")
            return how(table)
        except (StoreError, DefinitionError) as error:
            self._discard(table)
            raise Refused(str(error)) from None
        finally:
            store.close()

    def _discard(self, table: dict[str, Any]) -> None:
        """Remove the uploaded folder of a bot table that was not entered."""
        uploads = self.source.root / UPLOADS
        folder = Path(table.get("dir") or "/")
        if folder.is_relative_to(uploads) and folder != uploads:
            shutil.rmtree(uploads / folder.relative_to(uploads).parts[0], ignore_errors=True)

    def _store(self) -> ArenaStore:
        return ArenaStore.open(self.source.root)


def _form(body: bytes) -> dict[str, str]:
    """Return the fields of an urlencoded body (the first value of each)."""
    return {key: values[0] for key, values in parse_qs(body.decode("utf-8", "replace")).items()}


def _name(name: str) -> str:
    """Return ``name`` when it may name a bot, else refuse it."""
    if not NAME_PATTERN.match(name):
        raise Refused(f"name {name!r}: use letters, digits, '.', '_', '-' (max 64)")
    return name


def _project_root(folder: Path) -> Path:
    """Return the bot project in an unpacked folder: the folder, or its only subfolder."""
    children = list(folder.iterdir())
    if len(children) == 1 and children[0].is_dir() and not children[0].is_symlink():
        return children[0]
    return folder
