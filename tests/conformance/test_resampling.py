"""Ruckus runs the resampling checks it ships (``tournaments.conformance.checks.resampling``)
over every installed game that offers ``resample``."""

from tournaments.conformance.checks.resampling import *  # noqa: F403
