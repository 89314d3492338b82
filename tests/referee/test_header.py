"""The typed match header: what a log's first line records, read and written in one place."""

from __future__ import annotations

import pickle

import pytest

from referee.match import BotIdentity, Clocks, FaultPolicy, HeaderError, MatchHeader, MatchSetup
from referee.matchlog.replay import Replayer

SEATS = (BotIdentity("a", source="x"), BotIdentity("b", source="y"))


def _setup(**kwargs) -> MatchSetup:
    return MatchSetup.for_game("pilfer", 5, match_id="m1", **kwargs)


def test_a_header_round_trips_through_its_json():
    setup = _setup(
        clocks=Clocks(900, 50_000, 25),
        policy=FaultPolicy("default-action", 2),
        seat_clocks=(Clocks(100, 9_000), Clocks(900, 50_000)),
        rules={"max_rounds": 3},
    )
    header = setup.header(SEATS)
    data = header.to_json()
    assert data["seat_clocks"] == [
        {"decision_ms": 100, "bank_ms": 9_000},
        {"decision_ms": 900, "bank_ms": 50_000},
    ]
    assert data["clocks"] == {"decision_ms": 900, "bank_ms": 50_000, "time_margin_ms": 25}
    again = MatchHeader.from_json({**data, "type": "header", "hash": "h", "prev": ""})
    assert again == header and again.to_json() == data
    assert [own.time_margin_ms for own in again.each_seat_clocks()] == [25, 25]


def test_an_ordinary_header_writes_what_headers_always_had():
    data = _setup().header(SEATS).to_json()
    assert set(data) == {
        "schema",
        "match_id",
        "game",
        "rules_version",
        "scenario",
        "config",
        "seed",
        "players",
        "seats",
        "clocks",
        "policy",
    }
    assert data["clocks"] == {"decision_ms": 2000, "bank_ms": 120_000}  # no margin, no start-up
    assert data["players"] == 2 and data["policy"] == {"kind": "forfeit", "max_strikes": 3}


def test_seat_clocks_equal_to_the_matchs_are_no_seat_clocks():
    same = _setup(seat_clocks=(Clocks(), Clocks())).header(SEATS)
    assert same.seat_clocks == () and same == _setup().header(SEATS)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("seed"), "missing field 'seed'"),
        (lambda d: d.update(seed="7"), "seed is '7', not a int"),
        (lambda d: d.update(players=True), "players is True"),
        (lambda d: d.update(extra=1), "unknown field 'extra'"),
        (lambda d: d.update(players=3), "players 3 but 2 seats"),
        (lambda d: d["clocks"].update(decision_ms=0), "decision_ms must be in 1..3600000"),
        (lambda d: d["policy"].update(kind="lenient"), "unknown fault policy"),
        (lambda d: d["seats"].append("c"), "a seat is 'c', not an object"),
        (lambda d: d.update(fork={"at": 1}), "fork: expected parent, at"),
    ],
)
def test_a_line_that_is_no_header_is_refused_by_name(change, message):
    data = _setup().header(SEATS).to_json()
    change(data)
    with pytest.raises(HeaderError, match=message):
        MatchHeader.from_json(data)


def test_a_setup_read_back_from_its_header_is_the_same_match():
    setup = _setup(rules={"max_rounds": 3}, clocks=Clocks(700, 9_000))
    again = MatchSetup.from_header(setup.header(SEATS))
    assert again.config == setup.config and again.clocks == setup.clocks
    assert (again.seed, again.match_id, again.scenario) == (5, "m1", setup.scenario)
    carried = pickle.loads(pickle.dumps(setup))  # a task carries it to a worker whole
    assert carried.header(SEATS) == setup.header(SEATS)


def test_the_replayer_stops_at_a_decision_out_of_turn():
    replayer = Replayer(_setup().header(SEATS))
    line = {"n": 3, "seat": 0, "index": 0, "label": "", "digest": ""}
    [step] = list(replayer.steps([line]))
    assert step.state is None and step.ends
    assert step.problems == ("decision 3: expected decision number 0",)
