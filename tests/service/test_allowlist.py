"""RunMatch dials only loopback bots and the hosts --allow-remote names; sample bots stay allowed.

No test here dials anything but loopback: an allowed remote address is shown to pass the
allowlist by a request that is then refused for a later field (its clocks), before any bot
is called.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import grpc
import pytest
from ruckus.v1 import common_pb2, referee_pb2

from referee.transport.allowlist import (
    AddressError,
    Allowlist,
    Endpoint,
    parse_address,
    parse_entry,
)

from .conftest import RUCKUS, Referee, running_referee

ALLOWED = ("--allow-remote", "10.9.8.7:4", "--allow-remote", "Bots.Example.org")
BAD_CLOCKS = common_pb2.Clocks(decision_ms=-1)


@pytest.fixture(scope="module")
def opened(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Referee]:
    """A referee whose allowlist names 10.9.8.7 port 4 and every port of bots.example.org."""
    with running_referee(tmp_path_factory.mktemp("opened"), *ALLOWED) as referee:
        yield referee


def _answer(referee: Referee, bots: list[str], clocks: common_pb2.Clocks | None = None):
    request = referee_pb2.RunMatchRequest(game="pilfer", bots=bots, clocks=clocks)
    call = referee.run_match()(request.SerializeToString(), timeout=60)
    try:
        events = [referee_pb2.MatchEvent.FromString(raw) for raw in call]
    except grpc.RpcError as error:
        return error.code(), error.details()
    return grpc.StatusCode.OK, events


@pytest.mark.parametrize(
    "address",
    [
        "grpc://10.9.8.7:4",
        "grpc://192.168.1.1:50061",
        "grpc://bots.example.org:443",
        "grpc://[::2]:9",
    ],
)
def test_by_default_a_remote_address_is_permission_denied_naming_it(referee: Referee, address):
    code, detail = _answer(referee, ["random", address])
    assert code == grpc.StatusCode.PERMISSION_DENIED
    assert detail.startswith(f"bots[1]: the referee may not dial {address} ")


@pytest.mark.parametrize(
    "address", ["grpc://10.9.8.7:5", "grpc://10.9.8.77:4", "grpc://example.org:443"]
)
def test_an_address_the_allowlist_does_not_name_is_denied(opened: Referee, address):
    code, detail = _answer(opened, [address, "random"])
    assert code == grpc.StatusCode.PERMISSION_DENIED
    assert address in detail


@pytest.mark.parametrize(
    "address", ["grpc://10.9.8.7:4", "grpc://bots.example.org:1", "grpc://BOTS.EXAMPLE.ORG:443"]
)
def test_an_address_the_allowlist_names_passes_it(opened: Referee, address):
    code, detail = _answer(opened, [address, "random"], BAD_CLOCKS)
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert detail.startswith("clocks.decision_ms:")


def test_loopback_bots_and_sample_bots_are_played(opened: Referee, refusing_bot: str):
    port = refusing_bot.rpartition(":")[2]
    code, events = _answer(opened, ["random", f"grpc://localhost:{port}"])
    assert code == grpc.StatusCode.OK
    started, result = events[0].started, events[-1].result
    assert started.seats[0].name == "pilfer-random"
    assert result.forfeited_seat == 1
    assert result.faults[0].code == common_pb2.FAULT_CODE_STARTUP_FAILED


def test_commands_stay_refused_whatever_the_allowlist(opened: Referee):
    code, detail = _answer(opened, ["random", "cmd:/bin/sh -c true"])
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert detail == "bots[1]: cmd: bots are not allowed here"


def test_serve_refuses_a_bad_allow_remote_entry():
    command = [*RUCKUS, "referee", "serve", "--port", "0", "--allow-remote", "bad host:1"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "--allow-remote" in done.stderr and "is not a host name" in done.stderr


@pytest.mark.parametrize(
    ("address", "loopback"),
    [
        ("127.0.0.1:1", True),
        ("127.5.6.7:1", True),
        ("localhost:1", True),
        ("LocalHost:1", True),
        ("[::1]:1", True),
        ("[0:0::1]:1", True),
        ("0.0.0.0:1", False),
        ("[::ffff:127.0.0.1]:1", False),
        ("127.1:1", False),
        ("2130706433:1", False),
        ("10.0.0.1:1", False),
    ],
)
def test_loopback_is_recognised_as_written_and_nothing_else(address, loopback):
    assert parse_address(address).loopback is loopback
    assert Allowlist().permits(parse_address(address)) is loopback


@pytest.mark.parametrize(
    ("entry", "endpoint"),
    [
        ("10.0.0.1", Endpoint("10.0.0.1")),
        ("10.0.0.1:80", Endpoint("10.0.0.1", 80)),
        ("Bots.Example.org", Endpoint("bots.example.org")),
        ("[2001:db8::1]:80", Endpoint("2001:db8::1", 80)),
        ("[2001:db8:0::1]", Endpoint("2001:db8::1")),
        ("2001:db8::1", Endpoint("2001:db8::1")),
    ],
)
def test_allowlist_entries_are_a_host_and_maybe_a_port(entry, endpoint):
    assert parse_entry(entry) == endpoint


@pytest.mark.parametrize(
    "text", ["", ":80", "host:", "host:0", "host:65536", "ho st", "a..b", "[::1", "[nope]:1"]
)
def test_malformed_entries_are_refused(text):
    with pytest.raises(AddressError):
        parse_entry(text)
