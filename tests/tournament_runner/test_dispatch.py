"""Which match a free worker gets, and the worker's connections kept from match to match."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.match.clocks import STARTUP_MS
from referee.transport.process import BotProcess
from tournaments.runner.run import pick_next
from tournaments.runner.worker import ConnectedBots, SeatEndpoint
from tournaments.schedule import Match


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


def test_when_every_queued_match_shares_a_busy_bot_the_earliest_is_taken():
    running = [_match("rr/a~b/g0", "a", "b")]
    queue = [_match("rr/a~b/g1", "a", "b"), _match("rr/b~c/g0", "b", "c")]
    assert pick_next(queue, running).key == "rr/a~b/g1"
    assert pick_next(queue, []).key == "rr/a~b/g1"


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
