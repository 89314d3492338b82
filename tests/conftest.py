"""Shared test settings: a bounded Hypothesis profile so the suite stays fast and repeatable,
and the headless Chromium the browser tests drive (Debian's, never a downloaded one)."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

CHROMIUM = Path("/usr/bin/chromium")
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
