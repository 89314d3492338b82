"""A round-robin of every attacker and two honest bots completes, the honest results untouched."""

from __future__ import annotations

import random
from pathlib import Path

from tournament_runner.conftest import Recorder, tournament_toml

from referee.sandbox import Level
from tournaments.runner import start_run
from tournaments.store import ResultStore

from .conftest import attacker, require
from .test_attacks import marked_processes

HONEST = ["alice=random", "bob=random"]
LIMITS = "[limits]\nmemory_mb = 300\ncpu_s = 2\nprocesses = 128\nfile_mb = 8\n"
DECISION_MS = 30_000
"""Long enough for the burner to use its 2 CPU seconds within one decision even when it gets a
small share of a loaded machine's cores: it is stopped for ``cpu_s``, never timed out first.
The other attackers answer at once or are stopped sooner, so the league is no slower."""


def _results(run_dir: Path) -> dict[str, object]:
    store = ResultStore.open(run_dir)
    try:
        return {result.key: result for result in store.results()}
    finally:
        store.close()


def _run(tmp_path: Path, name: str, bots: list[str]) -> dict[str, object]:
    definition = tmp_path / f"{name}.toml"
    extra = f'[clocks]\ndecision_ms = {DECISION_MS}\n[sandbox]\nlevel = "strict"\n{LIMITS}'
    definition.write_text(tournament_toml(bots, extra=extra))
    start_run(definition, tmp_path / name, 2, Recorder(), keep_going=True)
    return _results(tmp_path / name)


def test_a_league_of_attackers_cannot_touch_the_honest_results(tmp_path):
    require(Level.STRICT)
    run_dir = tmp_path / "league"
    marker = f"{random.randrange(10**6, 10**7)}.25"
    attackers = [
        f"cheat={attacker('cheat', run_dir, run_dir / 'logs', tmp_path / 'league.toml')}",
        f"forger={attacker('forge', run_dir / 'logs' / 'rr' / 'alice~bob' / 'g0.jsonl')}",
        f"hog={attacker('hog')}",
        f"orphan={attacker('orphan', marker)}",
        f"burner={attacker('burn')}",
        f"bigfile={attacker('bigfile')}",
    ]
    league = _run(tmp_path, "league", HONEST + attackers)
    alone = _run(tmp_path, "alone", HONEST)

    assert len(league) == 28  # every pairing of 8 bots was played or forfeited
    (key,) = alone
    honest, reference = league[key], alone[key]
    assert honest.status == "completed" and honest.faults == ({}, {})
    assert (honest.ranks, honest.scores, honest.seed) == (
        reference.ranks,
        reference.scores,
        reference.seed,
    )
    for result in league.values():
        for seat, name in enumerate(result.seats):
            if name in ("alice", "bob"):
                assert result.faults[seat] == {}, (result.key, result.faults)
    faults: dict[str, set[str]] = {}
    for result in league.values():
        for seat, name in enumerate(result.seats):
            faults.setdefault(name, set()).update(result.faults[seat])
    assert "RESOURCE_LIMIT" in faults["hog"] and "RESOURCE_LIMIT" in faults["burner"]
    assert marked_processes(marker) == []
