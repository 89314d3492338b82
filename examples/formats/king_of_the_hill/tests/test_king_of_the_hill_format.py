"""The format: found through its entry point with no edit to Ruckus, its table, its schedule
(holders, seats, seed pairs), its known total and what the views show."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

import pytest
from referee import games
from tournaments import formats
from tournaments.definition import DefinitionError, definition_hash
from tournaments.formats import get_format
from tournaments.schedule import known_total, next_matches, planned_matches

from king_of_the_hill_helpers import hill, play_out
from ruckus_king_of_the_hill.hill import HillOptions, challenges
from ruckus_king_of_the_hill.plugin import FORMAT

BOTS = ["alpha", "bravo", "charlie", "delta"]


def test_the_entry_point_of_its_own_package_gives_the_format():
    [point] = [point for point in entry_points(group="ruckus.formats") if point.name == FORMAT.name]
    assert point.dist is not None and point.dist.name == "ruckus-format-king-of-the-hill"
    assert get_format("king-of-the-hill") is FORMAT


def test_ruckus_itself_never_names_the_format():
    for package in (Path(formats.__file__).parents[1], Path(games.__file__).parents[1]):
        for path in package.rglob("*.py"):
            assert "king-of-the-hill" not in path.read_text(encoding="utf-8"), path


def test_the_holder_defaults_to_the_first_bot_and_must_be_a_bot():
    assert hill(BOTS).format_options == HillOptions("alpha")
    assert hill(BOTS, tables='[king-of-the-hill]\nholder = "charlie"\n').format_options == (
        HillOptions("charlie")
    )
    with pytest.raises(DefinitionError, match=r"^king-of-the-hill\.holder: 'zed' is not a bot"):
        hill(BOTS, tables='[king-of-the-hill]\nholder = "zed"\n')
    with pytest.raises(DefinitionError, match=r"^king-of-the-hill\.crown: unknown field"):
        hill(BOTS, tables="[king-of-the-hill]\ncrown = 1\n")


def test_its_options_join_the_definition_hash():
    first = hill(BOTS, tables='[king-of-the-hill]\nholder = "alpha"\n')
    assert definition_hash(first) == definition_hash(hill(BOTS))
    assert definition_hash(hill(BOTS, tables='[king-of-the-hill]\nholder = "bravo"\n')) != (
        definition_hash(first)
    )


def test_the_first_challenge_is_the_holder_against_the_next_bot():
    definition = hill(BOTS, games=3)
    matches = next_matches(definition, {})
    assert [match.key for match in matches] == [f"hill/c1/alpha~bravo/g{g}" for g in range(3)]
    assert [match.seats for match in matches] == [
        ("alpha", "bravo"),
        ("bravo", "alpha"),
        ("alpha", "bravo"),
    ]
    assert matches[0].seed == matches[1].seed != matches[2].seed
    assert {match.round for match in matches} == {1}
    assert planned_matches(definition) is None


def test_the_winner_of_a_series_holds_the_hill_and_a_tie_keeps_it():
    definition = hill(BOTS)
    strength = {"alpha": 1, "bravo": 3, "charlie": 2, "delta": 4}
    finished = play_out(definition, lambda match: max(match.seats, key=strength.__getitem__))
    played = challenges(definition, finished)
    assert [(c.holder, c.challenger, c.winner) for c in played] == [
        ("alpha", "bravo", "bravo"),
        ("bravo", "charlie", "bravo"),
        ("bravo", "delta", "delta"),
    ]
    drawn = play_out(definition, lambda match: None)
    assert {challenge.winner for challenge in challenges(definition, drawn)} == {"alpha"}
    assert next_matches(definition, finished) == []


def test_a_challenge_waits_for_the_one_before_and_the_total_is_fixed():
    definition = hill(BOTS)
    first = next_matches(definition, {})
    half = {first[0].key: (1, 2)}
    assert next_matches(definition, half) == first[1:]
    assert known_total(definition, {}).label(0) == "0/6"
    done = {match.key: (1, 2) for match in first}
    second = next_matches(definition, done)
    assert [match.key for match in second] == [
        "hill/c2/alpha~charlie/g0",
        "hill/c2/alpha~charlie/g1",
    ]


def test_the_view_has_a_line_per_challenge_and_the_king_at_the_end():
    definition = hill(BOTS[:3])
    first = next_matches(definition, {})
    partial = {first[0].key: (1, 1)}
    assert FORMAT.view(definition, partial).lines == ("challenge 1: alpha 0.5-0.5 bravo (playing)",)
    finished = play_out(definition, lambda match: "charlie" if "charlie" in match.seats else None)
    assert FORMAT.view(definition, finished).lines == (
        "challenge 1: alpha 1-1 bravo -> alpha holds",
        "challenge 2: alpha 0-2 charlie -> charlie holds",
        "king of the hill: charlie",
    )
