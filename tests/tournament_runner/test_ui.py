"""The live view: progress, leaderboard, latest results and notices, kept as results arrive."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from rich.console import Console

from tournaments.runner import RunContext, RunFolder
from tournaments.schedule import sequential_tests
from tournaments.stats import JointRating
from tournaments.store import ResultStore
from tournaments.ui import LiveView, PlainView, format_faults, format_rating

from .conftest import store_schedule, tournament_toml


def _console() -> Console:
    return Console(width=100, color_system=None, record=True, file=io.StringIO())


def _context(store: ResultStore, run_dir: Path, recorded: int) -> RunContext:
    definition = store.definition()
    return RunContext(definition, RunFolder(run_dir), store, 2, recorded)


def test_live_view_adds_each_match_as_it_is_recorded(tmp_path):
    text = tournament_toml(["alpha=random", "bravo=random", "charlie=random"])
    store_schedule(tmp_path / "played", text)
    played = ResultStore.open(tmp_path / "played")
    results = played.results()
    played.close()
    store = ResultStore.create(tmp_path / "live", text)
    console = _console()
    view = LiveView(console)
    view.run_started(_context(store, tmp_path / "live", 0))
    for result in results:
        view.match_recorded(result)
    view.notice("bot bravo crashed (exited with code 3: boom); restarting")
    console.print(view.render())
    store.close()
    text = console.export_text()
    assert "3/3" in text and "ETA" in text
    assert "Leaderboard after 3 matches" in text
    assert all(result.key in text for result in results)
    assert "TIMEOUT×2" in text
    assert "bot bravo crashed (exited with code 3: boom); restarting" in text


def test_live_view_of_a_knockout_shows_the_bracket(tmp_path):
    bots = ["alpha=random", "bravo=random", "charlie=random"]
    store_schedule(tmp_path, tournament_toml(bots, fmt="knockout"))
    store = ResultStore.open(tmp_path)
    console = _console()
    view = LiveView(console)
    view.run_started(_context(store, tmp_path, len(store.results())))
    console.print(view.render())
    store.close()
    assert "test bracket" in console.export_text()


def test_plain_view_prints_one_line_per_match_with_faults(tmp_path):
    store_schedule(tmp_path, tournament_toml(["alpha=random", "bravo=random", "charlie=random"]))
    store = ResultStore.open(tmp_path)
    console = _console()
    view = PlainView(console)
    view.run_started(_context(store, tmp_path, 0))
    for result in store.results():
        view.match_recorded(result)
    store.close()
    lines = console.export_text().splitlines()
    assert lines[0] == "test: 0 matches already recorded, 2 workers"
    assert lines[1].startswith("[1/3] rr/")
    assert "  fault rr/" in "\n".join(lines) and "TIMEOUT×2" in lines[3]


def test_elo_and_fault_cells():
    assert format_rating(JointRating("idle", 0, None, None, None)) == "-"
    assert format_rating(JointRating("a", 4, 35.4, None, None)) == "+35"
    assert format_rating(JointRating("a", 4, -0.2, -80.6, 60.1)) == "+0 [-81, +60]"
    assert format_faults({}) == "0"
    assert format_faults({"TIMEOUT": 2, "CRASHED": 0, "ILLEGAL_ACTION": 1}) == "3 (T2 IA1)"


SPRT = '\n[gauntlet]\nchampion = "alpha"\n\n[sprt]\nelo0 = -100\nelo1 = 100\nmodel = "logistic"\n'


def test_live_and_plain_views_show_the_sprt_tests_and_shrink_the_total(tmp_path):
    bots = ["alpha=random", "bravo=random", "charlie=random"]
    text = tournament_toml(bots, fmt="gauntlet", games=40, extra=SPRT)
    store_schedule(tmp_path / "played", text)  # both tests decide after 12 of 40 games
    played = ResultStore.open(tmp_path / "played")
    results = played.results()
    played.close()
    store = ResultStore.create(tmp_path / "live", text)
    context = _context(store, tmp_path / "live", 0)
    definition = context.definition
    tests = sequential_tests(definition, {})
    context = replace(context, sprt=tests)
    assert tests is not None and tests.remaining() == 80
    console, plain_console = _console(), _console()
    view, plain = LiveView(console), PlainView(plain_console)
    view.run_started(context)
    plain.run_started(context)
    for result in results:
        tests.record(result.key, result.ranks)  # as the run does before telling the views
        view.match_recorded(result)
        plain.match_recorded(result)
    console.print(view.render())
    store.close()
    shown = console.export_text()
    assert "SPRT (logistic, elo0 -100, elo1 100" in shown
    assert "H1 accepted" in shown and "H0 accepted" in shown
    assert f"{len(results)}/{len(results)}" in shown  # the bar's total is what was needed
    assert (
        plain_console.export_text().splitlines()[-1].startswith(f"[{len(results)}/{len(results)}]")
    )


def test_an_interrupted_live_view_leaves_its_last_leaderboard_on_the_screen(tmp_path):
    text = tournament_toml(["alpha=random", "bravo=random", "charlie=random"])
    store_schedule(tmp_path / "played", text)
    played = ResultStore.open(tmp_path / "played")
    results = played.results()
    played.close()
    store = ResultStore.create(tmp_path / "live", text)
    console = Console(width=100, color_system=None, record=True, file=io.StringIO())
    try:
        with LiveView(console) as view:
            view.run_started(_context(store, tmp_path / "live", 0))
            for result in results:
                view.match_recorded(result)
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        pass
    store.close()
    shown = console.export_text()
    assert "Leaderboard after 3 matches" in shown
    assert all(name in shown for name in ("alpha", "bravo", "charlie"))
