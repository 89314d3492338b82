"""A RunMatch call that ends early stops its match at once, its bots and its threads with it.

The hung bot holds its decision for the whole 60 s clock, so a match that stopped only at its
next decision would still be running when these tests look.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from ruckus.v1 import common_pb2, referee_pb2

from referee.matchlog import read_log

from .conftest import Referee, running_referee, wait_for

STOP_SECONDS = 3.0
"""How soon after the call ends the match, its bots and its threads are gone."""


@pytest.fixture(scope="module")
def quiet_referee(tmp_path_factory: pytest.TempPathFactory, refusing_bot: str) -> Iterator[Referee]:
    """A referee that has run one match already (its first match starts gRPC's client threads)."""
    with running_referee(tmp_path_factory.mktemp("referee")) as referee:
        request = referee_pb2.RunMatchRequest(game="pilfer", bots=[refusing_bot, refusing_bot])
        events = list(referee.run_match()(request.SerializeToString(), timeout=30))
        assert referee_pb2.MatchEvent.FromString(events[-1]).WhichOneof("kind") == "result"
        yield referee


def _hung_match(hung_bot: str) -> bytes:
    request = referee_pb2.RunMatchRequest(
        game="pilfer",
        seed=5,
        bots=[hung_bot, "random"],
        clocks=common_pb2.Clocks(decision_ms=60_000),
    )
    return request.SerializeToString()


def _started(call: grpc.Call) -> str:
    event = referee_pb2.MatchEvent.FromString(next(call))
    assert event.WhichOneof("kind") == "started"
    return event.started.match_id


def _log_served(referee: Referee, match_id: str) -> bool:
    request = referee_pb2.GetMatchLogRequest(match_id=match_id).SerializeToString()
    try:
        referee.unary("/ruckus.v1.Referee/GetMatchLog")(request, timeout=5)
    except grpc.RpcError as error:
        assert error.code() == grpc.StatusCode.FAILED_PRECONDITION
        return False
    return True


def _assert_all_stopped(referee: Referee, match_id: str, threads: int, ended: float) -> None:
    assert wait_for(lambda: _log_served(referee, match_id), STOP_SECONDS), "the match kept running"
    assert wait_for(lambda: not referee.children(), STOP_SECONDS), referee.children()
    assert wait_for(lambda: referee.threads() == threads, STOP_SECONDS), referee.threads()
    print(f"stopped {time.monotonic() - ended:.2f} s after the call ended")
    log = read_log(referee.workdir / "logs" / match_id / "match.jsonl")
    assert log.header is not None and not log.complete and log.problems == []


def test_a_cancelled_run_match_leaves_no_bot_process_and_no_extra_thread(
    quiet_referee: Referee, hung_bot: str
):
    threads = quiet_referee.steady_threads()
    assert not quiet_referee.children()
    call = quiet_referee.run_match()(_hung_match(hung_bot), timeout=120)
    match_id = _started(call)
    bots = quiet_referee.children()
    assert bots, "the sample bot runs as a child of the referee"
    time.sleep(0.5)  # the hung bot now holds its decision
    assert not _log_served(quiet_referee, match_id)
    call.cancel()
    _assert_all_stopped(quiet_referee, match_id, threads, time.monotonic())


def test_a_run_match_past_its_deadline_stops_the_same_way(quiet_referee: Referee, hung_bot: str):
    threads = quiet_referee.steady_threads()
    call = quiet_referee.run_match()(_hung_match(hung_bot), timeout=4)
    match_id = _started(call)
    with pytest.raises(grpc.RpcError) as caught:
        list(call)
    assert caught.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    _assert_all_stopped(quiet_referee, match_id, threads, time.monotonic())


def test_the_log_of_a_cancelled_match_ends_at_its_last_decision(
    quiet_referee: Referee, hung_bot: str, tmp_path: Path
):
    request = referee_pb2.RunMatchRequest(game="pilfer", bots=["random", "random"], seed=2)
    call = quiet_referee.run_match()(request.SerializeToString(), timeout=120)
    match_id = _started(call)
    steps = sum(1 for _ in zip(range(3), call, strict=False))
    call.cancel()
    assert steps == 3
    assert wait_for(lambda: _log_served(quiet_referee, match_id), STOP_SECONDS)
    log = read_log(quiet_referee.workdir / "logs" / match_id / "match.jsonl")
    assert not log.complete and log.problems == [] and len(log.decisions) >= 3
