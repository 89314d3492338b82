"""Ruckus runs the conformance checks it ships (``tournaments.conformance.checks.replays``, what
``pytest --ruckus-game NAME`` runs) over every installed game."""

from tournaments.conformance.checks.replays import *  # noqa: F403
