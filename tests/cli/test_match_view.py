"""What ``ruckus play`` prints while a match goes: plain progress lines when its output is not a
terminal, one status line rewritten in place on a terminal, and ``--watch`` boards."""

from __future__ import annotations

import subprocess
import sys
import time

from referee.games import get_game
from referee.games.rng import Rng
from referee.match import BotIdentity, MatchSetup, run_match
from referee.match.player import DecisionPrompt, MatchInfo
from tournaments.cli import one_match
from tournaments.cli.match_view import BoardWatcher, ProgressView
from tournaments.cli.one_match import viewing_of

RUCKUS = [sys.executable, "-c", "from tournaments.cli import app; app()"]


class _Seeded:
    def identity(self) -> BotIdentity:
        return BotIdentity(name="seeded", source="test")

    def start(self, info: MatchInfo) -> None:
        pass

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        return Rng(prompt.decision_id).below(len(prompt.choices))

    def finish(self, outcome: object) -> None:
        pass


def _play(observer) -> int:
    setup = MatchSetup.for_game("pilfer", 2)
    return run_match(setup, [_Seeded(), _Seeded()], [observer]).decisions


def test_piped_output_gets_a_progress_line_every_50_decisions(capsys):
    decisions = _play(ProgressView(get_game("pilfer"), live=False))
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["seat 0: seeded  (test)", "seat 1: seeded  (test)"]
    progress = lines[2:]
    assert len(progress) == decisions // 50
    assert progress[0].startswith("decision 50: round ") and ", scores " in progress[0]


def test_a_terminal_gets_one_status_line_rewritten_in_place(capsys):
    _play(ProgressView(get_game("pilfer"), live=True))
    out = capsys.readouterr().out
    assert out.count("\n") == 2  # the seats; the status line is rewritten, then cleared
    assert "\r\x1b[Kdecision " in out and out.endswith("\r\x1b[K")


def test_watch_prints_every_board_with_the_delay_between(capsys):
    began = time.monotonic()
    decisions = _play(BoardWatcher(get_game("pilfer"), delay=0.001, live=False))
    assert time.monotonic() - began >= decisions * 0.001
    assert capsys.readouterr().out.count("\n#") == decisions


def test_play_in_a_pipe_shows_progress_before_the_result():
    done = subprocess.run(
        [*RUCKUS, "play", "pilfer", "--bot", "random", "--bot", "random", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = done.stdout.splitlines()
    ended = next(n for n, line in enumerate(lines) if " decisions; ended by " in line)
    progress = [n for n, line in enumerate(lines) if line.startswith("decision 50: round ")]
    assert progress and progress[0] < ended and "\r" not in done.stdout


def test_watch_waits_between_boards_on_a_terminal_only(monkeypatch):
    assert viewing_of(None, True, None).delay == 0.0  # into a pipe: every board at once
    assert viewing_of(None, True, 0.5).delay == 0.5
    monkeypatch.setattr(one_match, "on_terminal", lambda: True)
    assert viewing_of(None, True, None).delay == one_match.WATCH_DELAY
