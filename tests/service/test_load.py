"""Three times --max-matches RunMatch calls at once, against a bot that never answers.

The matches past the limit are refused with RESOURCE_EXHAUSTED at once; health checks and
ListGames answer all along (none fails, 95 in 100 within 100 ms, none slower than a second: a
referee whose threads were all taken by the hung matches would miss every check of that window,
while one late check is the shared host's scheduling); after every call is cancelled the
referee's thread count and its child processes are back where they started.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import grpc
import pytest
from grpc_health.v1 import health_pb2
from ruckus.v1 import common_pb2, referee_pb2

from .conftest import Referee, running_referee, wait_for

MAX_MATCHES = 2
CALLS = 3 * MAX_MATCHES
LATENCY_LIMIT = 0.1
LATENCY_QUANTILE = 0.95
WORST_LATENCY = 1.0
REFUSAL_LIMIT = 0.5
SETTLE_SECONDS = 5.0
PROBE_PAUSE = 0.01


@pytest.fixture
def loaded_referee(tmp_path, refusing_bot: str) -> Iterator[Referee]:
    """A referee limited to MAX_MATCHES that has run one match (gRPC's client threads start
    with the first)."""
    with running_referee(tmp_path, "--max-matches", str(MAX_MATCHES)) as referee:
        request = referee_pb2.RunMatchRequest(game="wabbit", bots=[refusing_bot] * 2)
        list(referee.run_match()(request.SerializeToString(), timeout=30))
        yield referee


class Prober:
    """Calls Health/Check and ListGames in turn until stopped, keeping each call's latency."""

    def __init__(self, referee: Referee) -> None:
        self.calls = [
            (
                referee.unary("/grpc.health.v1.Health/Check"),
                health_pb2.HealthCheckRequest(service="ruckus.v1.Referee").SerializeToString(),
            ),
            (
                referee.unary("/ruckus.v1.Referee/ListGames"),
                referee_pb2.ListGamesRequest().SerializeToString(),
            ),
        ]
        self.latencies: list[float] = []
        self.failures: list[str] = []
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._probe, daemon=True)

    def _probe(self) -> None:
        while not self.stopped.is_set():
            for method, request in self.calls:
                began = time.monotonic()
                try:
                    method(request, timeout=1.0)
                except grpc.RpcError as error:
                    self.failures.append(f"{error.code()}: {error.details()}")
                self.latencies.append(time.monotonic() - began)
            time.sleep(PROBE_PAUSE)

    def __enter__(self) -> Prober:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        self.thread.join(timeout=5)


def _hung_request(hung_bot: str) -> bytes:
    request = referee_pb2.RunMatchRequest(
        game="pilfer", bots=[hung_bot, "random"], clocks=common_pb2.Clocks(decision_ms=60_000)
    )
    return request.SerializeToString()


def _quantile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _admitted(call: grpc.Call) -> bool:
    """Wait for the call's initial metadata: the admitted carry the match id."""
    return any(key == "ruckus-match-id" for key, _ in call.initial_metadata())


def test_the_excess_is_refused_at_once_and_checks_answer_throughout(
    loaded_referee: Referee, hung_bot: str
):
    referee = loaded_referee
    threads, children = referee.steady_threads(), referee.children()
    run_match = referee.run_match()
    with Prober(referee) as prober:
        time.sleep(0.2)
        calls, admitted, refused = [], [], []
        for _ in range(CALLS):
            began = time.monotonic()
            call = run_match(_hung_request(hung_bot), timeout=60)
            calls.append(call)
            if _admitted(call):
                admitted.append(call)
            else:
                assert call.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, call.details()
                refused.append(time.monotonic() - began)
        assert len(admitted) == MAX_MATCHES and len(refused) == CALLS - MAX_MATCHES
        for call in admitted:
            assert referee_pb2.MatchEvent.FromString(next(call)).WhichOneof("kind") == "started"
        busy_threads, busy_children = referee.threads(), referee.children()
        time.sleep(1.0)  # every match now waits on the hung bot
        late = run_match(_hung_request(hung_bot), timeout=60)
        assert not _admitted(late) and late.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        for call in calls:
            call.cancel()
        settled = wait_for(
            lambda: referee.threads() == threads and referee.children() == children,
            SETTLE_SECONDS,
        )
        time.sleep(0.2)
    after = (referee.threads(), referee.children())
    print(
        f"{CALLS} calls: {len(admitted)} admitted, {len(refused)} refused in at most "
        f"{max(refused) * 1000:.1f} ms; {len(prober.latencies)} checks, latency p95 "
        f"{_quantile(prober.latencies, LATENCY_QUANTILE) * 1000:.1f} ms, max "
        f"{max(prober.latencies) * 1000:.1f} ms; threads {threads} -> {busy_threads} -> "
        f"{after[0]}; child processes {len(children)} -> {len(busy_children)} -> {len(after[1])}"
    )
    assert prober.failures == []
    assert _quantile(prober.latencies, LATENCY_QUANTILE) < LATENCY_LIMIT
    assert max(prober.latencies) < WORST_LATENCY
    assert max(refused) < REFUSAL_LIMIT
    assert len(busy_children) >= MAX_MATCHES  # one sample bot per admitted match, at least
    assert settled, f"threads {after[0]} (were {threads}), children {after[1]} (were {children})"
