"""The live and plain views of a run: the known total with its ``+``, the ETA, the matches
playing now and the plain view's ``still playing:`` line, on a clock the test moves."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

from rich.console import Console

from tournaments.runner import RunContext, RunFolder
from tournaments.schedule import Match, next_matches
from tournaments.store import DecisionTimes, MatchResult, ResultStore
from tournaments.ui import LiveView, PlainView

BEST_OF_THREE = "[knockout]\ntiebreak_games = 2"


class Clock:
    """A clock that stands still until the test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def console() -> Console:
    return Console(width=120, color_system=None, record=True, file=io.StringIO())


def start(store: ResultStore, run_dir: Path, *views: LiveView | PlainView) -> None:
    definition = store.definition()
    context = RunContext(definition, RunFolder(run_dir), store, 4, 0)
    for view in views:
        view.run_started(context)


def result_of(match: Match, ranks: tuple[int, int]) -> MatchResult:
    return MatchResult(
        key=match.key,
        round=match.round,
        status="completed",
        seats=match.seats,
        seed=match.seed,
        log_path=f"logs/{match.key}.jsonl",
        ranks=ranks,
        scores=(3, 3) if ranks[0] == ranks[1] else (6, 3) if ranks[0] == 1 else (3, 6),
        reason="round_cap",
        faults=({}, {}),
        decision_times=(DecisionTimes.of([1.0]), DecisionTimes.of([2.0])),
        started_at="2026-01-01T00:00:00.000Z",
        finished_at="2026-01-01T00:00:10.000Z",
    )


def play_three(tmp_path: Path, make_definition_text, *views: LiveView | PlainView, clock: Clock):
    """A best-of-three knockout of four bots: the views see four games start, then three
    results ten seconds apart (b0 wins its series 2-0, the other opens with a draw) and the
    matches playing then. Return those two matches."""
    text = make_definition_text("knockout", 4, games=3, options=BEST_OF_THREE)
    store = ResultStore.create(tmp_path / "run", text)
    definition = store.definition()
    start(store, tmp_path / "run", *views)
    batch = {match.key: match for match in next_matches(definition, {})}
    for view in views:
        view.matches_running(list(batch.values()))
    finished: dict[str, tuple[int, int]] = {}
    for key, ranks in (("ko/r1/s0/g0", (1, 2)), ("ko/r1/s0/g1", (2, 1)), ("ko/r1/s1/g0", (1, 1))):
        clock.now += 10
        finished[key] = ranks
        for view in views:
            view.match_recorded(result_of(batch.pop(key), ranks))
    playing = next_matches(definition, finished)
    assert [match.key for match in playing] == ["ko/r1/s1/g1", "ko/r1/s1/g2"]
    for view in views:
        view.matches_running(playing)
    store.close()
    return playing


def test_the_live_view_shows_the_known_total_its_eta_and_the_matches_playing_now(
    tmp_path, make_definition_text
):
    clock = Clock()
    screen = console()
    view = LiveView(screen, clock)
    ongoing, started_now = play_three(tmp_path, make_definition_text, view, clock=clock)
    clock.now += 15
    screen.print(view.render())
    shown = screen.export_text()
    # 2 games of the decided series, 1 played + 2 to come of the open one, 2 for the final
    assert "3/7+" in shown
    # 3 results in the 45 s since the first game began: the 4 known games left take 60 s
    assert "ETA 1m00s" in shown
    assert "Playing now" in shown
    lines = [line.strip() for line in shown.splitlines()]
    rows = {line.split()[0]: line for line in lines if line.startswith("ko/r1/s1/")}
    assert " vs ".join(ongoing.seats) in rows[ongoing.key] and rows[ongoing.key].endswith("45s")
    assert rows[started_now.key].endswith("15s")


def test_the_plain_view_prints_the_known_total_and_an_eta_after_three_results(
    tmp_path, make_definition_text
):
    clock = Clock()
    screen = console()
    play_three(tmp_path, make_definition_text, PlainView(screen, clock, watch=False), clock=clock)
    lines = screen.export_text().splitlines()
    assert lines[0] == "t: 0 matches already recorded, 4 workers"
    assert lines[1].startswith("[1/6+] ko/r1/s0/g0: b0 #1 vs b3 #2")
    assert "eta" not in lines[1] + lines[2]
    assert lines[2].startswith("[2/6+] ko/r1/s0/g1: ")
    # 3 results in the 30 s since the first game began: the 4 known games left take 40 s
    assert lines[3].startswith("[3/7+] ko/r1/s1/g0: ") and lines[3].endswith("  eta 40s")
    assert len(lines) == 4  # games starting print nothing


def test_a_quiet_plain_view_names_the_matches_still_playing_once_per_silence(
    tmp_path, make_definition_text
):
    clock = Clock()
    screen = console()
    view = PlainView(screen, clock, quiet_seconds=30, watch=False)
    ongoing, started_now = play_three(tmp_path, make_definition_text, view, clock=clock)
    clock.now += 29
    assert not view.still_playing()
    clock.now += 1
    assert view.still_playing()
    assert not view.still_playing()  # the line just printed ends the silence
    last = screen.export_text().splitlines()[-1]
    assert last == (
        f"  still playing: {ongoing.key} ({' vs '.join(ongoing.seats)}, 1m00s), "
        f"{started_now.key} ({' vs '.join(started_now.seats)}, 30s)"
    )
    view.matches_running([])
    clock.now += 60
    assert not view.still_playing()


def test_playing_now_lists_eight_matches_and_counts_the_rest(tmp_path, make_definition_text):
    store = ResultStore.create(tmp_path / "run", make_definition_text("round-robin", 6))
    matches = next_matches(store.definition(), {})[:10]
    live_screen, plain_screen = console(), console()
    clock = Clock()
    live, plain = LiveView(live_screen, clock), PlainView(plain_screen, clock, watch=False)
    start(store, tmp_path / "run", live, plain)
    store.close()
    live.matches_running(matches)
    plain.matches_running(matches)
    clock.now += 31
    live_screen.print(live.render())
    shown = live_screen.export_text()
    assert [match.key in shown for match in matches] == [True] * 8 + [False] * 2
    assert "and 2 more" in shown
    assert plain.still_playing()
    line = plain_screen.export_text().splitlines()[-1]
    assert line.count(" vs ") == 8 and line.endswith(", and 2 more")
    plain.matches_running([])


def test_the_plain_views_watcher_speaks_in_a_silence_and_stops_with_the_last_match(
    tmp_path, make_definition_text
):
    store = ResultStore.create(tmp_path / "run", make_definition_text("round-robin", 2))
    screen = console()
    view = PlainView(screen, quiet_seconds=0.1)
    start(store, tmp_path / "run", view)
    view.matches_running(next_matches(store.definition(), {}))
    store.close()
    deadline = time.monotonic() + 5
    while "still playing" not in screen.export_text(clear=False) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert re.search(
        r"^  still playing: rr/b0~b1/g0 \(b[01] vs b[01], \d+s\)$",
        screen.export_text(clear=False),
        re.MULTILINE,
    )
    view.matches_running([])
    printed = screen.export_text(clear=False)
    time.sleep(0.3)
    assert screen.export_text(clear=False) == printed
