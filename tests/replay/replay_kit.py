"""Helpers of the replay tests: in-process random players, reading and rewriting logs, and run
folders played in-process the way the runner plays them (sealed logs, results from the logs)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.games import get_game
from referee.match import (
    MatchHeader,
    MatchSetup,
    run_match,
)
from referee.match.random_player import RandomPlayer
from referee.matchlog import LogWriter
from referee.matchlog.chain import GENESIS, canonical, seal
from tournaments.runner.fleet import describe_source
from tournaments.runner.layout import RunFolder
from tournaments.runner.records import result_from_log
from tournaments.runner.tasks import match_task
from tournaments.runner.worker import TaskDone
from tournaments.schedule import next_matches
from tournaments.store import ResultStore

RUN_TOML = """name = "sealed"
game = "pilfer"
players = 2
format = "round-robin"
games_per_pairing = 3
seed = 11
bots = [
  { name = "a", sample = "pilfer-random" },
  { name = "b", sample = "pilfer-random", decision_ms = 3000 },
]
[clocks]
decision_ms = 1500
[rules]
max_rounds = 12
"""

MakeLog = Callable[..., Path]


def write_log(path: Path, game: str, seed: int, players: int = 2) -> Path:
    """Play one match of ``game`` between random players and log it to ``path``."""
    engine = get_game(game)
    setup = MatchSetup(
        game=engine,
        config=engine.make_config(),
        seed=seed,
        match_id=f"{game}-{seed}",
        scenario=engine.spec.default_scenario,
    )
    seats = [RandomPlayer(seed * 10 + seat) for seat in range(players)]
    with LogWriter(path) as writer:
        run_match(setup, seats, [writer])
    return path


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_lines(path: Path, lines: list[dict[str, Any]], reseal: bool = True) -> Path:
    """Write log lines, re-linking the hash chain unless ``reseal`` is False."""
    prev = GENESIS
    out = []
    for line in lines:
        if reseal:
            body = {key: value for key, value in line.items() if key not in ("prev", "hash")}
            line = seal(body, prev)
            prev = line["hash"]
        out.append(canonical(line))
    path.write_text("\n".join(out) + "\n")
    return path


def scores_by_position(path: Path) -> list[list[int]]:
    """Re-run a log with the engine and return the seats' scores before and after each decision."""
    lines = read_lines(path)
    header = MatchHeader.from_json(lines[0])
    setup = MatchSetup.from_header(header)
    game = setup.game
    state = game.new_state(setup.config, header.players, header.seed)
    key = "points" if header.game == "pilfer" else "score"

    def scores() -> list[int]:
        return [seat[key] for seat in game.observe(state, None)["seats"]]

    result = [scores()]
    for line in lines[1:]:
        if line["type"] == "decision":
            state = game.apply(state, game.legal_actions(state)[line["index"]])
            result.append(scores())
    return result


def write_run(root: Path, record: int = 2) -> RunFolder:
    """Create a run folder of RUN_TOML, log every match sealed with its key as the runner
    would (its rules, clocks and the bots' own), and record the
    first ``record`` results from their logs; the rest are logged but not recorded."""
    store = ResultStore.create(root, RUN_TOML)
    folder = RunFolder(root)
    folder.create()
    definition = store.definition()
    sources = {entry.name: describe_source(entry) for entry in definition.bots}
    for number, match in enumerate(next_matches(definition, {})):
        setup = match_task(definition, match, (), folder).setup
        seats = [
            RandomPlayer(match.seed + seat, sources[name]) for seat, name in enumerate(match.seats)
        ]
        with LogWriter(folder.log_path(match.key), folder.log_key()) as writer:
            run_match(setup, seats, [writer])
        if number < record:
            moment = "2026-01-01T00:00:00.000Z"
            store.record_result(result_from_log(folder, match, TaskDone(match.key, moment, moment)))
    store.close()
    return folder


def reseal(path: Path, lines: list[dict[str, Any]], key: bytes) -> Path:
    """Write log lines sealed with ``key`` (what only a holder of the key can do)."""
    prev = GENESIS
    out = []
    for line in lines:
        body = {name: value for name, value in line.items() if name not in ("prev", "hash", "mac")}
        sealed = seal(body, prev, key)
        prev = sealed["hash"]
        out.append(canonical(sealed))
    path.write_text("\n".join(out) + "\n")
    return path
