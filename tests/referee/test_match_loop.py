"""The match loop: observe, ask with a deadline, validate, apply, record; faults are results."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games import get_game
from referee.match import (
    Clocks,
    FaultCode,
    FaultPolicy,
    MatchHeader,
    MatchResult,
    MatchSetup,
    run_match,
)
from referee.match.clocks import SeatClocks


def setup_for(game_name: str = "pilfer", **kwargs: Any) -> MatchSetup:
    game = get_game(game_name)
    return MatchSetup(
        game=game,
        config=game.make_config(None),
        seed=kwargs.pop("seed", 4),
        match_id="m1",
        scenario=game.spec.default_scenario,
        **kwargs,
    )


class Recorder:
    def __init__(self) -> None:
        self.header: MatchHeader | None = None
        self.records: list[Any] = []
        self.result: MatchResult | None = None

    def match_started(self, header: MatchHeader) -> None:
        self.header = header

    def decision_taken(self, record: Any, state: Any) -> None:
        self.records.append(record)

    def match_ended(self, result: MatchResult) -> None:
        self.result = result


@pytest.mark.parametrize("game_name", ["pilfer", "wabbit"])
def test_random_players_finish_a_match_with_the_engine_outcome(game_name: str, players):
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(2)]
    recorder = Recorder()
    setup = setup_for(game_name)
    result = run_match(setup, seats, [recorder])
    assert result.faults == () and result.forfeited_seat is None
    assert result.decisions == len(recorder.records) > 0
    assert recorder.header.game == game_name and recorder.header.players == 2
    assert recorder.result == result
    assert all(seat.outcome == result.outcome for seat in seats)
    assert [seat.info.seat for seat in seats] == [0, 1]
    assert result.outcome.reason != "" and not result.outcome.reason.startswith("forfeit")


MAIL_ORDERS = {"bazooka", "dynamite", "atomic_bomb", "rocket_skates", "jet_pack", "portable_hole"}


def mail_order_match(seed: int, players: Any) -> list[Any]:
    """Play Wabbit with V2 hidden mail orders, ordering by mail whenever a seat can (else
    at random); return the decision records."""
    rng = players.random(seed)

    def order_mail(prompt: Any) -> int:
        for index, choice in enumerate(prompt.choices):
            if choice.data.get("card_kind") in MAIL_ORDERS:
                return index
        return rng(prompt)

    game = get_game("wabbit")
    recorder = Recorder()
    setup = MatchSetup(
        game=game,
        config=game.make_config(None, hidden_mail_orders=True),
        seed=seed,
        match_id="m1",
        scenario=game.spec.default_scenario,
    )
    run_match(setup, [players.Scripted(f"p{i}", order_mail) for i in range(2)], [recorder])
    return recorder.records


def test_spectators_get_public_labels_and_logs_the_full_ones(players):
    matches = (mail_order_match(seed, players) for seed in range(1, 30))
    hidden = next(
        h for records in matches if (h := [r for r in records if r.label != r.public_label])
    )
    assert all(r.public_label == "PLAY(mail order)" for r in hidden)
    assert all(r.label.startswith("PLAY(card ") for r in hidden)


def test_each_prompt_carries_observation_choices_and_clock(players):
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(2)]
    run_match(setup_for(clocks=Clocks(decision_ms=1500, bank_ms=9000)), seats)
    first = seats[0].prompts[0]
    assert first.observation["viewer"] == 0
    assert all(choice.label and "kind" in choice.data for choice in first.choices)
    assert first.time_left == pytest.approx(1.5)
    assert first.bank_left == pytest.approx(9.0)
    ids = sorted(p.decision_id for seat in seats for p in seat.prompts)
    assert ids == list(range(1, len(ids) + 1))


def test_each_seat_gets_the_events_it_may_see_since_its_last_request(players):
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(3)]
    run_match(setup_for("wabbit"), seats)
    for seat_index, seat in enumerate(seats):
        kinds = [event["kind"] for prompt in seat.prompts for event in prompt.events]
        assert kinds[0] == "game_start"
        drawn = [
            event["seat"]
            for prompt in seat.prompts
            for event in prompt.events
            if event["kind"] == "draw_cards"
        ]
        assert drawn and set(drawn) == {seat_index}


def test_out_of_range_index_forfeits_as_illegal_action(players):
    seats = [
        players.Scripted("good", players.random(1)),
        players.Scripted("bad", players.after(2, players.out_of_range)),
    ]
    result = run_match(setup_for(), seats)
    assert result.forfeited_seat == 1
    assert [f.code for f in result.faults] == [FaultCode.ILLEGAL_ACTION]
    assert result.outcome.ranks == (1, 2)
    assert result.outcome.reason == "forfeit:ILLEGAL_ACTION"


def test_player_fault_is_recorded_with_its_code(players):
    seats = [
        players.Scripted("bad", players.after(0, players.raise_disconnected)),
        players.Scripted("good", players.random(1)),
    ]
    result = run_match(setup_for(), seats)
    assert result.forfeited_seat == 0
    assert result.faults[0].code == FaultCode.DISCONNECTED
    assert result.faults[0].decision == 0


def test_an_answer_after_the_deadline_is_a_timeout(players):
    seats = [
        players.Scripted("slow", players.slow(0.05)),
        players.Scripted("good", players.random(1)),
    ]
    result = run_match(setup_for(clocks=Clocks(decision_ms=20, bank_ms=10_000)), seats)
    assert [f.code for f in result.faults] == [FaultCode.TIMEOUT]


def test_the_time_bank_runs_out(players):
    seats = [
        players.Scripted("slow", players.slow(0.01)),
        players.Scripted("good", players.random(1)),
    ]
    clocks = Clocks(decision_ms=1000, bank_ms=35)
    result = run_match(setup_for(clocks=clocks), seats)
    assert [f.code for f in result.faults] == [FaultCode.TIMEOUT]
    assert "limit 1000 ms" not in result.faults[0].detail


def test_default_action_policy_plays_on_until_strikes_run_out(players):
    seats = [
        players.Scripted("good", players.random(1)),
        players.Scripted("bad", players.after(1, players.out_of_range)),
    ]
    recorder = Recorder()
    policy = FaultPolicy(kind="default-action", max_strikes=2)
    result = run_match(setup_for(policy=policy), seats, [recorder])
    assert [f.code for f in result.faults] == [FaultCode.ILLEGAL_ACTION] * 3
    assert result.forfeited_seat == 1
    faulted = [r for r in recorder.records if r.fault is not None]
    assert len(faulted) == 2 and all(r.index == 0 for r in faulted)


def test_default_action_policy_with_a_good_enough_bot_finishes(players):
    calls = []

    def wrong_once(prompt):
        calls.append(prompt)
        return len(prompt.choices) if len(calls) == 3 else 0

    seats = [players.Scripted("good", players.random(1)), players.Scripted("once", wrong_once)]
    policy = FaultPolicy(kind="default-action", max_strikes=1)
    result = run_match(setup_for(policy=policy), seats)
    assert result.forfeited_seat is None
    assert [f.code for f in result.faults] == [FaultCode.ILLEGAL_ACTION]


def test_fault_policy_rejects_unknown_kinds():
    with pytest.raises(ValueError, match="unknown fault policy"):
        FaultPolicy(kind="shrug")


def test_clocks_charge_the_bank_and_cap_the_allowance():
    clocks = SeatClocks(Clocks(decision_ms=500, bank_ms=800), 2)
    assert clocks.allowance(0) == pytest.approx(0.5)
    clocks.charge(0, 0.6)
    assert clocks.allowance(0) == pytest.approx(0.2)
    assert clocks.allowance(1) == pytest.approx(0.5)
    clocks.charge(0, 1.0)
    assert clocks.allowance(0) == 0.0 and clocks.bank_left(0) == 0.0
    with pytest.raises(ValueError):
        Clocks(decision_ms=0)
