"""Shared test settings: a bounded Hypothesis profile so the suite stays fast and repeatable,
and the headless Chromium the browser tests drive (Debian's, never a downloaded one)."""

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

CHROMIUM = Path("/usr/bin/chromium")
DOCS_SHOTS = Path(__file__).resolve().parents[1] / "docs" / "web"
"""Where the pages' screenshots for the docs go, when ``RUCKUS_SCREENSHOTS`` is set."""
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

settings.register_profile(
    "ruckus",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ruckus")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, driven by Playwright; the test is skipped, saying so,
    without either."""
    if not CHROMIUM.exists():
        pytest.skip("chromium not installed: browser test skipped")
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright not installed: browser test skipped"
    )
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def watched_page(browser: Any) -> Iterator[Callable[[int, int, int, str], Any]]:
    """Return a maker of browser pages: ``make(width, height, timeout_ms, stays_on)`` opens one
    in a fresh context; at the test's end each context is closed, and the test fails if a page
    raised a script error or asked for a URL that does not start with ``stays_on``."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int, height: int, timeout_ms: int, stays_on: str) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        opened = context.new_page()
        opened.set_default_timeout(timeout_ms)
        opened.on("pageerror", lambda error: errors.append(str(error)))
        opened.on("request", lambda r: None if r.url.startswith(stays_on) else errors.append(r.url))
        return opened

    yield make
    for context in contexts:
        context.close()
    assert errors == [], "page errors or requests leaving the page's own server"


@pytest.fixture
def screenshot(tmp_path: Path) -> Callable[..., Path]:
    """Return ``shoot(page, name, full_page=False)``, which saves a screenshot of ``page`` as
    ``NAME.png`` and returns its path: into docs/web/ with ``RUCKUS_SCREENSHOTS`` set (``make
    screenshots``), otherwise into the test's own folder, so a test run leaves the tree as it
    was."""
    folder = DOCS_SHOTS if os.environ.get("RUCKUS_SCREENSHOTS") else tmp_path / "shots"

    def shoot(page: Any, name: str, full_page: bool = False) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), scale="css", full_page=full_page)
        assert path.stat().st_size > 1000, f"{name}: an empty screenshot"
        return path

    return shoot
