"""The viewer's own styles leave a board drawer's markup alone: an element a drawer gives the
class ``hidden`` is still drawn (Debian's chromium, driven by Playwright, as the other browser
tests)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from replay_kit import write_log

from tournaments.replay import html
from tournaments.replay.timeline import load_timeline

DRAWER = """
registerBoard("pilfer", {
  draw(map, obs, frame) {
    return { width: 100, height: 40,
      svg: '<rect class="hidden" data-testid="drawn" width="80" height="20" fill="#000"/>' };
  },
  legend: [],
  seatFacts(obs, seat) { return { side: "", color: SEAT_COLORS[seat % 4], extra: "" }; },
  privateText(obs) { return ""; },
});
"""


def test_a_drawn_element_of_class_hidden_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, browser: Any
):
    monkeypatch.setattr(html, "board_script", lambda game: DRAWER)
    log = write_log(tmp_path / "match.jsonl", "pilfer", seed=3)
    page_file = html.export_html(load_timeline(log), tmp_path / "replay.html")
    page = browser.new_page()
    page.goto(page_file.as_uri())
    assert page.get_by_test_id("drawn").is_visible()
    assert not page.locator("#viewer-choice").is_visible()  # the viewer's own: still hidden
    page.close()
