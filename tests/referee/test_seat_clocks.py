"""Per-seat clocks: each seat is timed, and told its allowance, by its own decision limit and
bank; the log header records them (only when a seat's differ from the match's), and
``replay verify`` and ``replay fork`` read them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.games import get_game
from referee.match import Clocks, FaultCode, FaultPolicy, MatchSetup, run_match
from referee.match.clocks import SeatClocks
from referee.matchlog import LogWriter, read_log, verify
from referee.transport.bots import open_players, parse_bot
from sample_bots.registry import sample_command
from tournaments.cli import app

from .conftest import with_changed_header

SLOW_BOT = Path(__file__).resolve().parent / "slow_bot.py"
FAST_SEAT, SLOW_SEAT = Clocks(5, 60_000), Clocks(2_000, 60_000)


def _setup(seat_clocks: tuple[Clocks, ...]) -> MatchSetup:
    return MatchSetup.for_game(
        "pilfer",
        3,
        clocks=Clocks(2_000, 60_000),
        policy=FaultPolicy("default-action", 1000),
        rules={"max_rounds": 2},
        seat_clocks=seat_clocks,
    )


@pytest.fixture(scope="module")
def slow_match(tmp_path_factory: pytest.TempPathFactory) -> tuple[list, Path]:
    """Two processes of a bot that answers in 30 ms: seat 0 with 5 ms decisions, seat 1 2 s."""
    folder = tmp_path_factory.mktemp("seat-clocks")
    bot = parse_bot(f"cmd:{sys.executable} {SLOW_BOT} 30", "pilfer", sample_command)
    log = folder / "match.jsonl"
    with open_players([bot, bot], "pilfer", folder / "bots") as players, LogWriter(log) as writer:
        result = run_match(_setup((FAST_SEAT, SLOW_SEAT)), players, [writer])
    return list(result.faults), log


def test_only_the_seat_with_the_short_limit_times_out(slow_match):
    faults, log = slow_match
    decisions = read_log(log).decisions
    assert faults and {(fault.seat, fault.code) for fault in faults} == {(0, FaultCode.TIMEOUT)}
    seat_1 = [line for line in decisions if line["seat"] == 1]
    assert seat_1 and all(line["fault"] is None for line in seat_1)
    assert max(line["time_ms"] for line in seat_1) > 25  # it took its time, within its limit


def test_the_header_records_the_seat_clocks_and_verify_reads_them(slow_match, tmp_path):
    _, log = slow_match
    header = read_log(log).header
    assert header is not None and header.config["max_rounds"] == 2
    assert header.to_json()["clocks"] == {"decision_ms": 2000, "bank_ms": 60_000}
    assert header.to_json()["seat_clocks"] == [
        {"decision_ms": 5, "bank_ms": 60_000},
        {"decision_ms": 2000, "bank_ms": 60_000},
    ]
    assert verify(log).ok
    tampered = tmp_path / "tampered.jsonl"
    with_changed_header(log, lambda h: h["seat_clocks"][1].update(decision_ms=5), tampered)
    problems = verify(tampered).problems
    assert len(problems) == 1 and "with no fault, over the 5.000 ms allowed" in problems[0]


def test_a_fork_keeps_each_seats_clocks(slow_match, tmp_path):
    _, log = slow_match
    forked = tmp_path / "fork.jsonl"
    bots = ["--bot", "random", "--bot", "random"]
    args = ["replay", "fork", str(log), "--at", "2", *bots, "--log", str(forked)]
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    header = read_log(forked).header
    assert header is not None
    parent = read_log(log).header
    assert parent is not None and header.seat_clocks == parent.seat_clocks != ()
    assert verify(forked).ok


def test_each_seat_is_told_its_own_clocks(players):
    seats = [players.Scripted("a", players.random(1)), players.Scripted("b", players.random(2))]
    run_match(_setup((Clocks(300, 5_000), Clocks(700, 9_000))), seats)
    assert [seat.info.clocks for seat in seats] == [Clocks(300, 5_000), Clocks(700, 9_000)]
    assert seats[0].prompts[0].time_left == pytest.approx(0.3)
    assert seats[1].prompts[0].bank_left == pytest.approx(9.0, abs=0.01)
    assert [seat.info.match_bank_ms for seat in seats] == [14_000, 14_000]  # bounds each stream


def test_an_ordinary_header_has_no_seat_clocks(players):
    seats = [players.Scripted("a", players.random(1)), players.Scripted("b", players.random(2))]
    same = (Clocks(2_000, 60_000),) * 2
    identities = [seat.identity() for seat in seats]
    assert "seat_clocks" not in _setup(()).header(identities).to_json()
    assert "seat_clocks" not in _setup(same).header(identities).to_json()
    with pytest.raises(ValueError, match="clocks for 1 seats in a match of 2"):
        SeatClocks(Clocks(), 2, (Clocks(),))
    game = get_game("pilfer")
    assert MatchSetup(game, game.make_config(None), 1, "m", "raid").seat_clocks == ()
