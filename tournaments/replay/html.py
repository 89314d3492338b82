"""The HTML export: one self-contained file (inline CSS, JS and data) that animates a match.

The template ``viewer.html`` ships as package data. The exporter fills in the page title, the
timeline as JSON and the script of the game's board drawer (its plugin's ``viewer_js``; a game
without one is drawn by the page's generic drawer); the page needs no network, and it carries
no seed (see ``timeline``). A spectator's replay can carry what each seat saw too
(``seat_views``, as patches against the spectator's frames: see ``patches``), and the page
then offers a selector to switch between them.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from referee.games import get_plugin
from tournaments.replay.patches import json_patch
from tournaments.replay.timeline import Timeline

TEMPLATE = "viewer.html"
DATA_SLOT = "__REPLAY_DATA__"
TITLE_SLOT = "__TITLE__"
BOARD_SLOT = "__BOARD_SCRIPT__"
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
    game = get_plugin(timeline.game).spec.title
    return f"{game} replay {timeline.header.match_id}".strip()


def board_script(game: str) -> str:
    """Return the board drawer script the plugin of ``game`` names (empty if none)."""
    reference = get_plugin(game).viewer_js
    if not reference:
        return ""
    package, _, name = reference.partition(":")
    script = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return script.replace("</", "<\\/")


def seat_view(spectator: Timeline, seat: Timeline) -> dict[str, object]:
    """Return what ``seat`` saw, frame by frame, as patches of the spectator's observation and
    events: ``{"viewer": N, "frames": [[observation patch, events patch], ...]}``."""
    return {
        "viewer": seat.viewer,
        "frames": [
            [
                json_patch(shown.observation, seen.observation),
                json_patch(list(shown.events), list(seen.events)),
            ]
            for shown, seen in zip(spectator.frames, seat.frames, strict=True)
        ],
    }


def page_data(timeline: Timeline, seat_views: Sequence[Timeline] = ()) -> dict[str, object]:
    """Return what the page embeds: the timeline, the game's title, and the views of
    ``seat_views`` (the same log seen by seats) for the viewer selector."""
    data = timeline.to_json()
    data["title"] = get_plugin(timeline.game).spec.title
    data["seat_views"] = [seat_view(timeline, seat) for seat in seat_views]
    return data


def render_html(timeline: Timeline, seat_views: Sequence[Timeline] = ()) -> str:
    """Return the whole HTML page of ``timeline`` (with the views of ``seat_views``)."""
    page = template_text()
    page = page.replace(TITLE_SLOT, html.escape(page_title(timeline)), 1)
    page = page.replace(BOARD_SLOT, board_script(timeline.game), 1)
    return page.replace(DATA_SLOT, script_json(page_data(timeline, seat_views)), 1)


def export_html(timeline: Timeline, out: Path, seat_views: Sequence[Timeline] = ()) -> Path:
    """Write the HTML viewer of ``timeline`` (with the views of ``seat_views``) to ``out``
    and return the path."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_html(timeline, seat_views), encoding="utf-8")
    return out
