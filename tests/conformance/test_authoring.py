"""Ruckus runs the conformance checks it ships (``tournaments.conformance.checks.authoring``, what
``pytest --ruckus-game NAME`` runs) over every installed game."""

from tournaments.conformance.checks.authoring import *  # noqa: F403
