"""Tournament definitions: the example files load, and every mistake names its field."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.games import get_game
from referee.games.base import GameSpec
from referee.match import Clocks, FaultPolicy
from tournaments.definition import (
    DefinitionError,
    check_against_spec,
    definition_hash,
    load_definition,
    parse_definition,
)
from tournaments.formats.gauntlet import GauntletOptions
from tournaments.formats.knockout import KnockoutOptions
from tournaments.formats.swiss import SwissOptions
from tournaments.schedule import next_matches

DEFS = Path(__file__).resolve().parents[2] / "tournaments" / "defs"
EXAMPLES = sorted(DEFS.glob("*.toml"))

VALID = """
name = "league"
game = "wabbit"
players = 2
format = "gauntlet"
games_per_pairing = 2
seed = 3
bots = [
    { name = "champ", command = "python -m my_bot --fast" },
    { name = "a", sample = "wabbit-random" },
    { name = "b", address = "grpc://127.0.0.1:50051" },
]

[gauntlet]
champion = "champ"
"""


def test_the_five_example_definitions_exist():
    assert [path.name for path in EXAMPLES] == [
        "demo-pilfer.toml",
        "demo-wabbit.toml",
        "pilfer-4p-roundrobin.toml",
        "swiss.toml",
        "wabbit-knockout.toml",
    ]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_every_example_loads_fits_its_game_and_schedules(path):
    definition = load_definition(path)
    check_against_spec(definition, get_game(definition.game).spec)
    assert definition.name == path.stem
    assert next_matches(definition, {})


def test_a_valid_definition_parses_every_field():
    definition = parse_definition(VALID)
    assert definition.game == "wabbit"
    assert definition.format_options == GauntletOptions(champion="champ")
    assert definition.bots[0].command == ("python", "-m", "my_bot", "--fast")
    assert definition.bots[1].sample == "wabbit-random"
    assert definition.bots[2].address == "grpc://127.0.0.1:50051"
    assert definition.clocks == Clocks()  # the referee's own clocks and defaults
    assert definition.faults == FaultPolicy("forfeit")
    assert definition.concurrency == 1


def test_the_fault_policy_has_the_names_of_ruckus_play():
    text = VALID.replace(
        "[gauntlet]", '[faults]\npolicy = "default-action"\nmax_strikes = 2\n[gauntlet]'
    )
    assert parse_definition(text).faults == FaultPolicy("default-action", max_strikes=2)


def test_the_older_strikes_spelling_still_reads_as_default_action():
    text = VALID.replace("[gauntlet]", '[faults]\npolicy = "strikes"\nstrikes = 3\n[gauntlet]')
    assert parse_definition(text).faults == FaultPolicy("default-action", max_strikes=2)


def test_a_command_may_be_an_argv_array():
    text = VALID.replace('command = "python -m my_bot --fast"', 'command = ["my bot", "-x"]')
    assert parse_definition(text).bots[0].command == ("my bot", "-x")


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ('name = "league"', 'name = "no spaces allowed"', "name"),
        ('game = "wabbit"', 'game = "chess"', "game"),
        ("players = 2", "players = 17", "players"),
        ("players = 2", 'players = "2"', "players"),
        ('format = "gauntlet"', 'format = "ladder"', "format"),
        ("games_per_pairing = 2", "games_per_pairing = 0", "games_per_pairing"),
        ("seed = 3", "seed = -1", "seed"),
        ("seed = 3", "seed = 3\nconcurency = 2", "concurency"),
        ('champion = "champ"', 'champion = "nobody"', "gauntlet.champion"),
        ('command = "python -m my_bot --fast"', 'command = ""', "bots[0].command"),
        ('command = "python -m my_bot --fast"', "command = 7", "bots[0].command"),
        ('sample = "wabbit-random"', 'sample = "x", command = "y"', "bots[1]"),
        ('{ name = "a", sample = "wabbit-random" }', '{ name = "a" }', "bots[1]"),
        ('sample = "wabbit-random"', 'sample = "x", rating = "high"', "bots[1].rating"),
        ('sample = "wabbit-random"', 'sample = "x", colour = "red"', "bots[1].colour"),
        ("grpc://127.0.0.1:50051", "http://127.0.0.1:50051", "bots[2].address"),
        ("grpc://127.0.0.1:50051", "grpc://127.0.0.1:70000", "bots[2].address"),
        ('{ name = "a",', '{ name = "champ",', "bots[1].name"),
        ("[gauntlet]", "[gauntlet]\nrounds = 2", "gauntlet.rounds"),
        ("[gauntlet]", "[swiss]", "swiss"),
        ("[gauntlet]", "[clocks]\ndecision_ms = 0\n[gauntlet]", "clocks.decision_ms"),
        ("[gauntlet]", '[faults]\npolicy = "ignore"\n[gauntlet]', "faults.policy"),
        ("[gauntlet]", "[faults]\nmax_strikes = -1\n[gauntlet]", "faults.max_strikes"),
        ("[gauntlet]", '[faults]\npolicy = "strikes"\nstrikes = 0\n[gauntlet]', "faults.strikes"),
        ("seed = 3", "seed = 3\nclocks = 5", "clocks"),
        ('champion = "champ"', 'champion = "champ"\nbots = []', "gauntlet.bots"),
        ("seed = 3", "seed = [", "<toml>"),
    ],
)
def test_errors_name_the_field(old, new, field):
    assert old in VALID
    with pytest.raises(DefinitionError) as caught:
        parse_definition(VALID.replace(old, new, 1))
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: ")


def test_bots_must_be_present():
    with pytest.raises(DefinitionError, match=r"^bots: "):
        parse_definition('name = "t"\ngame = "pilfer"\nformat = "swiss"\nseed = 1\n')


def test_too_few_bots_for_the_format_is_an_error(make_definition):
    with pytest.raises(DefinitionError, match=r"^bots: .*needs 4 bots"):
        make_definition("round-robin", 3, players=4)
    with pytest.raises(DefinitionError, match=r"^bots: .*needs 3 bots"):
        make_definition("gauntlet", 2, options='[gauntlet]\nchampion = "b0"')


@pytest.mark.parametrize("fmt", ["knockout", "swiss"])
def test_head_to_head_formats_need_two_players(make_definition, fmt):
    with pytest.raises(DefinitionError, match=r"^players: "):
        make_definition(fmt, 6, players=3)


def test_knockout_options(make_definition):
    definition = make_definition("knockout", 4, options="[knockout]\ntiebreak_games = 2")
    assert definition.format_options == KnockoutOptions(seeding="order", tiebreak_games=2)
    with pytest.raises(DefinitionError, match=r"^knockout\.tiebreak_games: .*even"):
        make_definition("knockout", 4, options="[knockout]\ntiebreak_games = 3")
    with pytest.raises(DefinitionError, match=r"^bots\[0\]\.rating: "):
        make_definition("knockout", 4, options='[knockout]\nseeding = "rating"')


def test_swiss_rounds_default_and_bounds(make_definition):
    assert make_definition("swiss", 8).format_options == SwissOptions(rounds=3)
    assert make_definition("swiss", 9).format_options == SwissOptions(rounds=4)
    with pytest.raises(DefinitionError, match=r"^swiss\.rounds: "):
        make_definition("swiss", 4, options="[swiss]\nrounds = 4")


def test_hash_ignores_comments_and_layout_but_not_values():
    base = parse_definition(VALID)
    reformatted = parse_definition("# a comment\n" + VALID.replace("seed = 3", "seed   =   3"))
    assert definition_hash(reformatted) == definition_hash(base)
    assert definition_hash(parse_definition(VALID.replace("seed = 3", "seed = 4"))) != (
        definition_hash(base)
    )


def _spec(min_players: int, max_players: int) -> GameSpec:
    return GameSpec("wabbit", "Wabbit", "1", min_players, max_players, ("farm",), "farm", object)


def test_check_against_spec_names_players_and_scenario():
    definition = parse_definition(VALID)
    check_against_spec(definition, _spec(2, 2))
    with pytest.raises(DefinitionError, match=r"^players: "):
        check_against_spec(definition, _spec(3, 4))
    with_scenario = parse_definition(VALID.replace("seed = 3", 'seed = 3\nscenario = "moon"'))
    with pytest.raises(DefinitionError, match=r"^scenario: "):
        check_against_spec(with_scenario, _spec(2, 2))
