"""The replay check of the conformance suite catches a replay that leaks a hidden label."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.games import get_game
from tournaments.conformance.checks.replays import check_seat_views, hides_a_label, log_match
from tournaments.replay import timeline

RULES = {"hidden_mail_orders": True}


def test_a_replay_showing_the_logged_label_of_a_hidden_mail_order_fails_the_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    game = get_game("wabbit")
    seed = next(seed for seed in range(1, 40) if hides_a_label(game, RULES, seed))
    log = log_match("wabbit", RULES, seed, tmp_path / "match.jsonl")
    assert check_seat_views(game, log) > 0

    def logged_label(self: timeline._Frames, step: timeline.Step) -> None:
        self.state = step.state
        self.frames.append(self.frame(step.state, step.line, step.line["label"]))

    monkeypatch.setattr(timeline._Frames, "add", logged_label)
    with pytest.raises(AssertionError, match="not by its public label"):
        check_seat_views(game, log)
