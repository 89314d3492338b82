"""The HTML export: one self-contained file (inline CSS, JS and data) that animates a match.

The template ``viewer.html`` ships as package data. The exporter fills in the page title and
the timeline as JSON; the page draws the board of either game as SVG and needs no network.
"""

from __future__ import annotations

import html
import json
from importlib import resources
from pathlib import Path

from tournaments.replay.terminal import GAME_TITLES
from tournaments.replay.timeline import Timeline

TEMPLATE = "viewer.html"
DATA_SLOT = "__REPLAY_DATA__"
TITLE_SLOT = "__TITLE__"
_SCRIPT_SAFE = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
}


def template_text() -> str:
    """Return the viewer template shipped with the package."""
    return resources.files("tournaments.replay").joinpath(TEMPLATE).read_text(encoding="utf-8")


def script_json(value: object) -> str:
    """Return ``value`` as JSON that is safe inside a ``<script>`` element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char, escape in _SCRIPT_SAFE.items():
        text = text.replace(char, escape)
    return text


def page_title(timeline: Timeline) -> str:
    """Return the HTML page title of a replay."""
    game = GAME_TITLES.get(timeline.game, timeline.game)
    return f"{game} replay {timeline.header.get('match_id', '')}".strip()


def render_html(timeline: Timeline) -> str:
    """Return the whole HTML page of ``timeline``."""
    page = template_text()
    page = page.replace(TITLE_SLOT, html.escape(page_title(timeline)), 1)
    return page.replace(DATA_SLOT, script_json(timeline.to_json()), 1)


def export_html(timeline: Timeline, out: Path) -> Path:
    """Write the HTML viewer of ``timeline`` to ``out`` and return the path."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_html(timeline), encoding="utf-8")
    return out
