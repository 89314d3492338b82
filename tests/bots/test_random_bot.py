"""The random sample bot: random, yet the same choice for the same request."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ruckus.v1 import bot_pb2

from referee.match import MatchSetup, run_match
from referee.matchlog import LogWriter, read_log
from referee.transport.bots import open_players, parse_bot
from sample_bots.random_bot import RandomBot
from sample_bots.registry import sample_command


def _request(decision_id: int, actions: int) -> bot_pb2.DecisionRequest:
    legal = [bot_pb2.LegalAction(label=f"A{index}") for index in range(actions)]
    return bot_pb2.DecisionRequest(decision_id=decision_id, legal_actions=legal)


def test_the_same_request_always_gets_the_same_choice():
    bot = RandomBot("pilfer")
    request = _request(7, 5)
    assert len({RandomBot("pilfer").decide(request) for _ in range(5)} | {bot.decide(request)}) == 1


def test_choices_spread_over_every_legal_action():
    bot = RandomBot("wabbit")
    counts = Counter(bot.decide(_request(number, 4)) for number in range(400))
    assert set(counts) == {0, 1, 2, 3}
    assert min(counts.values()) > 60


def _digests(game: str, workdir: Path, name: str) -> list[str]:
    specs = [parse_bot("random", game, sample_command), parse_bot("random", game, sample_command)]
    log = workdir / f"{name}.jsonl"
    with open_players(specs, game, workdir) as players, LogWriter(log) as writer:
        run_match(MatchSetup.for_game(game, 11, None, match_id=name), players, [writer])
    return [line["digest"] for line in read_log(workdir / f"{name}.jsonl").decisions]


def test_a_match_of_random_bots_replays_the_same_on_every_run(tmp_path: Path):
    for game in ("pilfer", "wabbit"):
        assert _digests(game, tmp_path, f"{game}-1") == _digests(game, tmp_path, f"{game}-2")
