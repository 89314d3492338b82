"""The exported HTML viewer in a real browser: Debian's chromium, driven by Playwright.

No browser is ever downloaded: the test uses /usr/bin/chromium and is skipped, saying so,
when it (or the playwright package) is missing. It steps through a match of each game with
the buttons, the scrubber and play/pause, checks every score shown against the scores
recomputed from the log, switches the viewer between the spectator and each seat (checking
every frame the page builds against the engine's replay for that seat), and saves a screenshot
in the test's temporary directory.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from replay_kit import MakeLog, read_lines, scores_by_position
from typer.testing import CliRunner

from tournaments.cli import app
from tournaments.replay.timeline import load_timeline


@pytest.fixture
def page(watched_page: Any) -> Any:
    return watched_page(1280, 900, 10_000, "file:")


def _export(log: Path, out: Path, *seat: str) -> Path:
    result = CliRunner().invoke(app, ["replay", "export", str(log), "--html", str(out), *seat])
    assert result.exit_code == 0, result.output
    return out


def _position(page: Any) -> int:
    text = page.get_by_test_id("position").inner_text()
    match = re.fullmatch(r"(\d+) / \d+", text)
    assert match is not None, text
    return int(match.group(1))


def _scores_shown(page: Any, seats: int) -> list[int]:
    return [int(page.get_by_test_id(f"score-{seat}").inner_text()) for seat in range(seats)]


def _check_scores(page: Any, expected: list[list[int]]) -> None:
    position = _position(page)
    assert _scores_shown(page, len(expected[0])) == expected[position], f"position {position}"


def _scrub(page: Any, position: int) -> None:
    page.get_by_test_id("scrubber").fill(str(position))
    assert _position(page) == position


@pytest.mark.parametrize(("game", "seat"), [("pilfer", []), ("wabbit", ["--seat", "1"])])
def test_viewer_steps_through_a_match(
    page: Any, make_log: MakeLog, tmp_path: Path, game: str, seat: list[str]
) -> None:
    log = make_log(game)
    expected = scores_by_position(log)
    last = len(expected) - 1
    page.goto(_export(log, tmp_path / f"{game}.html", *seat).as_uri())

    assert _position(page) == 0
    assert page.locator("#board rect").count() > 100
    _check_scores(page, expected)
    for step in range(1, 13):
        page.get_by_test_id("forward").click()
        assert _position(page) == step
        _check_scores(page, expected)
    page.get_by_test_id("back").click()
    assert _position(page) == 11
    assert page.get_by_test_id("decision").inner_text().startswith("Decision 10: seat ")

    for position in range(0, last + 1, max(1, last // 25)):
        _scrub(page, position)
        _check_scores(page, expected)

    page.get_by_test_id("end").click()
    assert _position(page) == last
    _check_scores(page, expected)
    outcome = read_lines(log)[-1]["outcome"]
    assert expected[last] == outcome["scores"]
    result = page.get_by_test_id("result").inner_text()
    assert f"scores {' '.join(map(str, outcome['scores']))}" in result
    assert page.get_by_test_id("events").locator("li").count() > 0

    _scrub(page, last // 2)
    page.screenshot(path=str(tmp_path / f"{game}.png"), full_page=True)
    assert (tmp_path / f"{game}.png").stat().st_size > 10_000


def test_play_and_pause(page: Any, make_log: MakeLog, tmp_path: Path) -> None:
    page.goto(_export(make_log("wabbit"), tmp_path / "play.html").as_uri())
    page.get_by_test_id("speed").select_option("40")
    page.get_by_test_id("play").click()
    page.wait_for_function("Number(document.body.dataset.frame) >= 5")
    page.get_by_test_id("play").click()
    assert page.get_by_test_id("play").inner_text() == "Play"
    stopped = _position(page)
    page.wait_for_timeout(300)
    assert _position(page) == stopped
    page.keyboard.press("ArrowRight")
    assert _position(page) == stopped + 1


def test_jump_box_url_position_and_no_seed_anywhere(
    page: Any, make_log: MakeLog, tmp_path: Path
) -> None:
    seed = 7445088549270183772  # it would rebuild every hidden card and roll of the match
    html = _export(make_log("pilfer", seed), tmp_path / "jump.html")
    page.goto(html.as_uri() + "#12")
    assert _position(page) == 12
    page.get_by_test_id("jump").fill("30")
    page.get_by_test_id("jump").press("Enter")
    assert _position(page) == 30
    assert page.evaluate("location.hash") == "#30"
    assert "seed" not in page.locator("#meta").inner_text()
    assert page.evaluate("'seed' in DATA.header") is False


def test_the_viewer_selector_shows_what_each_seat_saw(
    page: Any, make_log: MakeLog, tmp_path: Path
) -> None:
    log = make_log("wabbit")
    page.goto(_export(log, tmp_path / "seats.html").as_uri() + "#20")
    options = page.get_by_test_id("viewer").locator("option").all_inner_texts()
    assert options[0] == "spectator" and options[1].startswith("seat 0 (")
    assert len(options) == 3
    assert page.get_by_test_id("private").inner_text() == ""

    page.get_by_test_id("viewer").select_option("1")
    assert _position(page) == 20  # the position stays; the view changes
    assert page.get_by_test_id("private").inner_text().startswith("Seat 1 hand: ")
    assert "seen by seat 1" in page.locator("#meta").inner_text()
    seen = [frame.observation for frame in load_timeline(log, viewer=1).frames]
    assert page.evaluate("FRAMES.map((frame) => frame.observation)") == seen
    shown = [list(frame.events) for frame in load_timeline(log, viewer=1).frames]
    assert page.evaluate("FRAMES.map((frame) => frame.events)") == shown

    page.get_by_test_id("viewer").select_option("spectator")
    assert page.get_by_test_id("private").inner_text() == ""
    spectator = [frame.observation for frame in load_timeline(log).frames]
    assert page.evaluate("FRAMES.map((frame) => frame.observation)") == spectator


def test_a_single_seat_export_has_no_selector(page: Any, make_log: MakeLog, tmp_path: Path) -> None:
    page.goto(_export(make_log("pilfer"), tmp_path / "one.html", "--seat", "0").as_uri())
    assert not page.get_by_test_id("viewer").is_visible()
    assert "seen by seat 0" in page.locator("#meta").inner_text()


def test_a_simultaneous_move_game_replays_each_joint_step_as_one_frame(
    page: Any, make_log: MakeLog, tmp_path: Path
) -> None:
    log = make_log("grid-race", seed=2, players=3)
    steps = sum(line["type"] == "decision" for line in read_lines(log))
    page.goto(_export(log, tmp_path / "race.html").as_uri())
    assert page.locator("#board rect").count() >= 4  # the grid and a head per snake
    for step in range(1, min(6, steps + 1)):
        page.get_by_test_id("forward").click()
        assert _position(page) == step
        moved = page.get_by_test_id("decision").inner_text()
        assert " + " in moved and "0: " in moved, moved  # every seat's move, in one frame
    page.screenshot(path=str(tmp_path / "race.png"), full_page=True)
    page.get_by_test_id("end").click()
    assert _position(page) == steps
