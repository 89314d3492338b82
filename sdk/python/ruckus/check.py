"""The compliance kit: ``python -m ruckus.check HOST:PORT`` plays scripted matches against a bot.

It checks that the bot describes itself, answers every DecisionRequest of a real match
(recorded from the referee) with the right decision id and an index in range within the
time it was given, ends the stream after MatchEnd, and can play two matches at once.
It prints one line per check and exits 1 if any failed.
"""

from __future__ import annotations

import argparse
import functools
import json
import queue
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent import futures
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import grpc
from google.protobuf import json_format

from ruckus.limits import CHANNEL_OPTIONS
from ruckus.v1 import bot_pb2, bot_pb2_grpc

KNOWN_GAMES = ("pilfer", "wabbit")
"""The games whose scripts ship with the SDK; the harness hands in scripts of any other."""
Script = list[bot_pb2.RefereeMessage]
DESCRIBE_SECONDS = 5.0
CLOSE_SECONDS = 2.0
MATCH_SECONDS = 600.0


@dataclass
class CheckResult:
    """The outcome of one check: its name, whether it passed, and what was wrong."""

    name: str
    problems: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def passed(self) -> bool:
        """Whether no problem was found."""
        return not self.problems


def load_script(game: str) -> list[bot_pb2.RefereeMessage]:
    """Return the scripted messages of ``game`` shipped with the SDK."""
    text = resources.files("ruckus").joinpath("scripts", f"{game}.json").read_text()
    return [json_format.ParseDict(item, bot_pb2.RefereeMessage()) for item in json.loads(text)]


def check_describe(
    stub: Any, known: Sequence[str] = KNOWN_GAMES
) -> tuple[CheckResult, bot_pb2.BotInfo | None]:
    """Check that Describe answers in time with a name and games among ``known``."""
    result = CheckResult("describe")
    try:
        info = stub.Describe(bot_pb2.DescribeRequest(), timeout=DESCRIBE_SECONDS)
    except grpc.RpcError as error:
        result.problems.append(f"Describe failed: {error.code().name} {error.details()}")
        return result, None
    if not info.name:
        result.problems.append("BotInfo.name is empty")
    unknown = [game for game in info.games if game not in known]
    if unknown:
        result.problems.append(f"unknown games {unknown}; known: {list(known)}")
    result.note = f"{info.name} {info.version} plays {', '.join(info.games) or 'any game'}"
    return result, info


def _outgoing(outbox: queue.SimpleQueue[Any]) -> Iterator[bot_pb2.RefereeMessage]:
    while (item := outbox.get(timeout=60)) is not None:
        yield item


def play_script(stub: Any, script: list[bot_pb2.RefereeMessage], name: str) -> CheckResult:
    """Play one scripted match and check every answer."""
    result = CheckResult(name)
    outbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
    call = stub.Play(_outgoing(outbox), timeout=MATCH_SECONDS)
    answers = iter(call)
    times: list[float] = []
    pool = futures.ThreadPoolExecutor(max_workers=1)
    try:
        for message in script:
            outbox.put(message)
            if message.WhichOneof("kind") != "decision":
                continue
            request = message.decision
            began = time.monotonic()
            try:
                answer = pool.submit(next, answers).result(request.time_left.decision_ms / 1000)
            except futures.TimeoutError:
                result.problems.append(f"decision {request.decision_id}: no answer in time")
                return result
            except (grpc.RpcError, StopIteration) as error:
                result.problems.append(f"decision {request.decision_id}: stream ended: {error}")
                return result
            times.append(time.monotonic() - began)
            result.problems.extend(_answer_problems(request, answer))
            if result.problems:
                return result
        outbox.put(None)
        try:
            extra = pool.submit(list, answers).result(CLOSE_SECONDS)
            if extra:
                result.problems.append(f"{len(extra)} unexpected message(s) after MatchEnd")
        except futures.TimeoutError:
            result.problems.append("the bot did not end the stream after MatchEnd")
        except grpc.RpcError as error:
            result.problems.append(f"stream ended with {error.code().name} after MatchEnd")
    finally:
        outbox.put(None)
        call.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
    if times:
        times.sort()
        result.note = f"{len(times)} decisions, median {times[len(times) // 2] * 1000:.1f} ms"
    return result


def _answer_problems(request: bot_pb2.DecisionRequest, answer: bot_pb2.BotMessage) -> list[str]:
    where = f"decision {request.decision_id}"
    if answer.WhichOneof("kind") != "decision":
        return [f"{where}: answer carries no Decision"]
    decision = answer.decision
    problems = []
    if decision.decision_id != request.decision_id:
        problems.append(f"{where}: answered decision_id {decision.decision_id}")
    if not 0 <= decision.action_index < len(request.legal_actions):
        problems.append(
            f"{where}: action_index {decision.action_index} not in "
            f"0..{len(request.legal_actions) - 1}"
        )
    return problems


def run_checks(
    address: str,
    games: list[str] | None = None,
    credentials: grpc.ChannelCredentials | None = None,
    scripts: Mapping[str, Callable[[], Script]] | None = None,
) -> list[CheckResult]:
    """Run every check against the bot at ``address`` (over TLS, and with a token, when
    ``credentials`` say so).

    ``scripts`` maps each game that may be checked to a function giving its scripted match
    (the harness records them from its engines); by default, the scripts shipped here."""
    sources = scripts or {game: functools.partial(load_script, game) for game in KNOWN_GAMES}
    if credentials is None:
        channel = grpc.insecure_channel(address, options=list(CHANNEL_OPTIONS))
    else:
        channel = grpc.secure_channel(address, credentials, options=list(CHANNEL_OPTIONS))
    with channel:
        stub = bot_pb2_grpc.BotStub(channel)  # type: ignore[no-untyped-call]
        described, info = check_describe(stub, tuple(sources))
        results = [described]
        if info is None:
            return results
        for game in games or [g for g in info.games or sources if g in sources]:
            script = sources[game]()
            results.append(play_script(stub, script, f"{game}: scripted match"))
            with futures.ThreadPoolExecutor(max_workers=2) as pool:
                pair = [
                    pool.submit(play_script, stub, script, f"{game}: match {i}") for i in (1, 2)
                ]
                both = CheckResult(f"{game}: two matches at once")
                for done in pair:
                    both.problems.extend(done.result(timeout=MATCH_SECONDS).problems)
                results.append(both)
    return results


def main(argv: list[str] | None = None) -> int:
    """Run the kit from the command line; return the exit code."""
    parser = argparse.ArgumentParser(prog="python -m ruckus.check", description=__doc__)
    parser.add_argument(
        "address", help="the bot's HOST:PORT (e.g. 127.0.0.1:50061) or unix:/path/to/socket"
    )
    parser.add_argument("--game", action="append", choices=KNOWN_GAMES, help="game(s) to check")
    args = parser.parse_args(argv)
    results = run_checks(args.address, args.game)
    for result in results:
        mark = "PASS" if result.passed else "FAIL"
        print(f"{mark}  {result.name}" + (f"  ({result.note})" if result.note else ""))
        for problem in result.problems:
            print(f"      {problem}")
    failed = sum(not result.passed for result in results)
    print(f"{len(results) - failed} of {len(results)} checks passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
