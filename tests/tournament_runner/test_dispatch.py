"""Which match a free worker gets, and the worker's connections kept from match to match."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.match.clocks import STARTUP_MS
from referee.transport.process import BotProcess
from tournaments.definition import parse_definition
from tournaments.runner.layout import RunFolder
from tournaments.runner.pool import Completion
from tournaments.runner.run import FormatSchedule, RunContext, _Loop, pick_next
from tournaments.runner.worker import ConnectedBots, MatchTask, SeatEndpoint
from tournaments.schedule import Match
from tournaments.store import ResultStore

from .conftest import Recorder, tournament_toml


def _match(key: str, *seats: str) -> Match:
    return Match(key=key, round=1, seats=seats, seed=1, game=0)


def test_a_free_worker_takes_the_earliest_match_whose_bots_are_all_free():
    running = [_match("rr/a~b/g0", "a", "b")]
    queue = [
        _match("rr/a~b/g1", "a", "b"),
        _match("rr/a~c/g0", "a", "c"),
        _match("rr/c~d/g0", "c", "d"),
    ]
    assert pick_next(queue, running).key == "rr/c~d/g0"


def test_when_every_queued_match_shares_a_busy_bot_the_earliest_least_busy_is_taken():
    running = [_match("rr/a~b/g0", "a", "b")]
    queue = [_match("rr/a~b/g1", "a", "b"), _match("rr/b~c/g0", "b", "c")]
    assert pick_next(queue, running).key == "rr/b~c/g0"  # c is free: only b plays two
    assert pick_next(queue, []).key == "rr/a~b/g1"
    assert pick_next(queue[:1], running).key == "rr/a~b/g1"


def test_when_every_match_shares_a_busy_bot_the_least_busy_bots_play():
    running = [_match("rr/a~b/g0", "a", "b"), _match("rr/a~c/g0", "a", "c")]
    queue = [_match("rr/a~d/g0", "a", "d"), _match("rr/b~d/g0", "b", "d")]
    assert pick_next(queue, running).key == "rr/b~d/g0"  # a plays two already, b one


class _Backend:
    """A backend of two slots that plays nothing: the test says which match ends."""

    def __init__(self) -> None:
        self.submitted: list[MatchTask] = []
        self.ending: list[MatchTask] = []
        self.ended = 0

    def check(self) -> None:
        """Nothing to restart."""

    def idle(self) -> int:
        return 2 - (len(self.submitted) - self.ended)

    def seats(self, names):
        return tuple(SeatEndpoint(name, "127.0.0.1:9") for name in names)

    def submit(self, task: MatchTask, seconds: float) -> None:
        self.submitted.append(task)

    def wait(self, timeout: float) -> list[Completion]:
        ending, self.ending = self.ending, []
        self.ended += len(ending)
        return [Completion(task, None, "ended by the test") for task in ending]


def test_a_match_that_just_ended_frees_its_bots_for_the_next_one(tmp_path: Path):
    text = tournament_toml([f"{name}=random" for name in "abcd"], games=2)
    run_dir = tmp_path / "run"
    store = ResultStore.create(run_dir, text)
    folder = RunFolder(run_dir)
    folder.create()
    backend = _Backend()
    definition = parse_definition(text)
    context = RunContext(definition, folder, store, 2, 0)
    loop = _Loop(context, backend, Recorder(), FormatSchedule(definition))
    queue = loop.pending()
    bots = {match.key: set(match.seats) for match in queue}
    loop.hand_out(queue)
    first, second = (bots[task.key] for task in backend.submitted)
    assert first.isdisjoint(second)
    backend.ending.append(backend.submitted[0])  # the first match ends; the second plays on
    loop.step(queue)
    third = bots[backend.submitted[2].key]
    assert third.isdisjoint(second), "a bot of the match still playing got a second one"
    store.close()


@pytest.fixture
def bot_endpoint(tmp_path: Path):
    process = BotProcess([sys.executable, "-m", "sample_bots.pilfer_random"], tmp_path / "bot.log")
    yield SeatEndpoint("r (sample:random)", process.address)
    process.stop()


def test_a_connected_bot_is_kept_for_the_next_match_and_not_shared_by_two(bot_endpoint):
    bots = ConnectedBots()
    try:
        first = bots.player(bot_endpoint, "pilfer", STARTUP_MS)
        assert first.startup_fault is None and first.info is not None
        other = bots.player(bot_endpoint, "pilfer", STARTUP_MS)  # a second match at once
        assert other is not first and other.info is not None
        bots.release(first)
        assert bots.player(bot_endpoint, "pilfer", STARTUP_MS) is first
        bots.release(first)
        bots.release(other)
    finally:
        bots.close()


def test_a_bot_whose_last_match_broke_is_connected_afresh(bot_endpoint):
    bots = ConnectedBots()
    try:
        first = bots.player(bot_endpoint, "pilfer", STARTUP_MS)
        first.last_match_broken = True
        bots.release(first)
        second = bots.player(bot_endpoint, "pilfer", STARTUP_MS)
        assert second is not first and second.reusable()
    finally:
        bots.close()
