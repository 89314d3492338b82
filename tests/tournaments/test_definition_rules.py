"""``[rules]`` and per-bot clocks in a definition: the engine checks the rules on the chosen
scenario, a bot's own ``decision_ms`` / ``bank_ms`` replace ``[clocks]`` for its seats, and a
definition with neither keeps the hash it always had (its stored runs still resume)."""

from __future__ import annotations

import pytest

from referee.games import get_game
from referee.match import Clocks
from tournaments.definition import DefinitionError, definition_hash, parse_definition

HASH_BEFORE_RULES = "e29638ee480a65788c3455f9788ae3b3e4e2aae1b0b3be3caabe2f61e77dcb63"
"""The hash of :data:`PLAIN` as Ruckus computed it before rules and per-bot clocks existed."""
PLAIN = (
    'name = "t"\ngame = "pilfer"\nformat = "round-robin"\nseed = 1\n'
    'bots = [{ name = "a", sample = "random" }, { name = "b", sample = "random" }]\n'
)


def _with_bots(bot_a: str, tables: str = "", head: str = "") -> str:
    return (
        f'name = "t"\ngame = "pilfer"\nformat = "round-robin"\nseed = 1\n{head}'
        f'bots = [{{ name = "a", sample = "random"{bot_a} }}, '
        '{ name = "b", sample = "random" }]\n'
        f"{tables}"
    )


def _config(text: str):
    definition = parse_definition(text)
    engine = get_game(definition.game)
    scenario = definition.scenario or engine.spec.default_scenario
    return engine.make_config(scenario, **dict(definition.rules))


def test_rules_override_the_scenario_defaults():
    config = _config(PLAIN + '[rules]\nmax_rounds = 12\nwin_mode = "gross"\n')
    assert (config.max_rounds, config.win_mode, config.start_points) == (12, "gross", 2)
    driven_out = _config(_with_bots("", "[rules]\nmax_rounds = 12\n", 'scenario = "driven_out"\n'))
    assert (driven_out.max_rounds, driven_out.start_points, driven_out.win_points) == (12, 3, None)


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        ("[rules]\nhand_size = 5\n", "rules.hand_size: unknown config field; known fields: "),
        ("[rules]\nmax_rounds = 0\n", "rules.max_rounds: 0 is outside 1..1000"),
        ('[rules]\nwin_mode = "most"\n', "rules.win_mode: 'most' is not one of"),
        ('[rules]\nmax_rounds = "ten"\n', "rules.max_rounds: expected int, got 'ten'"),
        ("[rules]\nmax_rounds = 1979-05-27\n", "rules.max_rounds: expected a string, number"),
        ('[rules]\nscenario = "cars"\n', "rules.scenario: no rule: choose it with `scenario`"),
        ("rules = 3\n", "rules: expected a table"),
    ],
)
def test_a_bad_rule_names_its_key_with_the_engines_message(tables: str, message: str):
    with pytest.raises(DefinitionError) as caught:
        parse_definition(PLAIN + tables)
    assert str(caught.value).startswith(message)
    if "unknown" in message:
        assert "max_rounds" in str(caught.value) and "win_mode" in str(caught.value)


def test_rules_are_checked_on_the_chosen_scenario():
    wabbit = PLAIN.replace('"pilfer"', '"wabbit"')
    assert dict(parse_definition(wabbit + "[rules]\nrounds = 8\n").rules) == {"rounds": 8}
    with pytest.raises(DefinitionError, match=r"^rules.max_rounds: unknown config field"):
        parse_definition(wabbit + "[rules]\nmax_rounds = 8\n")  # a Pilfer field
    with pytest.raises(DefinitionError, match=r"^scenario: unknown scenario 'moon'"):
        parse_definition(_with_bots("", "[rules]\nmax_rounds = 8\n", 'scenario = "moon"\n'))


def test_a_bot_may_have_clocks_of_its_own():
    text = _with_bots(", decision_ms = 50", "[clocks]\ndecision_ms = 900\nbank_ms = 9000\n")
    definition = parse_definition(text)
    assert definition.bots[0].decision_ms == 50 and definition.bots[0].bank_ms is None
    assert definition.seat_clocks(("b", "a")) == (Clocks(900, 9000), Clocks(50, 9000))
    assert parse_definition(PLAIN).seat_clocks(("a", "b")) == ()
    with pytest.raises(DefinitionError, match=r"^bots\[0\].bank_ms: must be between 1 and"):
        parse_definition(_with_bots(", bank_ms = 0"))
    with pytest.raises(DefinitionError, match=r"^bots\[0\].decision_ms: expected an integer"):
        parse_definition(_with_bots(", decision_ms = 1.5"))


def test_the_hash_changes_only_with_rules_or_a_bots_own_clocks():
    plain = definition_hash(parse_definition(PLAIN))
    assert plain == HASH_BEFORE_RULES
    assert definition_hash(parse_definition(PLAIN + "[rules]\n")) == plain  # an empty table
    hashes = {
        definition_hash(parse_definition(text))
        for text in (
            PLAIN + "[rules]\nmax_rounds = 12\n",
            PLAIN + "[rules]\nmax_rounds = 13\n",
            _with_bots(", decision_ms = 50"),
            _with_bots(", bank_ms = 50"),
        )
    }
    assert len(hashes) == 4 and plain not in hashes
