"""Ray for tests, on loopback only.

Ray's ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` is its own switch for a cluster of one machine
(what it does on macOS and Windows): the node's address is then 127.0.0.1, so the GCS, the
raylets, the workers and the dashboard listen on loopback alone. Ray reads the switch when it is
imported, so the constant is set as well as the environment its processes inherit.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

LOOPBACK = "127.0.0.1"
SWITCH = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


@contextlib.contextmanager
def loopback_ray() -> Iterator[None]:
    """Within this block, every Ray process started listens on loopback alone."""
    from ray._private import ray_constants

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(SWITCH, "0")
        patch.setattr(ray_constants, "ENABLE_RAY_CLUSTER", False)
        yield
