"""Match logs: hash-chained, flushed line by line, readable when cut short, verifiable."""

from __future__ import annotations

import json
from pathlib import Path

from referee.games import get_game
from referee.match import MatchSetup, run_match
from referee.matchlog import LogWriter, read_log, verify
from referee.matchlog.chain import seal


def write_match(path: Path, players, seed: int = 2) -> None:
    game = get_game("pilfer")
    setup = MatchSetup(
        game=game, config=game.make_config(None), seed=seed, match_id="m", scenario="raid"
    )
    seats = [players.Scripted(f"p{i}", players.random(i)) for i in range(2)]
    with LogWriter(path) as writer:
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
    assert parsed.complete and parsed.header["seed"] == 2
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
