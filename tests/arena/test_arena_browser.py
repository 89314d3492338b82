"""The arena's web face in a real browser (Debian's chromium, headless, driven by Playwright;
skipped, saying so, without it): a bot added through the leaderboard's form with the token
appears, joins the running arena and its first result arrives live; the arena's screenshots
are taken (into docs/web/ for the README and docs/arena.md under `make screenshots`)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from arena_web_kit import BROKEN, GAME, Quiet, add, new_arena, serving

from tournaments.arena.run import run_arena


@pytest.fixture
def page(watched_page: Any) -> Any:
    return watched_page(1200, 860, 15_000, "http://127.0.0.1")


def test_a_bot_added_through_the_form_appears_and_its_first_result_arrives_live(
    tmp_path: Path, page: Any, screenshot: Any
):
    expect = pytest.importorskip("playwright.sync_api").expect
    folder = new_arena(tmp_path / "league")
    add(folder, "random", "--sample", f"{GAME}-random")
    add(folder, "greedy", "--sample", f"{GAME}-greedy")
    add(folder, "broken", "--command", BROKEN)
    run_arena(folder, Quiet(), max_results=2)
    add(folder, "greedy", "--sample", f"{GAME}-greedy", how="update")
    with serving(folder) as server:
        page.goto(server.url)
        page.wait_for_selector("#live.on")
        page.fill("form[data-testid=add-bot] input[name=name]", "newcomer")
        page.fill("form[data-testid=add-bot] input[name=sample]", f"{GAME}-random")
        page.click("form[data-testid=add-bot] button[type=submit]")
        message = page.locator("form[data-testid=add-bot] [data-testid=arena-message]")
        expect(message).to_contain_text("needs its token")
        assert not page.locator('tr[data-bot="newcomer"]').count()

        assert server.changing_url is not None
        page.goto(server.changing_url)  # the printed link: it sets the token's cookie
        page.wait_for_selector("#live.on")
        page.fill("form[data-testid=add-bot] input[name=name]", "newcomer")
        page.fill("form[data-testid=add-bot] input[name=sample]", f"{GAME}-random")
        page.click("form[data-testid=add-bot] button[type=submit]")
        row = page.locator('tr[data-bot="newcomer"]')
        expect(row.locator("[data-testid=stage]")).to_have_text("pending", timeout=3000)

        quiet = Quiet()
        player = threading.Thread(target=run_arena, args=(folder, quiet), kwargs={"max_results": 2})
        player.start()
        try:
            games = row.locator("[data-testid=games]")
            expect(games).not_to_have_text("0", timeout=120_000)
        finally:
            player.join(timeout=180)
        expect(row.locator("[data-testid=stage]")).to_have_text("candidate")
        expect(page.locator('tr[data-bot="broken"] [data-testid=stage]')).to_have_text("rejected")
        screenshot(page, "arena", full_page=True)

        page.goto(server.url + "bots/greedy@v2")
        expect(page.locator("[data-testid=versions] tbody tr")).to_have_count(2)
        screenshot(page, "arena-bot", full_page=True)
        page.goto(server.url + "bots/broken")
        expect(page.get_by_test_id("rejection-output")).to_contain_text("no listening today")
