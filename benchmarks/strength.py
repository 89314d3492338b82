"""Measured strength of the sample bots: a round-robin of random, greedy, search and ismcts.

Every pairing plays ``--games`` matches over real gRPC, each bot in its own process; the
matches come in pairs that reuse one seed with the seats swapped, so seat advantage and
luck cancel out. With ``--players 4`` each bot takes every other seat (A B A B, then B A B A
on the same seed) and a match goes to the bot whose two seats have the better (lower) sum of
places. Prints JSON: per pairing W/D/L of the first bot against the second and the
Elo difference with its 95% interval from single games (tournaments.stats.pairwise_elo:
trinomial, empirical-likelihood interval; a 100% or 0% score gives a one-sided bound), and
from the seed pairs as fastchess and fishtest count them: the pentanomial (LL, LD, DD + WL, WD,
WW; additive, so runs on other seeds add up), its Elo, interval and LOS, and the SPRT of
``elo0`` 0 against ``elo1`` 50 (normalised Elo, alpha = beta = 0.05) on it.
Usage: ``python benchmarks/strength.py --game pilfer --games 50``;
``--levels greedy search`` plays only the pairings of those bots. One report per game.
``--think-ms`` gives the search and ismcts bots the same thinking cap per decision.
``--quick`` plays random against search (thinking 1 ms) twice per game, a check that it runs.
``--combine REPORT ...`` plays nothing: it adds up earlier reports (runs on other seeds) of
the same game, seat count and thinking cap, and prints their figures in the same shape.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from itertools import combinations
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import grpc
from _common import emit, parse_arguments
from ruckus.limits import CHANNEL_OPTIONS

from referee.match import Clocks, MatchSetup, run_match
from referee.sandbox import Level, Sandbox
from referee.transport.bots import open_players, parse_bot
from referee.transport.process import BotProcess
from sample_bots.pilfer_search import PilferSearch
from sample_bots.registry import sample_bots
from sample_bots.wabbit_search import WabbitSearch
from tournaments.stats import PairwiseElo, SprtConfig, pairwise_elo, sprt_state

LEVELS = ("random", "greedy", "search", "ismcts")
THINKING = frozenset({"search", "ismcts"})
"""The levels that take ``--think-ms``."""
SEARCH_BOTS = {"pilfer": PilferSearch, "wabbit": WabbitSearch}
"""The search bot of each game (for its default thinking cap)."""
QUICK = {"games": 2, "think_ms": 1, "levels": ["random", "search"]}
SPRT = SprtConfig(elo0=0.0, elo1=50.0)
"""The test a pairing's seed pairs are held to: is the first bot 50 Elo stronger, or not at all?"""
Outcome = tuple[str, str, int, int]
"""A match's first level, second level, seed and result for the first (1, 0 or -1)."""


def bot_commands(
    game: str, think_ms: int, levels: tuple[str, ...] = LEVELS
) -> dict[str, tuple[str, ...]]:
    """Return level -> command for the sample bots of ``levels`` this game has."""
    commands = {}
    for level in levels:
        command = sample_bots().get(f"{game}-{level}")
        if command is not None:
            extra = ("--think-ms", str(think_ms)) if level in THINKING else ()
            commands[level] = (*command, *extra)
    return commands


class Worker:
    """One set of long-running bot processes, used by one match at a time."""

    def __init__(self, commands: dict[str, tuple[str, ...]], folder: Path) -> None:
        self.stack = ExitStack()
        self.addresses = {}
        for level, argv in commands.items():
            log = folder / f"{level}-{uuid.uuid4().hex[:6]}.log"
            process = BotProcess(argv, log, Sandbox(Level.NONE))  # our own bots, on ports
            self.stack.callback(process.stop)
            with grpc.insecure_channel(process.address, options=list(CHANNEL_OPTIONS)) as channel:
                grpc.channel_ready_future(channel).result(timeout=30)
            self.addresses[level] = f"grpc://{process.address}"

    def close(self) -> None:
        """Stop every process of this worker."""
        self.stack.close()


def seatings(first: str, second: str, players: int) -> list[tuple[str, ...]]:
    """Return the two seatings of one seed: the levels alternate seats, then swap."""
    one = tuple(first if seat % 2 == 0 else second for seat in range(players))
    other = tuple(second if level == first else first for level in one)
    return [one, other]


def play(
    game: str, seats: tuple[str, ...], seed: int, worker: Worker, folder: Path
) -> tuple[int, ...]:
    """Play one match of the levels in ``seats``; return the ranks of the seats."""
    setup = MatchSetup.for_game(game, seed, clocks=Clocks(decision_ms=2_000, bank_ms=300_000))
    specs = [parse_bot(worker.addresses[level], game) for level in seats]
    with open_players(specs, game, folder) as players:
        result = run_match(setup, players)
    if result.faults:
        print(f"faults in seed {seed} {seats}: {result.faults}", file=sys.stderr)
    return result.outcome.ranks


def run(
    game: str,
    games: int,
    think_ms: int,
    workers: int,
    seed: int,
    levels: tuple[str, ...] = LEVELS,
    players: int = 2,
) -> dict[str, object]:
    """Play every pairing of ``levels`` and return the JSON report."""
    commands = bot_commands(game, think_ms, levels)
    jobs = []
    for first, second in combinations(commands, 2):
        for k in range(games // 2):
            for seats in seatings(first, second, players):
                jobs.append((first, second, seats, seed + k))
    began = time.monotonic()
    with TemporaryDirectory(prefix="ruckus-strength-") as scratch:
        folder = Path(scratch)
        local = threading.local()
        pool_workers: list[Worker] = []
        lock = threading.Lock()

        def worker() -> Worker:
            if not hasattr(local, "worker"):
                local.worker = Worker(commands, folder)
                with lock:
                    pool_workers.append(local.worker)
            return local.worker

        def one(job: tuple[str, str, tuple[str, ...], int]) -> Outcome:
            first, second, seats, match_seed = job
            ranks = play(game, seats, match_seed, worker(), folder)
            mine = sum(rank for rank, level in zip(ranks, seats, strict=True) if level == first)
            theirs = sum(rank for rank, level in zip(ranks, seats, strict=True) if level != first)
            return first, second, match_seed, (mine < theirs) - (mine > theirs)

        try:
            with ThreadPoolExecutor(max_workers=workers) as pool:
                outcomes = list(pool.map(one, jobs))
        finally:
            for each in pool_workers:
                each.close()
    return {
        "benchmark": "strength",
        "game": game,
        "players": players,
        "games_per_pairing": 2 * (games // 2),
        "search_think_ms": think_ms,
        "seconds": round(time.monotonic() - began, 1),
        "pairings": [_pairing(a, b, outcomes) for a, b in combinations(commands, 2)],
    }


def _pairing(first: str, second: str, outcomes: list[Outcome]) -> dict[str, object]:
    """Return W/D/L and Elo of ``first`` against ``second``, from single games and from the
    seed pairs."""
    results = [r for a, b, _, r in outcomes if (a, b) == (first, second)]
    wdl = (results.count(1), results.count(0), results.count(-1))
    return pairing_figures(f"{first} vs {second}", wdl, pentanomial(first, second, outcomes))


def pentanomial(first: str, second: str, outcomes: list[Outcome]) -> list[int]:
    """Return the pentanomial of ``first`` against ``second``: how many seeds it scored 0,
    1/2, 1, 3/2 and 2 on, over the seeds both seatings were played on."""
    totals: dict[int, list[int]] = {}
    for a, b, seed, result in outcomes:
        if (a, b) == (first, second):
            totals.setdefault(seed, []).append(result + 1)
    counts = [0] * 5
    for halves in totals.values():
        if len(halves) == 2:
            counts[sum(halves)] += 1
    return counts


def pairing_figures(
    pairing: str, wdl: tuple[int, int, int], pairs: list[int] | None
) -> dict[str, object]:
    """Return a pairing's report from its W/D/L and its pentanomial (None: not counted):
    the Elo of the single games and, from the seed pairs, their Elo, LOS and SPRT."""
    wins, draws, losses = wdl
    report: dict[str, object] = {
        "pairing": pairing,
        "wins": wins,
        "draws": draws,
        "losses": losses,
    }
    estimate = pairwise_elo((losses, draws, wins))
    if estimate is not None:
        report.update(score=round(estimate.score, 3), **_elo("elo", estimate))
    if pairs is None:
        return report
    report["pentanomial"] = pairs
    estimate = pairwise_elo(pairs)
    if estimate is not None:
        report.update(**_elo("pairs_elo", estimate), pairs_los=round(estimate.los, 3))
        state = sprt_state(SPRT, pairs)
        report["sprt_0_50"] = {"llr": round(state.llr, 3), "decision": state.decision}
    return report


def _elo(name: str, estimate: PairwiseElo) -> dict[str, object]:
    """Return ``name`` and ``name_95``: an estimate's Elo and its 95% interval."""
    bounds = [_finite(estimate.elo_lower), _finite(estimate.elo_upper)]
    return {name: _finite(estimate.elo), f"{name}_95": bounds}


def combine(reports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Add up reports of one game, seat count and thinking cap, pairing by pairing: W/D/L over
    every report, the pentanomial over the reports that counted one (``pairs_runs``)."""
    groups: dict[tuple[str, int, int], list[dict[str, Any]]] = {}
    for report in reports:
        key = (report["game"], report["players"], report["search_think_ms"])
        groups.setdefault(key, []).append(report)
    combined = []
    for (game, players, think_ms), group in groups.items():
        pairings: dict[str, list[dict[str, Any]]] = {}
        for report in group:
            for pairing in report["pairings"]:
                pairings.setdefault(pairing["pairing"], []).append(pairing)
        combined.append(
            {
                "benchmark": "strength",
                "game": game,
                "players": players,
                "search_think_ms": think_ms,
                "runs": len(group),
                "games_per_pairing": sum(report["games_per_pairing"] for report in group),
                "pairings": [_added(name, each) for name, each in pairings.items()],
            }
        )
    return combined


def _added(name: str, pairings: list[dict[str, Any]]) -> dict[str, object]:
    """Return one pairing's figures over several runs."""
    wins, draws, losses = (
        sum(each[key] for each in pairings) for key in ("wins", "draws", "losses")
    )
    counted = [each["pentanomial"] for each in pairings if "pentanomial" in each]
    pairs = [sum(column) for column in zip(*counted, strict=True)] if counted else None
    report = pairing_figures(name, (wins, draws, losses), pairs)
    report["pairs_runs"] = len(counted)
    return report


def read_reports(paths: list[Path]) -> list[dict[str, Any]]:
    """Return the JSON reports the files hold (each one or more, one after another)."""
    decoder = json.JSONDecoder()
    reports = []
    for path in paths:
        text = path.read_text()
        at = len(text) - len(text.lstrip())
        while at < len(text):
            report, end = decoder.raw_decode(text, at)
            reports.append(report)
            at = end + len(text[end:]) - len(text[end:].lstrip())
    return reports


def _finite(value: float) -> float | str:
    """Return a rounded number, or "inf"/"-inf" for an unbounded Elo."""
    if value in (float("inf"), float("-inf")):
        return str(value)
    return round(value, 1)


def main() -> None:
    """Parse the arguments, run the benchmark and print its JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("pilfer", "wabbit"), action="append")
    parser.add_argument("--games", type=int, default=50, help="matches per pairing (even)")
    parser.add_argument(
        "--think-ms",
        type=int,
        default=None,
        help="search and ismcts cap per decision (default: the search bot's own)",
    )
    parser.add_argument("--players", type=int, choices=(2, 4), default=2, help="seats per match")
    parser.add_argument("--workers", type=int, default=2, help="matches at once")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument(
        "--levels", nargs="+", choices=LEVELS, default=list(LEVELS), help="bots to pair up"
    )
    parser.add_argument(
        "--combine",
        nargs="+",
        type=Path,
        metavar="REPORT",
        help="add up earlier reports (files of this benchmark's JSON) instead of playing",
    )
    args = parse_arguments(parser, QUICK)
    if args.combine:
        reports = read_reports(args.combine)
        quick = any(report.get("quick") for report in reports)
        for combined in combine(reports):
            emit(combined, quick)
        return
    levels = tuple(level for level in LEVELS if level in args.levels)
    for game in args.game or ["pilfer", "wabbit"]:
        think_ms = args.think_ms
        if think_ms is None:
            think_ms = SEARCH_BOTS[game].default_think_ms
        report = run(game, args.games, think_ms, args.workers, args.seed, levels, args.players)
        emit(report, args.quick)


if __name__ == "__main__":
    main()
