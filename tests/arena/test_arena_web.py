"""The arena's web face over HTTP on loopback, with real sample-bot processes: the pages show
each entry's status, versions and why one was refused; a bot added through the doors (token,
CSRF) joins and plays, and the pages hear of it live; uploads go through every door."""

from __future__ import annotations

import http.client
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from arena_web_kit import (
    BROKEN,
    GAME,
    Browser,
    Quiet,
    add,
    new_arena,
    ruckus,
    serving,
    zipped_project,
)

from tournaments.arena.run import run_arena
from tournaments.arena.store import ArenaStore
from tournaments.arena.uploads import MAX_ARCHIVE_BYTES


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An arena that played one step of random against greedy, refused a broken bot, and has
    a second version of greedy waiting to join."""
    folder = new_arena(tmp_path_factory.mktemp("arena") / "league")
    add(folder, "random", "--sample", f"{GAME}-random")
    add(folder, "greedy", "--sample", f"{GAME}-greedy")
    add(folder, "broken", "--command", BROKEN)
    run_arena(folder, Quiet(), max_results=2)
    add(folder, "greedy", "--sample", f"{GAME}-random", how="update")
    return folder


def entries(folder: Path) -> dict[str, str]:
    store = ArenaStore.open(folder)
    try:
        return {bot.name: bot.status for bot in store.bots()}
    finally:
        store.close()


def test_the_pages_show_statuses_versions_and_why_a_bot_was_refused(arena: Path):
    with serving(arena) as server:
        browser = Browser(server, token=False)
        status, body, _ = browser.get("/")
        assert status == 200 and 'data-testid="add-bot"' in body
        for name, shown in (
            ("random", "candidate"),
            ("broken", "rejected"),
            ("greedy@v2", "pending"),
        ):
            assert f'data-bot="{name}"' in body and f"status-{shown}" in body
        status, body, _ = browser.get("/bots/broken")
        assert status == 200 and "no listening today" in body and "exited with code 3" in body
        status, body, _ = browser.get("/bots/greedy")
        assert body.index('data-entry="greedy@v2"') < body.index('data-entry="greedy"')
        for page in ("/matches", "/matches?bot=random", "/run", "/bots/greedy@v2"):
            assert browser.get(page)[0] == 200, page


def test_a_saved_filter_gives_a_custom_leaderboard_of_its_matches_alone(arena: Path):
    with serving(arena) as server:
        browser = Browser(server, token=False)
        status, body, _ = browser.get("/?opponent=greedy&players=2")
        assert status == 200 and 'data-testid="custom-leaderboard"' in body
        assert 'data-bot="random"' in body and 'data-bot="broken"' in body
        _, every, _ = browser.get("/")
        assert 'data-testid="custom-leaderboard"' not in every
        status, body, _ = browser.get("/?scenario=nowhere")
        assert status == 200 and body.count('data-testid="games">0<') == body.count("data-bot=")
        assert browser.get("/?outcome=win")[0] == 400


def test_changing_needs_the_token_and_the_csrf_token(arena: Path):
    with serving(arena) as server:
        stranger, browser = Browser(server, token=False), Browser(server)
        form = {"name": "newcomer", "sample": f"{GAME}-random"}
        assert stranger.form("/arena/bots", **form)[0] == 401
        forged = browser.post(
            "/arena/bots", b"name=x&sample=y", "application/x-www-form-urlencoded", "forged"
        )
        assert forged[0] == 403
        assert browser.form("/arena/retire", name="random")[0] != 401  # the token passes
        assert entries(arena)["random"] == "retired"
        assert "newcomer" not in entries(arena)


def test_a_stranger_gets_the_401_every_time(arena: Path):
    """The token door reads a refused request's body before it answers: closing on an unread
    body resets the connection, and now and then (about 1 in 60 here) the client lost the
    401 with it. A thousand tries take a few seconds."""
    with serving(arena) as server:
        stranger = Browser(server, token=False)
        statuses = [stranger.form("/arena/bots", name="x", sample="y")[0] for _ in range(1000)]
        assert set(statuses) == {401}


def test_a_bot_added_through_the_page_joins_plays_and_is_heard_of_live(tmp_path: Path):
    folder = new_arena(tmp_path / "live")
    add(folder, "random", "--sample", f"{GAME}-random")
    add(folder, "greedy", "--sample", f"{GAME}-greedy")
    with serving(folder) as server:
        browser = Browser(server)
        events = _events(server.url)
        added = browser.form("/arena/bots", name="newcomer", sample=f"{GAME}-random")
        assert added == (201, {"entry": "newcomer", "status": "pending"})
        assert b"event: revision" in _read_until(events, b"event: revision", 3.0)
        started = time.monotonic()
        assert 'data-bot="newcomer"' in browser.get("/")[1]
        assert time.monotonic() - started < 1.0
        quiet = Quiet()
        player = threading.Thread(target=run_arena, args=(folder, quiet), kwargs={"max_results": 2})
        player.start()
        seen = _read_until(events, b"event: version", 120.0)
        player.join(timeout=120)
        assert b"event: version" in seen, quiet.notices
        body = browser.get("/")[1]
        assert "status-candidate" in body and 'data-bot="newcomer"' in body
        assert entries(folder)["newcomer"] == "active"


def _events(url: str) -> http.client.HTTPResponse:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=130)
    connection.request("GET", "/events")
    response = connection.getresponse()
    assert response.read1(4096).startswith(b"event: version")
    return response


def _read_until(response: http.client.HTTPResponse, wanted: bytes, seconds: float) -> bytes:
    """Read the event stream until ``wanted`` appears or ``seconds`` pass."""
    seen, deadline = b"", time.monotonic() + seconds
    while wanted not in seen and time.monotonic() < deadline:
        seen += response.read1(4096)
    return seen


def test_an_uploaded_bot_folder_goes_through_every_door(arena: Path, tmp_path: Path):
    ruckus("bot", "new", "uploaded", "--game", GAME, "--dir", str(tmp_path))
    project = zipped_project(tmp_path / "uploaded")
    kind = "application/zip"
    with serving(arena) as server:
        browser = Browser(server)
        status, answer = browser.post("/arena/bots?name=uploaded", project, kind)
        assert (status, answer) == (201, {"entry": "uploaded", "status": "pending"})
        (folder,) = (arena / "uploads").glob("uploaded-*")
        assert (folder / "uploaded" / "bot.py").is_file()
        status, answer = browser.post("/arena/bots?name=uploaded", project, kind)
        assert status == 400 and "already" in str(answer["error"])
        assert list((arena / "uploads").glob("uploaded-*")) == [folder]  # nothing left behind
        traversal = _zip({"../escaped.py": b"x"})
        status, answer = browser.post("/arena/bots?name=escaper", traversal, kind)
        assert status == 400 and "outside" in str(answer["error"])
        assert not list((arena / "uploads").glob("escaper-*"))
        assert not (arena / "escaped.py").exists()
        huge = bytes(MAX_ARCHIVE_BYTES + 1)
        assert browser.post("/arena/bots?name=huge", huge, kind)[0] == 413
        assert browser.post("/arena/bots?name=../x", project, kind)[0] == 400
        stranger = Browser(server, token=False)
        assert stranger.post("/arena/bots?name=other", project, kind)[0] == 401


def test_nothing_from_a_browser_runs_without_a_sandbox(tmp_path: Path):
    folder = new_arena(tmp_path / "open", sandbox="none")
    with serving(folder) as server:
        browser = Browser(server)
        status, answer = browser.form("/arena/bots", name="cmd", command="python -m anything")
        assert status == 400 and "sandbox" in str(answer["error"])
        status, answer = browser.post("/arena/bots?name=up", _zip({"a": b"x"}), "application/zip")
        assert status == 400 and "sandbox" in str(answer["error"])
        assert browser.form("/arena/bots", name="sample", sample=f"{GAME}-random")[0] == 201


def _zip(members: dict[str, bytes]) -> bytes:
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()
