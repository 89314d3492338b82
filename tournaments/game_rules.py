"""Rules: overrides of a game's config, as a tournament's ``[rules]`` table and ``ruckus play
--rule KEY=VALUE`` give them.

The keys are the game's config fields (``ruckus games GAME`` lists them with each scenario's
defaults); the overrides apply on top of the scenario's defaults, and the engine's own
``make_config`` checks them, so the bounds are the engine's. A bad one is a
:class:`~tournaments.toml_fields.DefinitionError` naming ``rules.KEY`` with the engine's
message; the message of an unknown key lists the known ones.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from referee.games import get_game
from referee.games.base import ConfigError, Game, GameSpec
from tournaments.toml_fields import DefinitionError

Rules = tuple[tuple[str, Any], ...]
"""Config overrides as (field, value) pairs, in the order written; arrays are tuples."""
SCENARIO = "scenario"
"""The config field that names the scenario: chosen on its own, never by a rule."""


def check_scenario(scenario: str | None, spec: GameSpec) -> None:
    """Raise DefinitionError naming ``scenario`` when the game has no such scenario."""
    if scenario is not None and scenario not in spec.scenarios:
        known = ", ".join(spec.scenarios)
        raise DefinitionError("scenario", f"unknown scenario {scenario!r}; use {known}")


def rule_keys(engine: Game[Any, Any], scenario: str) -> list[str]:
    """Return the keys rules may set: the fields of the engine's config but the scenario."""
    config = engine.config_to_json(engine.make_config(scenario))
    return [name for name in config if name != SCENARIO]


def game_rules(game: str, scenario: str | None, table: Mapping[str, object]) -> Rules:
    """Return the overrides ``table`` gives, checked by the engine of ``game`` on
    ``scenario`` (None: the game's default); raise DefinitionError for a bad one."""
    engine = get_game(game)
    check_scenario(scenario, engine.spec)
    if SCENARIO in table:
        raise DefinitionError(
            f"rules.{SCENARIO}", "no rule: choose it with `scenario` (ruckus play --scenario)"
        )
    chosen = scenario or engine.spec.default_scenario
    rules = tuple((key, _rule_value(value, f"rules.{key}")) for key, value in table.items())
    try:
        engine.make_config(chosen, **dict(rules))
    except ConfigError as error:
        raise _rule_error(engine, chosen, rules, str(error)) from None
    return rules


def _rule_value(value: object, field: str) -> Any:
    """Return a TOML value as an engine override: arrays become tuples; dates and tables are
    refused (no config field holds one)."""
    if isinstance(value, list):
        return tuple(_rule_value(item, field) for item in value)
    if isinstance(value, datetime.date | datetime.time | dict):
        raise DefinitionError(field, f"expected a string, number, boolean or array, got {value}")
    return value


def _rule_error(
    engine: Game[Any, Any], scenario: str, rules: Rules, message: str
) -> DefinitionError:
    """Return the DefinitionError of the engine's ``message`` (``KEY: what is wrong``)."""
    key, _, detail = message.partition(": ")
    if key not in dict(rules):  # a check across fields, naming one the rules leave alone
        return DefinitionError("rules", message)
    known = rule_keys(engine, scenario)
    if key not in known:
        detail = f"{detail}; known fields: {', '.join(known)}"
    return DefinitionError(f"rules.{key}", detail)
