"""The time margin (cutechess's ``timemargin``): an overrun of the decision limit up to the
margin is no TIMEOUT and is charged to the bank; the bank stays a hard limit; logs say the
margin only when there is one, and verify reads it (older logs have none); the TOML's
``[clocks] time_margin_ms`` parses into the same clocks."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from referee.games import get_game
from referee.games.rng import Rng
from referee.match import Clocks, FaultCode, MatchSetup, run_match
from referee.match.clocks import SeatClocks
from referee.matchlog import LogWriter, verify
from tournaments.definition import definition_hash, parse_definition

from .conftest import with_changed_header

HASH_BEFORE_THE_MARGIN = "e29638ee480a65788c3455f9788ae3b3e4e2aae1b0b3be3caabe2f61e77dcb63"
"""The hash of the definition below as Ruckus computed it before ``time_margin_ms`` existed."""


def _setup(clocks: Clocks) -> MatchSetup:
    game = get_game("pilfer")
    return MatchSetup(game, game.make_config(None), 4, "m1", "raid", clocks=clocks)


def _slow_at_first(decisions: int, seconds: float):
    rng = Rng(1)
    asked = [0]

    def choose(prompt):
        asked[0] += 1
        if asked[0] <= decisions:
            time.sleep(seconds)
        return rng.below(len(prompt.choices))

    return choose


@pytest.mark.parametrize(("margin_ms", "faults"), [(0, [FaultCode.TIMEOUT]), (200, [])])
def test_an_overrun_within_the_margin_counts(players, margin_ms: int, faults, tmp_path: Path):
    slow = players.Scripted("slow", _slow_at_first(3, 0.06))
    seats = [slow, players.Scripted("good", players.random(2))]
    log = tmp_path / "m.jsonl"
    with LogWriter(log) as writer:
        result = run_match(_setup(Clocks(20, 10_000, margin_ms)), seats, [writer])
    assert [fault.code for fault in result.faults] == faults
    assert slow.prompts[0].time_left == pytest.approx(0.02)  # the bot is told the limit
    if not faults:
        bank_left = slow.prompts[3].bank_left
        assert bank_left < 10.0 - 3 * 0.06  # the overruns came out of the bank
        assert verify(log).ok


def test_the_margin_never_stretches_the_bank(players):
    seats = [players.Scripted("slow", players.slow(0.01)), players.Scripted("r", players.random(1))]
    result = run_match(_setup(Clocks(decision_ms=1000, bank_ms=35, time_margin_ms=500)), seats)
    assert [fault.code for fault in result.faults] == [FaultCode.TIMEOUT]
    clocks = SeatClocks(Clocks(decision_ms=100, bank_ms=1000, time_margin_ms=50), 1)
    assert clocks.allowance(0) == pytest.approx(0.1) and clocks.tolerance(0) == pytest.approx(0.15)
    clocks.charge(0, 0.9)
    assert clocks.allowance(0) == pytest.approx(0.1) and clocks.tolerance(0) == pytest.approx(0.1)


def test_headers_name_the_margin_only_when_there_is_one():
    assert Clocks().to_json() == {"decision_ms": 2000, "bank_ms": 120_000}
    assert Clocks(time_margin_ms=25).to_json()["time_margin_ms"] == 25
    assert Clocks.from_json({"decision_ms": 5, "bank_ms": 9}) == Clocks(5, 9, 0)
    with pytest.raises(ValueError, match="margin"):
        Clocks(time_margin_ms=-1)


def test_verify_reads_the_margin_from_the_header(players, tmp_path: Path):
    seats = [
        players.Scripted("slow", _slow_at_first(2, 0.06)),
        players.Scripted("r", players.random(2)),
    ]
    log = tmp_path / "m.jsonl"
    with LogWriter(log) as writer:
        run_match(_setup(Clocks(20, 10_000, 200)), seats, [writer])
    assert verify(log).ok
    with_changed_header(log, lambda header: header["clocks"].pop("time_margin_ms"))
    problems = verify(log).problems
    assert len(problems) == 1 and "with no fault, over the 20.000 ms allowed" in problems[0]


def test_the_toml_margin_parses_into_the_clocks_and_old_runs_keep_their_hash():
    text = (
        'name = "t"\ngame = "pilfer"\nformat = "round-robin"\nseed = 1\n'
        'bots = [{ name = "a", sample = "random" }, { name = "b", sample = "random" }]\n'
    )
    plain = parse_definition(text)
    assert plain.clocks == Clocks()
    margin = parse_definition(text + "[clocks]\ntime_margin_ms = 50\n")
    assert margin.clocks.time_margin_ms == 50
    assert definition_hash(plain) == HASH_BEFORE_THE_MARGIN  # its stored runs still resume
    assert definition_hash(margin) != definition_hash(plain)
