"""Ruckus runs the conformance checks it ships (``tournaments.conformance.checks.simultaneous``,
what ``pytest --ruckus-game NAME`` runs) over every installed game."""

from tournaments.conformance.checks.simultaneous import *  # noqa: F403
