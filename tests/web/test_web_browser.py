"""The pages in a real browser: Debian's chromium, driven by Playwright (never a downloaded
browser; skipped, saying so, without it). The leaderboard sees a result recorded through the
store's API arrive live, a bot is highlighted, the match list is filtered, a match is followed
to its replay, and every page's screenshot is taken (into docs/web/ for the README under
`make screenshots`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_kit import PlayedRun, serving


@pytest.fixture
def page(watched_page: Any) -> Any:
    return watched_page(1200, 760, 10_000, "http://127.0.0.1")


def games_of(page: Any, bot: str) -> int:
    return int(page.locator(f'tr[data-bot="{bot}"] [data-testid=games]').first.inner_text())


def test_the_leaderboard_updates_live_and_leads_to_a_replay(
    gauntlet: PlayedRun, page: Any, screenshot: Any
):
    with serving(gauntlet.root, resamples=0) as server:
        page.goto(server.url)
        page.wait_for_selector("#live.on")
        before = games_of(page, "champ")
        gauntlet.record_held()
        expect = pytest.importorskip("playwright.sync_api").expect
        games = page.locator('tr[data-bot="champ"] [data-testid=games]').first
        expect(games).to_have_text(str(before + 1), timeout=3000)
        page.locator('tr[data-bot="left"] td').nth(2).click()
        page.wait_for_selector('tr[data-bot="left"].highlight')
        expect(page.locator('tr[data-bot="champ"] td.versus')).to_contain_text("/")
        screenshot(page, "leaderboard")

        page.goto(server.url + "matches")
        page.select_option("select[name=bot]", "champ")
        page.select_option("select[name=opponent]", "left")
        page.click("button[type=submit]")
        page.wait_for_url("**/matches?*bot=champ*opponent=left*")
        rows = page.locator("[data-testid=matches] tbody tr").all_inner_texts()
        assert len(rows) == 4 and all("champ" in row and "left" in row for row in rows)
        assert "4 matches pass the filter" in page.get_by_test_id("match-count").inner_text()
        screenshot(page, "matches")

        page.locator("[data-testid=match-link]").first.click()
        page.wait_for_url("**/match/**")
        replay = page.frame_locator("iframe.replay")
        replay.locator("[data-testid=position]").wait_for()
        screenshot(page, "match")


def test_the_bot_and_run_pages_draw_their_charts(gauntlet: PlayedRun, page: Any, screenshot: Any):
    with serving(gauntlet.root, resamples=0) as server:
        page.goto(server.url + "bots/champ")
        page.wait_for_selector("canvas[data-chart]")
        assert page.evaluate("() => Object.keys(Chart.instances).length") == 1
        assert page.locator("[data-testid=pairings] tbody tr").count() == 2
        screenshot(page, "bot")
        page.goto(server.url + "run")
        page.wait_for_selector("canvas[data-testid=sprt-chart]")
        assert page.evaluate("() => Object.keys(Chart.instances).length") == 1
        screenshot(page, "run")


def test_the_bracket_is_a_tree(knockout: Path, page: Any, screenshot: Any):
    with serving(knockout, resamples=0) as server:
        page.goto(server.url + "run")
        assert page.locator(".bracket .round").count() >= 2
        screenshot(page, "bracket")
