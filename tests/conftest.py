"""Shared test settings: a bounded Hypothesis profile so the suite stays fast and repeatable."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ruckus",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ruckus")
