"""The HTML export: one self-contained file with the frames embedded as JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from replay_kit import MakeLog, read_lines, scores_by_position
from typer.testing import CliRunner

from tournaments.cli import app
from tournaments.replay.html import DATA_SLOT, render_html, script_json, template_text
from tournaments.replay.timeline import load_timeline

runner = CliRunner()


def _embedded(page: str) -> dict:
    match = re.search(
        r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S
    )
    assert match is not None
    return json.loads(match.group(1))


@pytest.mark.parametrize("game", ["pilfer", "wabbit"])
def test_export_writes_a_self_contained_page(make_log: MakeLog, tmp_path: Path, game: str) -> None:
    out = tmp_path / "replay.html"
    result = runner.invoke(app, ["replay", "export", str(make_log(game)), "--html", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "http://" not in page and "https://" not in page
    assert not re.search(r"""\b(src|href)\s*=\s*["'](?!#)""", page)
    assert "@import" not in page and "url(" not in page
    data = _embedded(page)
    assert data["game"] == game
    assert [frame["scores"] for frame in data["frames"]] == scores_by_position(make_log(game))
    assert data["result"]["outcome"] == read_lines(make_log(game))[-1]["outcome"]


def test_template_has_the_controls_the_viewer_needs() -> None:
    page = template_text()
    assert page.count(DATA_SLOT) == 1
    for testid in ("play", "back", "forward", "scrubber", "scores", "events", "board", "decision"):
        assert f'data-testid="{testid}"' in page
    assert 'type="range"' in page


def test_embedded_json_cannot_close_the_script_element() -> None:
    text = script_json({"name": "</script><script>alert(1)</script>", "line": "\u2028"})
    assert "</script>" not in text and "<" not in text and "\u2028" not in text
    assert json.loads(text)["name"] == "</script><script>alert(1)</script>"


def test_seat_export_embeds_only_that_seat_view(make_log: MakeLog) -> None:
    page = render_html(load_timeline(make_log("wabbit"), viewer=1))
    data = _embedded(page)
    assert data["viewer"] == 1
    assert all(frame["observation"]["hand"] is not None for frame in data["frames"])
    spectator = _embedded(render_html(load_timeline(make_log("wabbit"))))
    assert all(frame["observation"]["hand"] is None for frame in spectator["frames"])


def test_incomplete_log_exports_what_is_there(make_log: MakeLog, tmp_path: Path) -> None:
    text = make_log("pilfer").read_text()
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[: len(text) // 3])
    out = tmp_path / "cut.html"
    result = runner.invoke(app, ["replay", "export", str(cut), "--html", str(out)])
    assert result.exit_code == 0, result.output
    assert "incomplete log" in result.output
    data = _embedded(out.read_text())
    assert data["complete"] is False and data["result"] is None


def _applied(base: object, patch: object) -> object:
    """Apply a patch of tournaments/replay/patches.py (as the page's applyPatch does)."""
    if patch is None:
        return base
    assert isinstance(patch, dict)
    if "=" in patch:
        return patch["="]
    if "l" in patch:
        assert isinstance(base, list)
        return [_applied(item, patch["l"].get(str(at))) for at, item in enumerate(base)]
    assert isinstance(base, dict)
    changed = {key: _applied(base.get(key), item) for key, item in patch["d"].items()}
    return {
        key: value for key, value in {**base, **changed}.items() if key not in patch.get("x", [])
    }


@pytest.mark.parametrize("game", ["pilfer", "wabbit"])
def test_the_export_embeds_what_each_seat_saw(make_log: MakeLog, tmp_path: Path, game: str) -> None:
    log, out = make_log(game), tmp_path / "seats.html"
    result = runner.invoke(app, ["replay", "export", str(log), "--html", str(out)])
    assert result.exit_code == 0 and "2 seats' views" in result.output
    data = _embedded(out.read_text())
    assert [view["viewer"] for view in data["seat_views"]] == [0, 1]
    for view in data["seat_views"]:
        seen = load_timeline(log, viewer=view["viewer"]).frames
        frames = zip(data["frames"], view["frames"], seen, strict=True)
        for frame, (observation, events), truth in frames:
            assert _applied(frame["observation"], observation) == truth.observation
            assert _applied(frame["events"], events) == list(truth.events)
    alone = tmp_path / "alone.html"
    result = runner.invoke(app, ["replay", "export", str(log), "--html", str(alone), "--no-seats"])
    assert _embedded(alone.read_text())["seat_views"] == []
    assert out.stat().st_size < 1.25 * alone.stat().st_size  # the seats' views stay small
