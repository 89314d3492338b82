"""A seat's or a spectator's replay shows no more than it could know: no other seat's hidden
mail-order card, and no seed (which would rebuild every hidden card and roll)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from referee.match import DecisionRecord, MatchHeader, MatchResult, MatchSetup, run_match
from referee.match.random_player import RandomPlayer
from referee.matchlog import LogWriter, read_log
from tournaments.cli import app
from tournaments.replay.html import render_html
from tournaments.replay.timeline import build_timeline

HIDDEN = "PLAY(mail order)"


class _HiddenPlays:
    """Notes the decisions whose public label hides the card played."""

    def __init__(self) -> None:
        self.hidden: list[DecisionRecord] = []

    def match_started(self, header: MatchHeader) -> None:
        pass

    def decision_taken(self, record: DecisionRecord, state: Any) -> None:
        if record.public_label != record.label:
            self.hidden.append(record)

    def match_ended(self, result: MatchResult) -> None:
        pass


def _mail_order_match(tmp_path: Path) -> tuple[Path, DecisionRecord]:
    """Log random Wabbit matches with V2 hidden mail orders until a seat plays one; return the
    log and that decision."""
    for seed in range(1, 60):
        setup = MatchSetup.for_game("wabbit", seed, rules={"hidden_mail_orders": True})
        path = tmp_path / f"wabbit-{seed}.jsonl"
        plays = _HiddenPlays()
        with LogWriter(path) as writer:
            seats = [RandomPlayer(seed * 10 + seat) for seat in range(3)]
            run_match(setup, seats, [writer, plays])
        if plays.hidden:
            return path, plays.hidden[0]
    raise AssertionError("no mail order was played in 60 random matches")


def test_v2_another_seats_mail_order_card_stays_hidden_in_its_replay(tmp_path: Path):
    path, record = _mail_order_match(tmp_path)
    decision, seat, label = record.decision, record.seat, record.label
    assert record.public_label == HIDDEN
    other = (seat + 1) % 3
    log = read_log(path)
    assert build_timeline(log, seat).frames[decision + 1].label == label
    assert build_timeline(log, other).frames[decision + 1].label == HIDDEN
    at = ["--at", str(decision + 1)]
    shown = CliRunner().invoke(app, ["replay", "show", str(path), "--seat", str(other), *at])
    assert shown.exit_code == 0, shown.output
    assert HIDDEN in shown.output and label not in shown.output
    page = render_html(build_timeline(log, None))
    assert label not in page


def test_no_view_carries_the_seed(tmp_path: Path):
    seed = 7_445_088_549_270_183_772
    setup = MatchSetup.for_game("pilfer", seed)
    path = tmp_path / "pilfer.jsonl"
    with LogWriter(path) as writer:
        run_match(setup, [RandomPlayer(1), RandomPlayer(2)], [writer])
    for seat in ("0", "1"):
        shown = CliRunner().invoke(app, ["replay", "show", str(path), "--seat", seat])
        assert shown.exit_code == 0 and str(seed) not in shown.output
    log = read_log(path)
    page = render_html(build_timeline(log, None), [build_timeline(log, 0)])
    assert str(seed) not in page
