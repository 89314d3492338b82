"""Formats as plugins: the registry finds the built-in ones through their entry points, names the
known ones for an unknown name and reports a broken one; a format's table errors name the
field; a plug-in format's options join the definition hash."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import EntryPoint
from typing import Any

import pytest

from tournaments.definition import DefinitionError, definition_hash, parse_definition
from tournaments.formats import (
    FormatContext,
    FormatOptions,
    OptionField,
    UnknownFormat,
    UpFrontFormat,
    format_names,
    get_format,
    load_problems,
    options_of,
    registry,
)
from tournaments.formats.knockout import KnockoutOptions
from tournaments.formats.roundrobin import round_robin_matches
from tournaments.formats.swiss import SwissOptions
from tournaments.schedule import next_matches
from tournaments.toml_fields import int_field

BUILT_IN = ("double-round-robin", "gauntlet", "knockout", "round-robin", "swiss")


@dataclass(frozen=True)
class RepeatOptions(FormatOptions):
    times: int


class Repeat(UpFrontFormat):
    """A test format: a round-robin played ``[repeat] times`` over."""

    name = "repeat"
    summary = "a round-robin played several times over"
    fields = (OptionField("times", "1", "how many times"),)

    def parse_options(self, table: dict[str, Any], context: FormatContext) -> RepeatOptions:
        return RepeatOptions(int_field(table, "repeat.times", 1, 1, 9))

    def schedule(self, definition):
        return round_robin_matches(definition, options_of(definition, RepeatOptions).times)


REPEAT = Repeat()


@pytest.fixture
def installed(monkeypatch):
    """Add entry points (name -> "module:attribute") to the group for one test."""

    def install(**points: str) -> None:
        extra = [
            EntryPoint(name, value, registry.ENTRY_POINT_GROUP) for name, value in points.items()
        ]
        real = registry.entry_points

        def entry_points(group: str):
            found = real(group=group)
            return (*found, *extra) if group == registry.ENTRY_POINT_GROUP else found

        monkeypatch.setattr(registry, "entry_points", entry_points)
        registry._discover.cache_clear()

    yield install
    registry._discover.cache_clear()


def test_the_built_in_formats_come_from_their_entry_points():
    assert set(BUILT_IN) <= set(format_names())
    for name in BUILT_IN:
        fmt = get_format(name)
        assert fmt.name == name and fmt.summary
    assert get_format("double-round-robin").cycles == 2 and get_format("round-robin").cycles == 1
    assert load_problems() == ()


def test_an_unknown_format_names_the_known_ones(make_definition_text):
    with pytest.raises(UnknownFormat, match=r"unknown format 'ladder'; known formats: .*gauntlet"):
        get_format("ladder")
    with pytest.raises(DefinitionError) as raised:
        parse_definition(make_definition_text("round-robin", 3).replace("round-robin", "ladder"))
    assert raised.value.field == "format"
    assert "known formats: arena, double-round-robin, gauntlet, " in str(raised.value)


@pytest.mark.parametrize(
    ("fmt", "tables", "field", "message"),
    [
        ("swiss", "[swiss]\nrounds = 9\n", "swiss.rounds", "between 1 and 3"),
        ("swiss", '[swiss]\nrounds = "3"\n', "swiss.rounds", "expected an integer"),
        ("swiss", "[swiss]\nround = 3\n", "swiss.round", "known fields: rounds"),
        ("knockout", '[knockout]\nseeding = "luck"\n', "knockout.seeding", "order, rating"),
        ("gauntlet", "[gauntlet]\n", "gauntlet.champion", "missing required field"),
        ("round-robin", "[swiss]\nrounds = 2\n", "swiss", "only allowed with format = 'swiss'"),
        ("round-robin", "[round-robin]\n", "round-robin", "unknown field"),
    ],
)
def test_a_format_table_error_names_its_field(make_definition_text, fmt, tables, field, message):
    with pytest.raises(DefinitionError, match=message) as raised:
        parse_definition(make_definition_text(fmt, 4, options=tables))
    assert raised.value.field == field
    assert str(raised.value).startswith(f"{field}: ")


def test_options_go_to_json_and_back(make_definition):
    knockout = make_definition("knockout", 4, options="[knockout]\ntiebreak_games = 2\n")
    assert knockout.format_options.to_json() == {"seeding": "order", "tiebreak_games": 2}
    assert KnockoutOptions.from_json(knockout.format_options.to_json()) == knockout.format_options
    assert SwissOptions.from_json({"rounds": 3}) == make_definition("swiss", 8).format_options
    assert make_definition("round-robin", 3).format_options.to_json() == {}


def test_a_format_reads_options_of_its_own_kind_only(make_definition):
    with pytest.raises(TypeError, match="'knockout' has KnockoutOptions"):
        options_of(make_definition("knockout", 4), SwissOptions)


def test_a_plug_in_format_schedules_and_its_options_join_the_hash(installed, make_definition_text):
    installed(repeat=f"{__name__}:REPEAT")
    once = parse_definition(make_definition_text("repeat", 3))
    twice = parse_definition(make_definition_text("repeat", 3, options="[repeat]\ntimes = 2\n"))
    assert twice.format_options == RepeatOptions(2)
    assert len(next_matches(twice, {})) == 2 * len(next_matches(once, {})) == 6
    assert definition_hash(once) != definition_hash(twice)
    again = make_definition_text("repeat", 3, options="# the default\n[repeat]\ntimes = 1\n")
    assert definition_hash(parse_definition(again)) == definition_hash(once)
    with pytest.raises(DefinitionError, match=r"^repeat: table only allowed"):
        parse_definition(make_definition_text("swiss", 4, options="[repeat]\ntimes = 2\n"))


def test_a_broken_format_is_left_out_and_reported(installed):
    installed(
        broken="no_such_module_anywhere:FORMAT",
        misnamed=f"{__name__}:REPEAT",
        repeat=f"{__name__}:REPEAT",
    )
    assert "repeat" in format_names() and "misnamed" not in format_names()
    problems = load_problems()
    assert len(problems) == 2
    assert "format 'broken' (no_such_module_anywhere:FORMAT) failed to load" in problems[0]
    assert "format 'misnamed'" in problems[1] and "is not a Format named so" in problems[1]


def test_a_tournament_cannot_name_the_arenas_format(make_definition_text):
    with pytest.raises(DefinitionError, match="ruckus arena run") as raised:
        parse_definition(make_definition_text("round-robin", 2).replace("round-robin", "arena"))
    assert raised.value.field == "format"
