"""Joint steps (seats that move at once, ``Simultaneous`` in referee.games.base): the loop asks
every seat of a step in parallel, each on its own clock, applies their actions together, logs
one line per step, and a seat's fault is its own; verify, replay and fork read those lines."""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ruckus_grid_race.bots.greedy import choose_index
from typer.testing import CliRunner

from referee.match import (
    Clocks,
    DecisionPrompt,
    FaultCode,
    FaultPolicy,
    MatchSetup,
    run_match,
)
from referee.matchlog import LogWriter, read_log, verify
from referee.matchlog.chain import GENESIS, canonical, line_body, seal
from referee.transport.bots import open_players, parse_bot
from referee.transport.codec import codec_for
from referee.transport.results import step_messages
from sample_bots.registry import sample_command
from tournaments.cli import app

GAME = "grid-race"
SLOW_RACER = Path(__file__).resolve().parent / "slow_racer.py"


def setup_for(players: int = 3, policy: FaultPolicy | None = None, **kwargs: Any) -> MatchSetup:
    return MatchSetup.for_game(
        GAME, kwargs.pop("seed", 5), match_id="j1", policy=policy, rules=kwargs or None
    )


class Stamps:
    """An observer keeping every record and when it came."""

    def __init__(self) -> None:
        self.records: list[Any] = []
        self.times: list[float] = []

    def match_started(self, header: Any) -> None:
        self.times.append(time.monotonic())

    def decision_taken(self, record: Any, state: Any) -> None:
        self.records.append(record)
        self.times.append(time.monotonic())

    def match_ended(self, result: Any) -> None:
        """Nothing to keep."""


def logged(setup: MatchSetup, seats: list[Any], path: Path) -> tuple[Any, Path]:
    with LogWriter(path) as writer:
        result = run_match(setup, seats, [writer])
    return result, path


def rewritten(log: Path, number: int, change: Callable[[dict[str, Any]], object]) -> Path:
    """Write ``log`` over itself with ``change`` applied to line ``number`` (0: the header)
    and the hash chain re-linked."""
    lines = [json.loads(raw) for raw in log.read_text().splitlines()]
    change(lines[number])
    prev, out = GENESIS, []
    for line in lines:
        sealed = seal({k: v for k, v in line_body(line).items() if k != "prev"}, prev)
        prev = sealed["hash"]
        out.append(canonical(sealed))
    log.write_text("\n".join(out) + "\n")
    return log


def test_every_seat_still_in_is_asked_at_each_joint_step_and_one_line_logs_it(players, tmp_path):
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(3)]
    result, log = logged(setup_for(), seats, tmp_path / "m.jsonl")
    assert result.faults == () and result.forfeited_seat is None
    lines = read_log(log).decisions
    assert len(lines) == result.decisions > 0
    assert all("moves" in line and "seat" not in line for line in lines)
    assert [move["seat"] for move in lines[0]["moves"]] == [0, 1, 2]
    # every seat was asked once per step it was in, all with the step's decision id
    asked = sum(len(line["moves"]) for line in lines)
    assert sum(len(seat.prompts) for seat in seats) == asked
    assert {p.decision_id for p in seats[0].prompts} <= {line["n"] + 1 for line in lines}
    assert verify(log).ok


def test_no_seat_learns_another_seats_move_before_the_step_is_applied(players, tmp_path):
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(2)]
    logged(setup_for(2), seats, tmp_path / "m.jsonl")
    for seat in seats:
        for number, prompt in enumerate(seat.prompts):
            moves = [event for event in prompt.events if event["kind"] == "moves"]
            # the moves of step k reach a seat in its request of step k + 1, never sooner
            assert len(moves) == (0 if number == 0 else 1)
            assert prompt.observation["turn"] == number


def greedy_after(seconds: float) -> Callable[[DecisionPrompt], int]:
    """A chooser that sleeps, then plays the greedy sample bot's move."""

    def choose(prompt: DecisionPrompt) -> int:
        time.sleep(seconds)
        return choose_index(prompt.observation, [choice.data for choice in prompt.choices])

    return choose


def test_a_joint_step_takes_as_long_as_its_slowest_seat_not_the_sum(players):
    seats = [players.Scripted(f"p{i}", greedy_after(0.2)) for i in range(3)]
    stamps = Stamps()
    run_match(setup_for(max_turns=3), seats, [stamps])
    steps = [b - a for a, b in zip(stamps.times, stamps.times[1:], strict=False)]
    assert len(steps) == 3
    assert all(0.19 < step < 0.45 for step in steps), steps  # three seats, 0.2 s each
    assert all(record.seconds >= 0.19 for record in stamps.records)


def test_a_seats_fault_under_default_action_is_its_own(players, tmp_path):
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(3)]
    seats[1] = players.Scripted("p1", players.after(2, players.raise_disconnected))
    policy = FaultPolicy("default-action", 1000)
    result, log = logged(setup_for(policy=policy), seats, tmp_path / "m.jsonl")
    line = read_log(log).decisions[2]
    by_seat = {move["seat"]: move for move in line["moves"]}
    assert by_seat[1]["fault"]["code"] == "DISCONNECTED" and by_seat[1]["index"] == 0
    assert by_seat[0]["fault"] is None and by_seat[2]["fault"] is None
    assert {fault.seat for fault in result.faults} == {1}
    assert verify(log).ok


def test_a_seat_that_forfeits_at_a_joint_step_ranks_last_alone(players, tmp_path):
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(3)]
    seats[2] = players.Scripted("p2", players.after(1, players.out_of_range))
    result, log = logged(setup_for(), seats, tmp_path / "m.jsonl")
    assert result.forfeited_seat == 2 and result.decisions == 1
    assert result.outcome.ranks == (1, 1, 3)
    assert [(f.seat, f.code) for f in result.faults] == [(2, FaultCode.ILLEGAL_ACTION)]
    assert verify(log).ok


def test_seats_that_forfeit_at_the_same_joint_step_share_the_last_rank(players, tmp_path):
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(3)]
    seats[0] = players.Scripted("p0", players.after(1, players.out_of_range))
    seats[2] = players.Scripted("p2", players.after(1, players.raise_disconnected))
    result, log = logged(setup_for(), seats, tmp_path / "m.jsonl")
    assert result.forfeited_seat == 0 and result.outcome.ranks == (2, 1, 2)
    assert [fault.seat for fault in result.faults] == [0, 2]
    assert verify(log).ok
    rewritten(log, -1, lambda line: line["outcome"].update(ranks=[3, 1, 1]))
    assert any("outcome differs" in problem for problem in verify(log).problems)


def test_verify_finds_a_changed_move_and_a_step_without_a_seat(players, tmp_path):
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(2)]
    _, log = logged(setup_for(2), seats, tmp_path / "m.jsonl")
    changed = tmp_path / "changed.jsonl"
    changed.write_text(log.read_text())

    def other_index(line: dict[str, Any]) -> None:
        move = line["moves"][1]
        move["index"] = (move["index"] + 1) % 3

    rewritten(changed, 2, other_index)
    assert not verify(changed).ok
    dropped = tmp_path / "dropped.jsonl"
    dropped.write_text(log.read_text())
    rewritten(dropped, 2, lambda line: line["moves"].pop())
    assert any("not the seats to act" in problem for problem in verify(dropped).problems)


def test_a_fork_plays_on_from_a_joint_step_and_verifies(players, tmp_path):
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(2)]
    _, log = logged(setup_for(2, seed=9), seats, tmp_path / "m.jsonl")
    forked = tmp_path / "fork.jsonl"
    bots = ["--bot", "grid-race-greedy", "--bot", "random"]
    done = CliRunner().invoke(
        app, ["replay", "fork", str(log), "--at", "2", *bots, "--log", str(forked)]
    )
    assert done.exit_code == 0, done.output
    assert verify(forked).ok
    fork = read_log(forked)
    assert fork.header is not None and fork.header.fork is not None
    assert fork.decisions[0]["n"] == 2 and "moves" in fork.decisions[0]


def test_every_request_of_a_joint_step_leaves_at_the_same_moment(players):
    started: dict[int, float] = {}
    lock = threading.Lock()

    def stamped(seat: int) -> Callable[[DecisionPrompt], int]:
        def choose(prompt: DecisionPrompt) -> int:
            with lock:
                started.setdefault(seat, time.monotonic())
            time.sleep(0.1)
            return 0

        return choose

    seats = [players.Scripted(f"p{i}", stamped(i)) for i in range(3)]
    run_match(setup_for(max_turns=1), seats, [])
    assert max(started.values()) - min(started.values()) < 0.05


def test_bot_processes_that_take_0_3_s_each_play_a_round_in_about_0_3_s(tmp_path):
    """Two real bot processes over gRPC, each answering in 300 ms: a round takes about 0.3 s
    (the slowest seat's time), not 0.6 s (the sum)."""
    bot = parse_bot(f"cmd:{sys.executable} {SLOW_RACER} 300", GAME, sample_command)
    stamps = Stamps()
    setup = MatchSetup.for_game(GAME, 4, clocks=Clocks(2_000, 60_000), rules={"max_turns": 4})
    with open_players([bot, bot], GAME, tmp_path / "bots") as seats:
        result = run_match(setup, seats, [stamps])
    assert result.faults == ()
    rounds = [b - a for a, b in zip(stamps.times[1:], stamps.times[2:], strict=False)]
    assert rounds, "the match played more than one round"
    assert all(0.29 < seconds < 0.5 for seconds in rounds), rounds
    for record in stamps.records:
        assert [move.seat for move in record.moves] == [0, 1]
        assert all(move.seconds >= 0.29 for move in record.moves)


def test_the_referee_service_streams_a_joint_step_as_one_step_per_seat(players):
    stamps = Stamps()
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(3)]
    run_match(setup_for(max_turns=2), seats, [stamps])
    record = stamps.records[0]
    steps = step_messages(record, codec_for(GAME))
    assert [step.seat for step in steps] == [0, 1, 2]
    assert {step.decision for step in steps} == {0}
    assert [step.label for step in steps] == [move.public_label for move in record.moves]
    assert not steps[0].events and len(steps[-1].events) == len(record.public_events)


def test_each_seat_of_a_joint_step_runs_on_its_own_clock(players, tmp_path):
    seats = [players.Scripted(f"p{i}", greedy_after(0.06)) for i in range(2)]
    setup = MatchSetup.for_game(
        GAME,
        5,
        clocks=Clocks(2_000, 60_000),
        policy=FaultPolicy("default-action", 1000),
        rules={"max_turns": 3},
        seat_clocks=(Clocks(2_000, 60_000), Clocks(20, 60_000)),
    )
    result, log = logged(setup, seats, tmp_path / "m.jsonl")
    assert result.faults and {(f.seat, f.code) for f in result.faults} == {(1, FaultCode.TIMEOUT)}
    for line in read_log(log).decisions:
        first, second = line["moves"]
        assert first["fault"] is None and second["fault"]["code"] == "TIMEOUT"
    assert seats[0].prompts[0].time_left == 2.0 and seats[1].prompts[0].time_left == 0.02
    assert verify(log).ok
    rewritten(log, 1, lambda line: line["moves"][1].update(fault=None))
    assert any("with no fault, over the 20.000 ms" in p for p in verify(log).problems)
