"""Ruckus runs the conformance checks it ships (``tournaments.conformance.checks.hosting``, what
``pytest --ruckus-game NAME`` runs) over every installed game."""

from tournaments.conformance.checks.hosting import *  # noqa: F403
