"""Ruckus runs the conformance checks it ships (``tournaments.conformance.checks.engine``, what
``pytest --ruckus-game NAME`` runs) over every installed game."""

from tournaments.conformance.checks.engine import *  # noqa: F403
