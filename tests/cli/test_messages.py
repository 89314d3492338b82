"""What ``ruckus`` says about a mistake names the option or bot that is wrong, and no more."""

from __future__ import annotations

from typer.testing import CliRunner

from tournaments.cli import app


def _ruckus(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, " ".join(result.output.split())


def test_a_bad_scenario_is_blamed_on_scenario():
    code, output = _ruckus(
        "play", "pilfer", "--bot", "random", "--bot", "random", "--scenario", "x"
    )
    assert code == 2
    assert "Invalid value for --scenario: scenario: unknown scenario 'x'" in output
    assert "--rule" not in output


def test_an_unknown_bot_lists_only_the_bots_of_the_game():
    code, output = _ruckus("play", "pilfer", "--bot", "nosuch", "--bot", "random")
    assert code == 2
    known = output.split("known: ", 1)[1]
    assert "pilfer-greedy" in known and "node-random" in known
    assert "wabbit-" not in known and "liars-dice-" not in known


def test_an_unset_token_variable_is_not_taken_for_a_missing_folder():
    code, output = _ruckus("bot", "check", "grpcs://127.0.0.1:9", "--token-env", "NOT_SET_HERE")
    assert code == 2
    assert "NOT_SET_HERE (the token) is not set" in output
    assert "no such bot folder" not in output
