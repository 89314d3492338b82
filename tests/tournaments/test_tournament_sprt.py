"""``[sprt]`` and ``[ratings]`` in a definition, and the schedule that stops a decided pairing:
the decision is the first crossing in recording order, resumes keep it, the rest is skipped."""

from __future__ import annotations

import pytest

from tournaments.definition import DefinitionError, definition_hash, parse_definition
from tournaments.formats.gauntlet import gauntlet_matches
from tournaments.schedule import next_matches, planned_matches, sequential_tests
from tournaments.stats import SprtConfig, pairing_sprt

SPRT = '\n[sprt]\nelo0 = 0\nelo1 = 100\nmodel = "logistic"\n'
GAUNTLET = '\n[gauntlet]\nchampion = "b0"\n'


def test_sprt_and_ratings_tables_parse(make_definition):
    definition = make_definition(
        "gauntlet", 3, options=GAUNTLET + SPRT + '[ratings]\nanchor = "b2"\n'
    )
    assert definition.sprt == SprtConfig(elo0=0.0, elo1=100.0, model="logistic")
    assert definition.anchor == "b2"
    plain = make_definition("round-robin", 2, options="\n[sprt]\nelo0 = -5\nelo1 = 5.5\n")
    assert plain.sprt == SprtConfig(-5.0, 5.5, 0.05, 0.05, "normalized")
    assert make_definition("round-robin", 3).sprt is None


@pytest.mark.parametrize(
    ("fmt", "bots", "options", "field", "message"),
    [
        ("round-robin", 3, SPRT, "sprt", "round-robin of two bots"),
        ("swiss", 4, SPRT, "sprt", "needs .*format = 'gauntlet'"),
        ("round-robin", 2, "\n[sprt]\nelo1 = 5\n", "sprt.elo0", "missing required field"),
        ("round-robin", 2, "\n[sprt]\nelo0 = 5\nelo1 = 5\n", "sprt", "elo0 must be below elo1"),
        ("round-robin", 2, "\n[sprt]\nelo0 = 0\nelo1 = 200\n", "sprt", "within ±150"),
        ("round-robin", 2, '\n[sprt]\nelo0 = 0\nelo1 = "5"\n', "sprt.elo1", "expected a number"),
        ("round-robin", 2, "\n[sprt]\nelo0 = 0\nelo1 = 5\nalpha = 1.5\n", "sprt", "alpha"),
        (
            "round-robin",
            2,
            '\n[sprt]\nelo0 = 0\nelo1 = 5\nmodel = "bayes"\n',
            "sprt.model",
            "bayes",
        ),
        ("round-robin", 2, "\n[sprt]\nelo0 = 0\nelo1 = 5\nalfa = 0.1\n", "sprt.alfa", "unknown"),
        ("round-robin", 2, '\n[ratings]\nanchor = "nobody"\n', "ratings.anchor", "not a bot"),
    ],
)
def test_bad_sprt_and_ratings_tables_name_their_field(
    make_definition_text, fmt, bots, options, field, message
):
    with pytest.raises(DefinitionError, match=message) as raised:
        parse_definition(make_definition_text(fmt, bots, options=options))
    assert raised.value.field == field


def test_definitions_without_the_new_tables_keep_their_hash(make_definition):
    # The hashes these definitions had before [sprt] and [ratings] existed: their runs resume.
    plain = make_definition("round-robin", 3)
    assert definition_hash(plain) == (
        "8b10ba6c826f07a4899ca7ec14c7c5013499e81750bcc8e107f6e32fa9327844"
    )
    gauntlet = make_definition("gauntlet", 3, options=GAUNTLET)
    assert definition_hash(gauntlet) == (
        "12d311dc693ff38559eec66de50476aaec638c4b71621aa114660e299f9defcf"
    )
    tested = make_definition("gauntlet", 3, options=GAUNTLET + SPRT)
    anchored = make_definition("gauntlet", 3, options=GAUNTLET + '[ratings]\nanchor = "b1"\n')
    assert len({definition_hash(d) for d in (gauntlet, tested, anchored)}) == 3


def _play(definition, outcome, order=None):
    """Record the schedule one match at a time, champion results from ``outcome(match)``."""
    finished = {}
    while matches := next_matches(definition, finished):
        match = (order or (lambda queue: queue[0]))(matches)
        finished[match.key] = outcome(match)
    return finished


def _champion_wins(match):
    return (1, 2) if match.seats[0] == "b0" else (2, 1)


def test_a_gauntlet_pairing_stops_at_its_first_crossing_and_skips_the_rest(make_definition):
    definition = make_definition("gauntlet", 3, games=40, options=GAUNTLET + SPRT)
    assert planned_matches(definition) == 80
    finished = _play(definition, _champion_wins)
    tests = sequential_tests(definition, finished)
    assert tests is not None and tests.remaining() == 0
    states = {test.opponent: test.state for test in tests.tests()}
    for state in states.values():
        assert state.decision == "H1" and state.llr >= state.upper_bound
        assert state.games < 40
    assert len(finished) == sum(state.games for state in states.values())
    # The state is the test of those games by the statistics themselves.
    records = [
        _Record(match.seats, finished[match.key], match.seed)
        for match in gauntlet_matches(definition)
        if match.key in finished
    ]
    config = definition.sprt
    assert pairing_sprt(config, records, "b0", "b1", 2) == states["b1"]


def test_games_recorded_after_the_decision_do_not_move_it(make_definition):
    definition = make_definition("gauntlet", 3, games=40, options=GAUNTLET + SPRT)
    finished = _play(definition, _champion_wins)
    decided = sequential_tests(definition, finished).tests()
    late = [m for m in gauntlet_matches(definition) if m.key not in finished][:4]
    for match in late:  # matches that were running when the tests decided: losses
        finished[match.key] = (2, 1) if match.seats[0] == "b0" else (1, 2)
    again = sequential_tests(definition, finished)
    assert again.tests() == decided and again.remaining() == 0
    assert next_matches(definition, finished) == []


def test_remaining_counts_the_matches_undecided_tests_still_need(make_definition):
    definition = make_definition("gauntlet", 3, games=40, options=GAUNTLET + SPRT)
    tests = sequential_tests(definition, {})
    assert tests is not None and tests.remaining() == 80
    for match in gauntlet_matches(definition):
        if "b1" in match.seats:
            tests.record(match.key, _champion_wins(match))
            if tests.tests()[0].state.decision:
                break
    assert tests.tests()[0].state.decision == "H1" and tests.tests()[1].state.decision is None
    assert tests.remaining() == 40  # the b2 pairing's games


def test_a_three_player_gauntlet_uses_the_multi_player_rule(make_definition):
    options = GAUNTLET + SPRT
    definition = make_definition("gauntlet", 4, players=3, games=30, options=options)
    finished = _play(definition, lambda match: tuple(1 if s == "b0" else 2 for s in match.seats))
    tests = sequential_tests(definition, finished).tests()
    assert [(test.opponent, test.state.decision) for test in tests] == [
        ("b1", "H1"),
        ("b2", "H1"),
        ("b3", "H1"),
    ]
    # b0 meets each opponent in two groups of 30 games: 60 at most, in cycles of 3
    assert all(test.state.games % 3 == 0 and test.state.games < 60 for test in tests)
    assert len(finished) < 90


class _Record:
    def __init__(self, seats, ranks, seed):
        self.seats, self.ranks, self.seed = seats, ranks, seed
