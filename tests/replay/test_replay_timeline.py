"""Timelines: a log re-run into frames, seen by a spectator or by one seat."""

from __future__ import annotations

import gzip
import io
import os
import pty
import signal
from pathlib import Path

import pytest
from replay_kit import MakeLog, read_lines, scores_by_position, write_lines

from referee.matchlog.reader import parse_log
from tournaments.replay.keys import commands, read_key
from tournaments.replay.timeline import ReplayError, build_timeline, load_timeline


@pytest.mark.parametrize("game", ["pilfer", "wabbit"])
def test_one_frame_per_position_with_the_decision_that_led_there(
    make_log: MakeLog, game: str
) -> None:
    lines = read_lines(make_log(game))
    decisions = [line for line in lines if line["type"] == "decision"]
    timeline = load_timeline(make_log(game))
    assert timeline.complete and timeline.game == game
    assert len(timeline.frames) == len(decisions) + 1
    first = timeline.frames[0]
    assert (first.index, first.decision, first.seat, first.label) == (0, None, None, None)
    for frame, line in zip(timeline.frames[1:], decisions, strict=True):
        assert (frame.decision, frame.seat, frame.label) == (line["n"], line["seat"], line["label"])
    assert [list(frame.scores) for frame in timeline.frames] == scores_by_position(make_log(game))
    assert timeline.frames[-1].to_move is None


def test_private_events_reach_only_their_seat(make_log: MakeLog) -> None:
    def kinds(viewer: int | None) -> set[str]:
        timeline = load_timeline(make_log("wabbit"), viewer)
        return {event["kind"] for frame in timeline.frames for event in frame.events}

    assert "draw_cards" not in kinds(None)
    assert "draw_cards" in kinds(0)


def test_seat_view_holds_that_seat_hand(make_log: MakeLog) -> None:
    timeline = load_timeline(make_log("wabbit"), 1)
    assert all(frame.observation["viewer"] == 1 for frame in timeline.frames)
    assert timeline.frames[5].observation["hand"] is not None


def test_cut_log_gives_the_frames_that_are_there(make_log: MakeLog) -> None:
    text = make_log("pilfer").read_text()
    log = parse_log(text[: len(text) // 2])
    timeline = build_timeline(log)
    assert len(timeline.frames) == len(log.decisions) + 1
    assert not timeline.complete and timeline.result is None


def test_timeline_stops_at_a_divergent_digest(make_log: MakeLog, tmp_path: Path) -> None:
    lines = read_lines(make_log("wabbit"))
    lines[8]["digest"] = "0" * 32
    timeline = load_timeline(write_lines(tmp_path / "bad.jsonl", lines))
    assert len(timeline.frames) == 9  # up to and including the divergent decision
    assert timeline.problems == ("decision 7: state digest differs",)


def test_gzipped_logs_replay(make_log: MakeLog, tmp_path: Path) -> None:
    packed = tmp_path / "match.jsonl.gz"
    packed.write_bytes(gzip.compress(make_log("pilfer").read_bytes()))
    assert len(load_timeline(packed).frames) == len(load_timeline(make_log("pilfer")).frames)


def test_bad_logs_and_seats_are_replay_errors(make_log: MakeLog) -> None:
    with pytest.raises(ReplayError, match="no header"):
        build_timeline(parse_log(""))
    with pytest.raises(ReplayError, match=r"seat 2 is not in 0\.\.1"):
        load_timeline(make_log("pilfer"), 2)


def test_piped_commands_are_lines_then_quit() -> None:
    assert list(commands(io.StringIO("n\ng 4\n"))) == ["n\n", "g 4\n", "q"]


def _fail_after(seconds: int) -> None:
    def fail(*_: object) -> None:
        raise TimeoutError("a key read blocked")

    signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)


def test_terminal_keys_map_arrows_and_ask_for_a_jump() -> None:
    main, secondary = pty.openpty()
    _fail_after(5)
    try:
        with open(secondary, encoding="utf-8") as stream:
            os.write(main, b"\x1b[C\x1b[Dq")
            assert [read_key(stream) for _ in range(3)] == ["n", "p", "q"]
            os.write(main, b"g")
            keys = commands(stream, ask=lambda prompt: "12")
            assert next(keys) == "g 12"
    finally:
        signal.alarm(0)
        os.close(main)
