"""Seat rotation of 3- and 4-player groups: seat advantages cancel between any two bots in the
runs created now, and a run scheduled before (every cycle rotated the same way) keeps its seats,
resumes, verifies and shows."""

from __future__ import annotations

import shutil
import sqlite3
from collections import Counter
from dataclasses import replace
from itertools import combinations, permutations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tournaments.cli import app
from tournaments.definition import TournamentDefinition, definition_hash, parse_definition
from tournaments.formats import get_format
from tournaments.schedule import Match
from tournaments.schedule.seats import rotate
from tournaments.stats.counts import unit_counts
from tournaments.stats.elo import elo_from_score
from tournaments.stats.sprt import logistic_score
from tournaments.store import ResultStore, StoreError

DATA = Path(__file__).parent / "data"
SEAT_ELO = {3: (87.0, 0.0, -87.0), 4: (130.0, 44.0, -44.0, -130.0)}
CASES = [
    ("round-robin", 3, 3, ""),
    ("round-robin", 4, 4, ""),
    ("double-round-robin", 4, 3, ""),
    ("gauntlet", 4, 3, '[gauntlet]\nchampion = "b0"\n'),
    ("gauntlet", 5, 4, '[gauntlet]\nchampion = "b2"\n'),
]


def schedule(definition: TournamentDefinition) -> list[Match]:
    matches = get_format(definition.format).schedule(definition)
    assert matches is not None
    return matches


def full_cycles(matches: list[Match], players: int) -> list[Match]:
    """The games of complete seed cycles (a seed shared by ``players`` games)."""
    seeds = Counter(match.seed for match in matches)
    return [match for match in matches if seeds[match.seed] == players]


@pytest.mark.parametrize(("fmt", "bots", "players", "options"), CASES)
def test_every_two_bots_meet_in_every_pair_of_seats_both_ways_round(
    make_definition, fmt, bots, players, options
):
    # two cycles of every group: A in seat i and B in seat j as often as A in j and B in i
    definition = make_definition(fmt, bots, players=players, games=2 * players, options=options)
    games = full_cycles(schedule(definition), players)
    met: Counter[tuple[str, str, int, int]] = Counter()
    for match in games:
        for (i, a), (j, b) in permutations(enumerate(match.seats), 2):
            met[(a, b, i, j)] += 1
    assert met and all(met[(a, b, i, j)] == met[(a, b, j, i)] for a, b, i, j in met)


@pytest.mark.parametrize(("fmt", "bots", "players", "options"), CASES)
def test_seat_strengths_give_two_equal_bots_no_elo(make_definition, fmt, bots, players, options):
    # Plackett–Luce: A above B with chance L(σ_i - σ_j); the cyclic rotation gave +3.2 / +8.6
    definition = make_definition(fmt, bots, players=players, games=2 * players, options=options)
    seat_elo = SEAT_ELO[players]
    games = full_cycles(schedule(definition), players)
    for a, b in combinations(definition.bot_names, 2):
        shared = [match.seats for match in games if a in match.seats and b in match.seats]
        chances = [logistic_score(seat_elo[s.index(a)] - seat_elo[s.index(b)]) for s in shared]
        assert elo_from_score(sum(chances) / len(chances)) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize(("fmt", "bots", "players", "options"), CASES)
def test_the_cyclic_rotation_is_the_schedule_runs_had_with_the_same_keys_and_seeds(
    make_definition, fmt, bots, players, options
):
    definition = make_definition(fmt, bots, players=players, games=2 * players + 1, options=options)
    cyclic = replace(definition, seat_rotation="cyclic")
    old, new = schedule(cyclic), schedule(definition)
    assert [(m.key, m.seed, m.round) for m in old] == [(m.key, m.seed, m.round) for m in new]
    for match in old[: len(old) - len(old) % (2 * players + 1)]:
        group = tuple(match.key.split("/")[1].split("~"))  # the group in base order
        if match.game < 2 * players:
            assert match.seats == rotate(group, match.game)
    assert [m.seats for m in old] != [m.seats for m in new]


def test_a_new_run_takes_the_alternating_rotation(tmp_path: Path, make_definition_text):
    store = ResultStore.create(tmp_path, make_definition_text("round-robin", 3, players=3))
    try:
        assert store.definition().seat_rotation == "alternating"
        assert definition_hash(store.definition()) == store.definition_hash()
    finally:
        store.close()


def _old_run(tmp_path: Path) -> Path:
    run = tmp_path / "rr3p"
    shutil.copytree(DATA / "rr3p-cyclic", run)
    shutil.copy(DATA / "rr3p-cyclic.toml", tmp_path / "rr3p.toml")
    run.chmod(0o700)
    (run / "log.key").chmod(0o600)
    return run


def test_a_three_player_run_scheduled_before_resumes_verifies_and_keeps_its_seats(
    tmp_path: Path,
):
    # written by Ruckus before seat_rotation existed, stopped after 4 of its 6 games
    run = _old_run(tmp_path)
    store = ResultStore.open(run)
    try:
        definition = store.definition()
        assert definition.seat_rotation == "cyclic"
        assert definition_hash(definition) == store.definition_hash()
    finally:
        store.close()
    runner = CliRunner()
    resumed = runner.invoke(
        app,
        [
            "tournament",
            "resume",
            str(run),
            "--definition",
            str(tmp_path / "rr3p.toml"),
            "--no-live",
        ],
    )
    assert resumed.exit_code == 0, resumed.output
    with sqlite3.connect(run / "results.sqlite") as db:
        seats = dict(db.execute("SELECT key, seats FROM matches").fetchall())
    group = ("random", "greedy", "random-2")
    for game in range(6):
        assert seats[f"rr/{'~'.join(group)}/g{game}"] == str(list(rotate(group, game))).replace(
            "'", '"'
        )
    verified = runner.invoke(app, ["replay", "verify", str(run)])
    assert verified.exit_code == 0, verified.output
    assert verified.output.count("OK ") == 6 and "FAILED" not in verified.output
    shown = runner.invoke(app, ["tournament", "show", str(run), "--json"])
    assert shown.exit_code == 0, shown.output
    store = ResultStore.open(run)
    try:
        assert unit_counts(store.results(), "random", "greedy", 3).units == 2
    finally:
        store.close()


def test_a_definition_hashed_before_still_resumes_and_others_do_not(tmp_path: Path):
    run = _old_run(tmp_path)
    text = (tmp_path / "rr3p.toml").read_text()
    ResultStore.resume(run, text).close()
    with pytest.raises(StoreError, match="different definition"):
        ResultStore.resume(run, text.replace("seed = 11", "seed = 12"))
    assert parse_definition(text).seat_rotation == "alternating"
