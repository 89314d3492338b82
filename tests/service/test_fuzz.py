"""Fuzzing every method of one referee process: 10,000 requests, none INTERNAL or UNKNOWN.

Random bytes, valid requests truncated and mutated, and RunMatch requests with extreme field
values go to ListGames, RunMatch, GetMatchLog and Health/Check over real gRPC on 127.0.0.1.
Every call has a deadline, and every answer must be OK or one of the refusals the protocol
names. The first PLAYED_TO_THE_END admitted RunMatch calls whose bots are all the refusing
stand-in are played to their end (the match ends at once with STARTUP_FAILED); every other
admitted call is cancelled at once (a sample bot would take a second to start). Each Hypothesis
example sends a batch of requests, which keeps Hypothesis's own cost per request low. Run with
``-s`` to see the counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2
from hypothesis import given, settings
from hypothesis import strategies as st
from ruckus.v1 import common_pb2, referee_pb2

from referee.games import game_names, get_game

from .conftest import Referee, running_referee

DEADLINE = 10.0
PLAYED_TO_THE_END = 8
BATCH = 4
ALLOWED = {
    grpc.StatusCode.OK,
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.NOT_FOUND,
    grpc.StatusCode.PERMISSION_DENIED,
    grpc.StatusCode.RESOURCE_EXHAUSTED,
    grpc.StatusCode.FAILED_PRECONDITION,
}
UNARY = {
    "ListGames": "/ruckus.v1.Referee/ListGames",
    "GetMatchLog": "/ruckus.v1.Referee/GetMatchLog",
    "Check": "/grpc.health.v1.Health/Check",
}
METHODS = ("ListGames", "RunMatch", "GetMatchLog", "Check")
INT64 = st.one_of(
    st.just(0),
    st.sampled_from([1, -1, 3_600_000, 3_600_001, 86_400_000, 2**62, -(2**63), 2**63 - 1]),
    st.integers(-(2**63), 2**63 - 1),
)
INT32 = st.one_of(
    st.sampled_from([0, 1, 2]),
    st.sampled_from([3, -1, 1000, 1001, 2**31 - 1, -(2**31)]),
    st.integers(-(2**31), 2**31 - 1),
)
COUNTS: Counter[tuple[str, str]] = Counter()
PLAYED: Counter[str] = Counter()


class Caller:
    """Sends raw payloads to the fuzzed referee, a batch at a time, and checks every answer."""

    def __init__(self, referee: Referee, refusing_bot: str) -> None:
        self.referee = referee
        self.refusing_bot = refusing_bot
        self.unary = {name: referee.unary(path) for name, path in UNARY.items()}
        self.run_match = referee.run_match()
        self.sent = 0
        self.ended_match = ""

    def send(self, batch: Sequence[tuple[str, bytes]]) -> None:
        """Send every ``(method, payload)`` at once; fail on a status outside ALLOWED."""
        calls = [(method, payload, self._start(method, payload)) for method, payload in batch]
        for method, payload, call in calls:
            code = self._finish(payload, call) if method == "RunMatch" else _code(call)
            COUNTS[method, code.name] += 1
            self.sent += 1
            assert code in ALLOWED, f"{method} answered {code} to {payload!r}"

    def _start(self, method: str, payload: bytes) -> Any:
        if method == "RunMatch":
            return self.run_match(payload, timeout=DEADLINE)
        return self.unary[method].future(payload, timeout=DEADLINE)

    def _finish(self, payload: bytes, call: Any) -> grpc.StatusCode:
        """Wait for a RunMatch call's admission; cancel it at once or play it to its end."""
        admitted = any(key == "ruckus-match-id" for key, _ in call.initial_metadata())
        if admitted and not self._quick(payload):
            call.cancel()
            PLAYED["cancelled at once"] += 1
            return grpc.StatusCode.OK
        try:
            events = [referee_pb2.MatchEvent.FromString(raw) for raw in call]
        except grpc.RpcError as error:
            return error.code()
        if admitted:
            assert events[-1].WhichOneof("kind") == "result"
            PLAYED["played to the end"] += 1
        return grpc.StatusCode.OK

    def _quick(self, payload: bytes) -> bool:
        """Whether to play an admitted (so valid) request to its end: while fewer than
        PLAYED_TO_THE_END have been, when every bot is the refusing stand-in."""
        if PLAYED["played to the end"] >= PLAYED_TO_THE_END:
            return False
        request = referee_pb2.RunMatchRequest.FromString(payload)
        return set(request.bots) == {self.refusing_bot}


def _code(future: Any) -> grpc.StatusCode:
    """The status of a unary call's future."""
    error = future.exception()
    return grpc.StatusCode.OK if error is None else error.code()


@pytest.fixture(scope="module")
def caller(tmp_path_factory: pytest.TempPathFactory, refusing_bot: str) -> Iterator[Caller]:
    """A caller of one referee process that must survive the whole module."""
    workdir = tmp_path_factory.mktemp("fuzzed")
    with running_referee(workdir, "--max-matches", "4") as referee:
        caller = Caller(referee, refusing_bot)
        request = referee_pb2.RunMatchRequest(game="pilfer", bots=[refusing_bot] * 2)
        events = list(caller.run_match(request.SerializeToString(), timeout=DEADLINE))
        caller.ended_match = referee_pb2.MatchEvent.FromString(events[0]).started.match_id
        yield caller
        assert referee.process.poll() is None, "the referee died"
        assert "Traceback" not in referee.stderr(), referee.stderr()[-3000:]
    print(f"\nfuzzed {sum(COUNTS.values())} requests: {dict(sorted(COUNTS.items()))}")
    print(f"admitted RunMatch calls: {dict(PLAYED)}")


def _valid_requests(refusing_bot: str) -> dict[str, list[bytes]]:
    """Requests every method accepts (a RunMatch of them ends at once), to mutate."""
    run = [
        referee_pb2.RunMatchRequest(game="pilfer", bots=[refusing_bot] * 2),
        referee_pb2.RunMatchRequest(
            game="wabbit",
            scenario="farm",
            seed=2**64 - 1,
            bots=[refusing_bot] * 4,
            clocks=common_pb2.Clocks(decision_ms=5, bank_ms=10),
            policy=referee_pb2.FaultPolicy(kind=2, max_strikes=1000),
        ),
        referee_pb2.RunMatchRequest(game="pilfer", scenario="cars", bots=[refusing_bot] * 3),
    ]
    return {
        "ListGames": [b"", referee_pb2.ListGamesRequest().SerializeToString() + b"\x08\x01"],
        "RunMatch": [request.SerializeToString() for request in run],
        "GetMatchLog": [
            referee_pb2.GetMatchLogRequest(match_id="0123456789abcdef" * 2).SerializeToString()
        ],
        "Check": [b"", b"\x0a\x11ruckus.v1.Referee"],
    }


@st.composite
def _mutated(draw: st.DrawFn, payloads: list[bytes]) -> bytes:
    """A valid payload truncated, with a byte changed, bytes inserted or removed, or doubled."""
    payload = draw(st.sampled_from(payloads))
    at = draw(st.integers(0, len(payload)))
    how = draw(st.sampled_from(["truncate", "flip", "insert", "delete", "double"]))
    if how == "truncate":
        return payload[:at]
    if how == "flip" and payload:
        at = min(at, len(payload) - 1)
        return payload[:at] + bytes([draw(st.integers(0, 255))]) + payload[at + 1 :]
    if how == "insert":
        return payload[:at] + draw(st.binary(min_size=1, max_size=12)) + payload[at:]
    if how == "delete":
        return payload[:at] + payload[at + draw(st.integers(1, 8)) :]
    return payload + draw(st.sampled_from(payloads))


def _odd_bots(refusing_bot: str) -> st.SearchStrategy[list[str]]:
    """Seat lists of any length mixing the stand-in, names and addresses of every kind."""
    port = refusing_bot.rpartition(":")[2]
    odd = st.sampled_from(
        [
            refusing_bot,
            f"grpc://localhost:{port}",
            f"grpc://[::1]x:{port}",
            "grpc://10.9.8.7:50061",
            "grpc://example.org:443",
            "grpc://127.0.0.1:0",
            "grpc://127.0.0.1:99999",
            "grpc://unix:/tmp/bot.sock:1",
            "grpc://",
            "cmd:/bin/true",
            "nobody",
            "",
        ]
    )
    return st.lists(st.one_of(odd, st.text(max_size=40)), max_size=6)


def _odd_values(refusing_bot: str) -> dict[str, st.SearchStrategy[Any]]:
    """For each field of a RunMatch request, the extreme or nonsense values it may get."""
    return {
        "game": st.one_of(
            st.sampled_from(["", "chess", "Pilfer", "pilfer\x00"]), st.text(max_size=60)
        ),
        "scenario": st.one_of(st.sampled_from(["moon", "farm", "raid", " "]), st.text(max_size=60)),
        "bots": _odd_bots(refusing_bot),
        "clocks.decision_ms": INT64,
        "clocks.bank_ms": INT64,
        "policy.kind": INT32,
        "policy.max_strikes": INT32,
    }


@st.composite
def _run_match_requests(draw: st.DrawFn, refusing_bot: str) -> referee_pb2.RunMatchRequest:
    """A valid RunMatch request (its bots the refusing stand-in) with one to three fields set
    to extreme or nonsense values (which may happen to be valid too)."""
    game = draw(st.sampled_from(game_names()))
    request = referee_pb2.RunMatchRequest(
        game=game,
        scenario=draw(st.sampled_from(["", *get_game(game).spec.scenarios])),
        seed=draw(st.integers(0, 2**64 - 1)),
        bots=[refusing_bot] * draw(st.integers(2, 4)),
    )
    odd = _odd_values(refusing_bot)
    for field in draw(st.sets(st.sampled_from(sorted(odd)), min_size=1, max_size=3)):
        value = draw(odd[field])
        if field == "bots":
            del request.bots[:]
            request.bots.extend(value)
        elif "." in field:
            message, _, name = field.partition(".")
            setattr(getattr(request, message), name, value)
        else:
            setattr(request, field, value)
    return request


def _fuzz(caller: Caller, name: str, run: Callable[[], None], expected: int) -> None:
    """Run one Hypothesis search; check and print how many requests it sent."""
    before = caller.sent
    run()
    print(f"\n{name}: {caller.sent - before} requests")
    assert caller.sent - before >= expected


def test_random_bytes_to_every_method(caller: Caller):
    @settings(max_examples=350, database=None)
    @given(payloads=st.lists(st.binary(max_size=300), min_size=BATCH, max_size=BATCH))
    def search(payloads: list[bytes]) -> None:
        caller.send([(method, payload) for payload in payloads for method in METHODS])

    _fuzz(caller, "random bytes", search, 5600)


def test_truncated_and_mutated_valid_requests(caller: Caller):
    valid = _valid_requests(caller.refusing_bot)
    batch = st.tuples(*(_mutated(valid[method]) for method in METHODS for _ in range(3)))

    @settings(max_examples=200, database=None)
    @given(payloads=batch)
    def search(payloads: tuple[bytes, ...]) -> None:
        caller.send([(METHODS[index // 3], payload) for index, payload in enumerate(payloads)])

    _fuzz(caller, "mutated requests", search, 2400)


def test_run_match_with_extreme_fields(caller: Caller):
    requests = _run_match_requests(caller.refusing_bot)

    @settings(max_examples=200, database=None)
    @given(batch=st.lists(requests, min_size=BATCH, max_size=BATCH))
    def search(batch: list[referee_pb2.RunMatchRequest]) -> None:
        caller.send([("RunMatch", request.SerializeToString()) for request in batch])

    _fuzz(caller, "extreme RunMatch fields", search, 800)


def test_match_ids_and_health_services(caller: Caller):
    ids = st.one_of(
        st.just(caller.ended_match),
        st.text(max_size=40),
        st.from_regex(r"\A[0-9a-fA-F]{31,33}\Z"),
    )
    services = st.one_of(st.sampled_from(["", "ruckus.v1.Referee"]), st.text(max_size=40))
    pairs = st.lists(st.tuples(ids, services), min_size=BATCH, max_size=BATCH)

    @settings(max_examples=150, database=None)
    @given(batch=pairs)
    def search(batch: list[tuple[str, str]]) -> None:
        for match_id, service in batch:
            log = referee_pb2.GetMatchLogRequest(match_id=match_id).SerializeToString()
            check = health_pb2.HealthCheckRequest(service=service).SerializeToString()
            caller.send([("GetMatchLog", log), ("Check", check)])

    _fuzz(caller, "match ids and health services", search, 1200)
