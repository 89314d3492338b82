"""The conformance suite every game passes, shipped as a pytest plugin (docs/games.md).

``pytest --ruckus-game NAME`` (the ``ruckus`` plugin in the ``pytest11`` entry points) adds the
check modules of :mod:`tournaments.conformance.checks` to the run and runs each check once per
selected game. The checks need more than the engine (match logs, replay timelines, the command
line, the codecs), and they import pytest, which the engines package may not, so the suite
lives here, above the referee.
"""
