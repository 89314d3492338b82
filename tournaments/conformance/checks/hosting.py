"""A game is hosted end to end: its codec, a match of its random sample bots through
``ruckus play`` (real processes, real gRPC), ``replay verify``, ``replay show`` and the HTML
replay in real headless Chromium (skipped when Chromium or Playwright is missing)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.games import get_game
from referee.games.joint import random_step, seat_actions
from referee.games.rng import Rng
from referee.matchlog import read_log
from referee.transport.codec import codec_for
from tournaments.cli import app
from tournaments.conformance.samples import acting_seats

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ROUND_TRIP_DECISIONS = 150


def prune(value: Any) -> Any:
    """Drop None and empty-list values: on a typed arm both are an unset field."""
    if isinstance(value, dict):
        return {k: prune(v) for k, v in value.items() if v is not None and v != []}
    if isinstance(value, list | tuple):
        return [prune(item) for item in value]
    return value


def round_trips(codec: Any, encode: Any, data: dict[str, Any]) -> bool:
    """Return whether ``data`` comes back the same from its message's bytes."""
    message = encode(data)
    decoded = codec.decode(type(message).FromString(message.SerializeToString()))
    return bool(prune(decoded) == prune(data))


def test_every_payload_round_trips_through_the_codec(ruckus_game: str) -> None:
    """Every static map, observation, action and event of random matches survives the wire."""
    game, codec = get_game(ruckus_game), codec_for(ruckus_game)
    seen = {"observation": 0, "action": 0, "event": 0}
    for players in sorted({game.spec.min_players, game.spec.max_players}):
        state = game.new_state(game.make_config(), players, 3)
        chooser = Rng(3)
        assert round_trips(codec, codec.static_map, game.static_map(state))
        for _ in range(ROUND_TRIP_DECISIONS):
            for seat in (game.to_move(state), None):
                assert round_trips(codec, codec.observation, game.observe(state, seat))
                seen["observation"] += 1
            for event in game.events(state):
                assert round_trips(codec, codec.event, event.to_json())
                seen["event"] += 1
            if game.to_move(state) is None:
                break
            for seat in acting_seats(game, state):
                for action in seat_actions(game, state, seat):
                    assert round_trips(codec, codec.action, game.action_data(action))
                    seen["action"] += 1
            state, _ = random_step(game, state, chooser)
    assert seen["observation"] and seen["action"], seen


@pytest.fixture(scope="module")
def played(ruckus_game: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Play one match of the game between its random sample bots; return the log."""
    folder = tmp_path_factory.mktemp(f"hosted-{ruckus_game}")
    log = folder / "match.jsonl"
    seats = get_game(ruckus_game).spec.min_players
    bots = [arg for _ in range(seats) for arg in ("--bot", "random")]
    result = CliRunner().invoke(app, ["play", ruckus_game, *bots, "--seed", "5", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert "fault" not in result.output.lower() or "no faults" in result.output.lower()
    return log


def test_the_match_log_verifies(played: Path) -> None:
    """``ruckus replay verify`` accepts the log of a hosted match."""
    result = CliRunner().invoke(app, ["replay", "verify", str(played)])
    assert result.exit_code == 0, result.output


def test_the_terminal_replay_shows_every_position(played: Path) -> None:
    """``ruckus replay show`` draws the first, a middle and the last position."""
    decisions = len(read_log(played).decisions)
    for position in ("0", str(decisions // 2)):
        shown = CliRunner().invoke(
            app, ["replay", "show", str(played), "--at", position, "--width", "160"]
        )
        assert shown.exit_code == 0, shown.output
        assert f"position {position}/" in shown.output
    last = CliRunner().invoke(app, ["replay", "show", str(played), "--at", "100000"])
    assert "result: scores" in last.output


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium, or a skip when it or Playwright is missing."""
    if not CHROMIUM.exists():
        pytest.skip("chromium not installed: browser test skipped")
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright not installed: browser test skipped"
    )
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


def test_the_html_replay_draws_the_board_in_chromium(
    played: Path, browser: Any, tmp_path: Path
) -> None:
    """The HTML export draws a board, steps to the end and shows the result, without errors."""
    page_file = tmp_path / "replay.html"
    exported = CliRunner().invoke(
        app, ["replay", "export", str(played), "--html", str(page_file), "--seat", "0"]
    )
    assert exported.exit_code == 0, exported.output
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(page_file.as_uri())
    assert page.locator("#board > *").count() > 0
    page.get_by_test_id("end").click()
    assert re.match(r"\d+ / \d+", page.get_by_test_id("position").inner_text())
    seats = get_game(played_game(played)).spec.min_players
    assert page.locator("#scores tbody tr").count() == seats
    assert "Result: scores" in page.get_by_test_id("result").inner_text()
    page.close()
    assert errors == []


def played_game(log: Path) -> str:
    """Return the game a log is of, from its header line."""
    return str(json.loads(log.read_text().splitlines()[0])["game"])
