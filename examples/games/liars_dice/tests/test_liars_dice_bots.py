"""The sample bots: the odds bot's choices from the binomial odds, and a match of both sample
bots as real processes over real gRPC through ``ruckus play``."""

from __future__ import annotations

import json
from math import isclose
from pathlib import Path

from tournaments.cli import app
from typer.testing import CliRunner

from liars_dice_helpers import GAME, new, play, with_cups
from ruckus_liars_dice.bots.odds import at_least, chance_true, choose_index
from ruckus_liars_dice.state import State


def odds_choice(state: State) -> str:
    """Return the label of the odds bot's choice for the seat to move."""
    observation = GAME.observe(state, GAME.to_move(state))
    actions = GAME.legal_actions(state)
    index = choose_index(observation, [GAME.action_data(a) for a in actions])
    return GAME.action_label(actions[index])


def test_binomial_tail():
    assert at_least(4, 0.5, 0) == 1.0 and at_least(4, 0.5, 5) == 0.0
    assert isclose(at_least(4, 0.5, 3), 5 / 16)
    assert isclose(at_least(10, 1 / 3, 1), 1 - (2 / 3) ** 10)


def test_the_chance_of_a_bid_counts_own_dice_and_wild_ones():
    observation = GAME.observe(with_cups(new(2), (1, 4, 4), (2, 2, 2), seat=0), 0)
    assert chance_true(observation, 3, 4) == 1.0
    assert isclose(chance_true(observation, 4, 4), 1 - (2 / 3) ** 3)
    assert chance_true(observation, 7, 4) == 0.0


def test_the_odds_bot_opens_with_a_sure_bid_and_calls_an_unlikely_one():
    state = with_cups(new(2), (1, 4, 4), (2, 2, 2), seat=0)
    assert odds_choice(state) == "BID(1x2)"
    assert odds_choice(play(with_cups(new(2), (1, 4, 4), (2, 2, 2), seat=1), "BID(5x3)")) == "LIAR"


def test_the_odds_bot_raises_on_the_face_it_holds():
    state = with_cups(new(2), (1, 4, 4), (2, 3, 5), seat=1)
    assert odds_choice(play(state, "BID(2x5)")) == "BID(3x4)"


def test_the_sample_bots_play_a_match_over_grpc(tmp_path: Path):
    log = tmp_path / "match.jsonl"
    bots = ["--bot", "odds", "--bot", "random", "--bot", "random"]
    played = CliRunner().invoke(
        app, ["play", "liars-dice", *bots, "--seed", "3", "--sandbox", "none", "--log", str(log)]
    )
    assert played.exit_code == 0, played.output
    assert "ended by last_seat_standing" in played.output
    result = json.loads(log.read_text().splitlines()[-1])
    assert result["outcome"]["reason"] == "last_seat_standing" and result["faults"] == []
    verified = CliRunner().invoke(app, ["replay", "verify", str(log)])
    assert verified.exit_code == 0, verified.output
