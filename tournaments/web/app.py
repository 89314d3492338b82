"""The Starlette application: one route per page, the JSON the pages fetch, the replay and log
of each match, and the server-sent events that tell open pages a match was added.

Routes (``KEY`` is a match key, which may hold ``/``):

=====================  ==========================================================
``/``                  the leaderboard
``/bots/BOT``          a bot: rating over time, pairings, faults, last output
``/matches?FILTER``    the match list and the leaderboard of the matches it lists
``/match/KEY``         one match, with its replay
``/replay/KEY``        the replay viewer (every seat's view) of that match
``/log/KEY``           the match's log file as stored
``/run``               progress and ETA, the bracket, rounds, the ``[sprt]`` tests
``/events``            server-sent events: ``version`` with the latest ``seq``
``/api/versus?bot=``   every bot's score against one bot (the leaderboard's highlight)
=====================  ==========================================================

A log or replay is found by its match's key among the stored results, and served only when the
stored path resolves to a file inside the source (:meth:`~tournaments.web.source.RunSource.
log_file`), so no request names a file of its own.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tournaments.arena.uploads import MAX_ARCHIVE_BYTES
from tournaments.replay.html import render_html
from tournaments.replay.timeline import ReplayError, load_timeline
from tournaments.store import FAULT_CLASSES
from tournaments.web import pages
from tournaments.web.arena import ArenaSource
from tournaments.web.arena_pages import ArenaRoutes, arena_stages, entry_rows
from tournaments.web.board import Board
from tournaments.web.doors import MAX_FORM_BYTES, CsrfDoor, TokenDoor, csrf_field
from tournaments.web.filters import ANY_FAULT, OUTCOMES, FilterError, MatchFilter
from tournaments.web.intervals import IntervalFits
from tournaments.web.source import PlayedMatch

EVENT_SECONDS = 0.2
"""How often an open event stream looks at the board's version."""
KEEPALIVE_SECONDS = 15.0
"""An event stream sends a comment this often when nothing happens."""
PAGE_SIZE = 100
"""Matches per page of the match list."""
ROUNDS_SHOWN = 12
"""How many of the latest rounds the run page lists."""
PAGES_KEPT = 256
"""How many rendered pages are kept for the next request of the same URL."""
Handler = Callable[[Request], Awaitable[Response]]


@dataclass
class Site:
    """What the routes serve: the board, the leaderboard's intervals, the filtered
    leaderboards and pages already worked out, and whether the server is closing (open event
    streams end)."""

    board: Board
    intervals: IntervalFits
    closing: threading.Event = field(default_factory=threading.Event)
    filtered: dict[tuple[str, int, int], list[dict[str, Any]]] = field(default_factory=dict)
    pages: OrderedDict[tuple[str, int, int, int], bytes] = field(default_factory=OrderedDict)
    """Rendered pages by (URL, version, revision, matches the intervals cover): a page
    changes only when one of those does."""

    def refresh(self) -> None:
        """Read what the source added; when its bots changed, open a new board on it (and new
        intervals for the new field), else note its new revision."""
        board = self.board
        revision = board.source.revision()
        if revision != board.revision:
            definition = board.source.definition()
            if definition.bot_names != board.bots:
                fresh = Board(board.source)
                fresh.refresh()
                pages.warm_bot_pages(fresh)
                replaced = self.intervals
                self.intervals = IntervalFits(fresh.bots, definition.anchor, replaced.resamples)
                self.board = fresh
                replaced.close()
                return
            board.definition, board.revision = definition, revision
        board.refresh()


def _environment() -> Environment:
    environment = Environment(
        loader=PackageLoader("tournaments.web", "templates"), autoescape=select_autoescape()
    )
    environment.globals["csrf_field"] = csrf_field
    return environment


class Pages:
    """The route handlers of one site."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.templates = _environment()

    @property
    def board(self) -> Board:
        """The site's board now (a new one when the source's bots changed)."""
        return self.site.board

    @property
    def arena(self) -> ArenaSource | None:
        """The arena the pages show, None for a tournament run."""
        source = self.site.board.source
        return source if isinstance(source, ArenaSource) else None

    def render(self, request: Request, name: str, status: int = 200, **context: Any) -> Response:
        """Return the template ``name`` filled with ``context`` and what every page shows (an
        arena's entries by name among it)."""
        board = self.board
        arena = self.arena
        page = self.templates.get_template(name).render(
            request=request,
            title=board.source.title,
            definition=board.definition,
            version=board.version,
            revision=board.revision,
            progress=board.view.progress,
            entries=None if arena is None else {entry.name: entry for entry in arena.entries()},
            stages=None if arena is None else arena_stages(arena, board.view.standings),
            **context,
        )
        return HTMLResponse(page, status)

    def cached(self, handler: Handler) -> Handler:
        """Return ``handler`` answering a URL it answered at the same version from memory."""

        async def answer(request: Request) -> Response:
            latest = self.site.intervals.latest
            board = self.board
            covered = 0 if latest is None else latest.results
            key = (str(request.url), board.version, board.revision, covered)
            kept = self.site.pages.get(key)
            if kept is not None:
                self.site.pages.move_to_end(key)
                return HTMLResponse(kept)
            response = await handler(request)
            if response.status_code == 200 and isinstance(response, HTMLResponse):
                self.site.pages[key] = bytes(response.body)
                if len(self.site.pages) > PAGES_KEPT:
                    self.site.pages.popitem(last=False)
            return response

        return answer

    def missing(self, request: Request, what: str) -> Response:
        """Return the 404 page for ``what``."""
        return self.render(request, "missing.html", 404, what=what)

    async def leaderboard(self, request: Request) -> Response:
        """The leaderboard; with a match filter's keys, a custom leaderboard computed from
        only the matches the filter keeps (the saved filter is the URL)."""
        try:
            chosen = MatchFilter.parse(dict(request.query_params))
        except FilterError as error:
            return self.render(request, "missing.html", 400, what=str(error))
        if chosen.empty:
            rows = self.leaderboard_rows()
        else:
            rows = self._filtered_leaderboard(chosen, self._filtered(chosen))
        return self.render(
            request, "leaderboard.html", rows=rows, intervals=self.site.intervals, chosen=chosen
        )

    async def bot(self, request: Request) -> Response:
        """A bot's page."""
        name = request.path_params["bot"]
        board = self.board
        if name not in board.bots:
            return self.missing(request, f"bot {name}")
        return self.render(
            request,
            "bot.html",
            bot=name,
            row=next(row for row in self.leaderboard_rows() if row["bot"] == name),
            history=pages.rating_history(self.board, name),
            pairings=pages.kept_pairings(board, name),
            faults=pages.kept_faults(board, name),
            output=self.board.source.bot_output(name),
            versions=[] if self.arena is None else self._versions(name),
        )

    def _versions(self, name: str) -> list[dict[str, Any]]:
        """Return the rows of every version of the arena bot ``name`` belongs to."""
        assert self.arena is not None
        stages = arena_stages(self.arena, self.board.view.standings)
        return entry_rows(self.arena.versions(name), self.leaderboard_rows(), stages)

    def leaderboard_rows(self) -> list[dict[str, Any]]:
        """Return the leaderboard rows now."""
        return pages.leaderboard_rows(self.board.view.standings, self.site.intervals.latest)

    async def matches(self, request: Request) -> Response:
        """The match list, filtered, and the leaderboard of the matches it lists."""
        try:
            chosen = MatchFilter.parse(dict(request.query_params))
        except FilterError as error:
            return self.render(request, "missing.html", 400, what=str(error))
        listed = self._filtered(chosen)
        page = _page_number(request.query_params.get("page"))
        end = max(0, len(listed) - (page - 1) * PAGE_SIZE)
        shown = listed[max(0, end - PAGE_SIZE) : end][::-1]
        return self.render(
            request,
            "matches.html",
            chosen=chosen,
            total=len(listed),
            page=page,
            pages=max(1, -(-len(listed) // PAGE_SIZE)),
            rows=[pages.match_row(played, chosen.bot) for played in shown],
            leaderboard=self._filtered_leaderboard(chosen, listed),
            bots=self.board.bots,
            outcomes=OUTCOMES,
            fault_choices=(ANY_FAULT, *FAULT_CLASSES),
        )

    def _filtered(self, chosen: MatchFilter) -> list[PlayedMatch]:
        """Return the matches ``chosen`` picks (from the matches of the bot or opponent it
        names, when it names one)."""
        named = chosen.bot if chosen.bot is not None else chosen.opponent
        if named is not None:
            return chosen.apply(self.board.games_of(named))
        every = list(self.board.matches)
        return every if chosen.empty else chosen.apply(every)

    def _filtered_leaderboard(
        self, chosen: MatchFilter, listed: list[PlayedMatch]
    ) -> list[dict[str, Any]]:
        """Return the leaderboard of ``listed``, worked out once per filter and set of matches
        it keeps (the run's own with no filter): matches are only ever added, so the same
        count is the same matches."""
        if chosen.empty:
            return self.leaderboard_rows()
        key = (chosen.query(), self.board.revision, len(listed))
        if key not in self.site.filtered:
            if len(self.site.filtered) > 32:
                self.site.filtered.clear()
            self.site.filtered[key] = pages.filtered_leaderboard(self.board, listed)
        return self.site.filtered[key]

    async def match(self, request: Request) -> Response:
        """One match and its replay."""
        played = self.board.find(request.path_params["key"])
        if played is None:
            return self.missing(request, f"match {request.path_params['key']}")
        has_log = self.board.source.log_file(played) is not None
        return self.render(request, "match.html", match=pages.match_row(played), has_log=has_log)

    def _log(self, request: Request) -> tuple[PlayedMatch, Path] | None:
        """Return the match of the request's key and its log, None when either is missing."""
        played = self.board.find(request.path_params["key"])
        path = None if played is None else self.board.source.log_file(played)
        return None if played is None or path is None else (played, path)

    async def replay(self, request: Request) -> Response:
        """The replay viewer of a match, with every seat's view."""
        found = self._log(request)
        if found is None:
            return self.missing(request, f"the log of {request.path_params['key']}")
        try:
            page = await asyncio.to_thread(_replay_page, found[1])
        except (OSError, UnicodeDecodeError, EOFError, ReplayError) as error:
            return self.render(request, "missing.html", 422, what=f"a replay ({error})")
        return HTMLResponse(page)

    async def log(self, request: Request) -> Response:
        """The log file of a match, as stored."""
        found = self._log(request)
        if found is None:
            return self.missing(request, f"the log of {request.path_params['key']}")
        path = found[1]
        kind = "application/gzip" if path.suffix == ".gz" else "text/plain; charset=utf-8"
        return FileResponse(path, media_type=kind)

    async def run(self, request: Request) -> Response:
        """Progress, bracket, rounds and the ``[sprt]`` tests."""
        view = self.board.view
        return self.render(
            request,
            "run.html",
            eta=pages.eta(self.board),
            done=len(self.board.matches),
            bracket=_bracket_rounds(view.format_view.bracket),
            lines=view.format_view.lines,
            rounds=pages.rounds(self.board, ROUNDS_SHOWN),
            tests=pages.sprt_series(self.board),
        )

    async def versus(self, request: Request) -> Response:
        """Every bot's score against the bot named by ``?bot=``."""
        bot = request.query_params.get("bot", "")
        if bot not in self.board.bots:
            return JSONResponse({"error": f"no bot {bot!r}"}, 404)
        board = self.board
        scores = board.per_bot("versus", bot, lambda: pages.versus(board, bot))
        return JSONResponse({"bot": bot, "versus": scores})

    async def events(self, request: Request) -> Response:
        """Server-sent events: ``version`` (the latest ``seq``) at once and at every change."""
        return StreamingResponse(
            self._event_stream(request),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def _event_stream(self, request: Request) -> AsyncIterator[str]:
        sent, revised, quiet = -1, self.board.revision, 0.0
        while not self.site.closing.is_set() and not await request.is_disconnected():
            version, revision = self.board.version, self.board.revision
            if version != sent:
                sent, quiet = version, 0.0
                yield f"event: version\ndata: {version}\n\n"
            elif revision != revised:
                revised, quiet = revision, 0.0
                yield f"event: revision\ndata: {revision}\n\n"
            elif quiet >= KEEPALIVE_SECONDS:
                quiet = 0.0
                yield ": keepalive\n\n"
            await asyncio.sleep(EVENT_SECONDS)
            quiet += EVENT_SECONDS


def _replay_page(path: Path) -> str:
    """Return the viewer page of the log at ``path``: the spectator's and each seat's view."""
    spectator = load_timeline(path)
    seats = [load_timeline(path, seat) for seat in range(spectator.seats)]
    return render_html(spectator, seats)


def _page_number(text: str | None) -> int:
    return int(text) if text and text.isdigit() and int(text) > 0 else 1


def _bracket_rounds(bracket: Any) -> list[list[Any]]:
    """Return the bracket's series grouped by round, first round first."""
    grouped: dict[int, list[Any]] = {}
    for series in bracket:
        grouped.setdefault(series.round, []).append(series)
    return [sorted(grouped[number], key=lambda s: s.slot) for number in sorted(grouped)]


def static_folder() -> Path:
    """Return the folder of the pages' scripts, styles and the chart library."""
    return Path(str(resources.files("tournaments.web").joinpath("static")))


def create_app(site: Site, token: str | None = None, open_reads: bool = False) -> Any:
    """Return the ASGI application of ``site``: a token door when ``token`` is given (for the
    changes alone with ``open_reads``), then the CSRF door, then the routes (an arena's
    changes among them)."""
    handlers = Pages(site)
    arena = handlers.arena
    app: Any = Starlette(
        routes=[
            *([] if arena is None else ArenaRoutes(arena).routes()),
            Route("/", handlers.cached(handlers.leaderboard)),
            Route("/bots/{bot}", handlers.cached(handlers.bot)),
            Route("/matches", handlers.cached(handlers.matches)),
            Route("/match/{key:path}", handlers.cached(handlers.match)),
            Route("/replay/{key:path}", handlers.cached(handlers.replay)),
            Route("/log/{key:path}", handlers.log),
            Route("/run", handlers.cached(handlers.run)),
            Route("/events", handlers.events),
            Route("/api/versus", handlers.versus),
            Mount("/static", StaticFiles(directory=static_folder()), name="static"),
        ]
    )
    app = CsrfDoor(app, MAX_ARCHIVE_BYTES if arena is not None else MAX_FORM_BYTES)
    return app if token is None else TokenDoor(app, token, open_reads)
