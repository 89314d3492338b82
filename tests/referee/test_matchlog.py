"""Match logs: hash-chained, sealed with a key, flushed line by line, readable when cut short,
verifiable; forged, edited and stripped logs are found."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games import get_game
from referee.match import FaultCode, FaultPolicy, MatchSetup, PlayerFault, run_match
from referee.match.result import forfeit_outcome
from referee.matchlog import LogWriter, read_log, verify
from referee.matchlog.chain import seal

KEY = bytes(range(32))
STRIKES = FaultPolicy(kind="default-action", max_strikes=2)


def write_match(
    path: Path, players, seed: int = 2, key: bytes | None = None, seats=None, policy=None
) -> None:
    game = get_game("pilfer")
    setup = MatchSetup(
        game=game,
        config=game.make_config(None),
        seed=seed,
        match_id="m",
        scenario="raid",
        policy=policy or FaultPolicy(),
    )
    seats = seats or [players.Scripted(f"p{i}", players.random(i)) for i in range(2)]
    with LogWriter(path, key) as writer:
        run_match(setup, seats, [writer])


def rewrite(path: Path, lines: list[dict]) -> None:
    """Write ``lines`` back with a freshly computed hash chain."""
    prev = ""
    out = []
    for line in lines:
        body = {k: v for k, v in line.items() if k not in ("prev", "hash")}
        sealed = seal(body, prev)
        prev = sealed["hash"]
        out.append(json.dumps(sealed))
    path.write_text("\n".join(out) + "\n")


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_finished_match_log_verifies(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players)
    report = verify(log)
    assert report.ok, report.problems
    parsed = read_log(log)
    assert parsed.complete and parsed.header.seed == 2
    assert report.decisions == len(parsed.decisions) == parsed.result["decisions"]
    first = parsed.decisions[0]
    assert {"seat", "index", "label", "time_ms", "digest", "prev", "hash"} <= set(first)


def test_a_log_cut_short_is_readable_but_incomplete(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players)
    text = log.read_text()
    cut = text[: len(text) // 2]
    log.write_text(cut)
    parsed = read_log(log)
    assert parsed.header is not None and parsed.result is None
    assert len(parsed.decisions) == cut.count("\n") - 1
    report = verify(log)
    assert not report.ok and not report.complete


def test_an_edited_line_breaks_the_chain(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players)
    lines = log.read_text().splitlines()
    line = json.loads(lines[3])
    line["index"] = line["index"] + 1
    lines[3] = json.dumps(line)
    log.write_text("\n".join(lines) + "\n")
    assert any("hash" in problem for problem in verify(log).problems)


def test_a_wrong_digest_is_found_by_replay_even_with_a_sound_chain(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players)
    lines = load(log)
    lines[5]["digest"] = "0" * 32
    rewrite(log, lines)
    problems = verify(log).problems
    assert problems == ["decision 4: state digest differs"]


def test_a_wrong_result_is_found(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players)
    lines = load(log)
    lines[-1]["outcome"]["ranks"] = list(reversed(lines[-1]["outcome"]["ranks"]))
    lines[-1]["outcome"]["reason"] = "made_up"
    rewrite(log, lines)
    assert verify(log).problems == ["result: outcome differs from the engine's"]


def test_a_changed_seed_is_found(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players)
    lines = load(log)
    lines[0]["seed"] = 3
    rewrite(log, lines)
    assert verify(log).problems != []


def test_gzip_logs_are_read(tmp_path: Path, players):
    import gzip

    log = tmp_path / "m.jsonl"
    write_match(log, players)
    packed = tmp_path / "m.jsonl.gz"
    packed.write_bytes(gzip.compress(log.read_bytes()))
    assert verify(packed).ok


# Sealed logs: a MAC under the run's key on every line.


def test_a_sealed_log_verifies_with_its_key_and_never_holds_it(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players, key=KEY)
    assert verify(log, KEY).ok
    assert verify(log).ok  # the unkeyed chain still checks without the key
    lines = load(log)
    assert lines[0]["sealed"] is True
    assert all(len(line["mac"]) == 64 for line in lines)
    assert KEY.hex() not in log.read_text()
    wrong = verify(log, bytes(32)).problems[0]
    assert wrong == "line 1: line MAC does not match (the line was not written with this run's key)"


def test_an_unsealed_log_fails_when_the_key_is_known(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players)
    assert "sealed" not in load(log)[0] and verify(log).ok
    assert verify(log, KEY).problems[0] == "line 1: line has no MAC"


def test_a_forgery_with_a_recomputed_chain_fails_only_with_the_key(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players, key=KEY)
    lines = load(log)
    lines[4]["time_ms"] = 0.5  # nothing the replay can see; the old MAC is kept
    rewrite(log, lines)
    assert verify(log).ok
    assert verify(log, KEY).problems[0].startswith("line 5: line MAC does not match")


def test_an_edited_decision_of_a_sealed_log_fails_at_its_line(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players, key=KEY)
    lines = load(log)
    lines[7]["label"] = "END_TURN"
    rewrite(log, lines)
    assert verify(log, KEY).problems[0].startswith("line 8: line MAC does not match")


def test_stripped_macs_are_found(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players, key=KEY)
    lines = load(log)
    for line in lines:
        del line["mac"]
    rewrite(log, lines)
    assert verify(log).problems[0] == "line 1: line has no MAC but the log is sealed"
    del lines[0]["sealed"]
    rewrite(log, lines)
    assert verify(log).ok  # an unsealed log of its own: only the key tells
    assert verify(log, KEY).problems[0] == "line 1: line has no MAC"


# Faults and forfeits: the result must be what the match loop writes.


class FailsToStart:
    def __init__(self, inner) -> None:
        self.inner = inner

    def identity(self):
        return self.inner.identity()

    def start(self, info) -> None:
        raise PlayerFault(FaultCode.STARTUP_FAILED, "no answer")

    def decide(self, prompt, timeout: float) -> int:
        raise AssertionError("never asked")

    def finish(self, outcome) -> None:
        pass


def _faulty_seats(players, kind: str):
    good = players.Scripted("p0", players.random(0))
    if kind == "start":
        return [good, FailsToStart(players.Scripted("p1", players.random(1)))]
    return [good, players.Scripted("p1", players.after(3, players.out_of_range, seed=1))]


@pytest.mark.parametrize(
    ("kind", "policy"), [("start", None), ("forfeit", None), ("strikes", STRIKES)]
)
def test_genuine_logs_with_faults_and_forfeits_verify(tmp_path: Path, players, kind, policy):
    log = tmp_path / "m.jsonl"
    write_match(log, players, key=KEY, seats=_faulty_seats(players, kind), policy=policy)
    result = read_log(log).result
    assert result["forfeited_seat"] == 1
    assert len(result["faults"]) == (3 if kind == "strikes" else 1)
    assert verify(log, KEY).ok, verify(log, KEY).problems


def test_an_added_fault_is_found(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players)
    lines = load(log)
    fault = {"seat": 1, "code": "TIMEOUT", "detail": "slow", "decision": 3}
    lines[-1]["faults"].append(fault)
    rewrite(log, lines)
    assert verify(log).problems == ["result: its faults are not those of the decision lines"]


def test_a_forged_forfeit_without_a_fault_is_found(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players)
    lines = load(log)
    lines[-1]["forfeited_seat"] = 1
    lines[-1]["outcome"] = forfeit_outcome(2, 1, FaultCode.CRASHED).to_json()
    rewrite(log, lines)
    assert verify(log).problems == ["result: seat 1 forfeited without a fault"]
    lines[-1]["faults"] = [{"seat": 0, "code": "CRASHED", "detail": "", "decision": -1}]
    rewrite(log, lines)
    assert verify(log).problems == ["result: seat 1 forfeited, but the last fault is seat 0's"]


def test_a_forfeit_blamed_on_the_other_seat_is_found(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players, seats=_faulty_seats(players, "forfeit"))
    lines = load(log)
    fault = lines[-1]["faults"][0]
    fault["seat"] = 0
    lines[-1]["forfeited_seat"] = 0
    lines[-1]["outcome"] = forfeit_outcome(2, 0, FaultCode(fault["code"])).to_json()
    rewrite(log, lines)
    assert verify(log).problems == ["result: seat 0 forfeited a decision that was not its to take"]


def test_a_forfeit_outcome_that_does_not_rank_the_forfeiter_last_is_found(tmp_path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players, seats=_faulty_seats(players, "start"))
    lines = load(log)
    lines[-1]["outcome"]["ranks"] = [2, 1]
    rewrite(log, lines)
    assert verify(log).problems == ["result: outcome differs from the forfeit's"]


def test_a_fault_that_did_not_forfeit_under_the_forfeit_policy_is_found(tmp_path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players, seats=_faulty_seats(players, "strikes"), policy=STRIKES)
    lines = load(log)
    first = next(line for line in lines if line.get("fault"))
    lines[0]["policy"] = {"kind": "forfeit", "max_strikes": 2}
    rewrite(log, lines)
    expected = f"decision {first['n']}: fault 1 of seat 1 did not forfeit (forfeit policy)"
    assert verify(log).problems == [expected]


def test_a_forfeit_before_the_strikes_ran_out_is_found(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players, seats=_faulty_seats(players, "strikes"), policy=STRIKES)
    lines = load(log)
    lines[0]["policy"]["max_strikes"] = 3
    rewrite(log, lines)
    assert verify(log).problems == ["result: seat 1 forfeited at fault 3 (default-action policy)"]


def test_a_slow_answer_without_a_fault_is_found(tmp_path: Path, players):
    log = tmp_path / "m.jsonl"
    write_match(log, players)
    lines = load(log)
    lines[6]["time_ms"] = 2500.0  # the default decision limit is 2000 ms
    rewrite(log, lines)
    assert verify(log).problems == [
        "decision 5: 2500.0 ms with no fault, over the 2000.000 ms allowed"
    ]
