"""The ``ray`` backend: every match a Ray task on a Ray cluster (:mod:`.ray_cluster`).

Ray is an optional extra (``pip install 'ruckus-arena[ray]'``): this module names the backend
and reads its options without importing Ray, which :meth:`RayPlugin.open` imports when a run
asks for the backend.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tournaments.definition import TournamentDefinition
from tournaments.runner.backends.base import Backend, BackendOption, BackendPlugin
from tournaments.runner.layout import RunFolder

RAY_MISSING = "the Ray backend needs Ray: pip install 'ruckus-arena[ray]'"


@dataclass(frozen=True)
class RayOptions:
    """The Ray backend's options."""

    address: str | None = None
    """The cluster's address (None: the one Ray finds, else a new local instance)."""


class RayPlugin(BackendPlugin[RayOptions]):
    """The ``ray`` backend: matches as Ray tasks, bots started once per node."""

    name = "ray"
    summary = "every match a Ray task on a Ray cluster, the bots started once per node"
    takes = (
        BackendOption(
            "address",
            "the cluster's address (default: the one Ray finds, else a new local instance)",
            "HOST:PORT",
        ),
    )

    def unavailable(self) -> str | None:
        """Return how to install Ray when it is not installed, else None."""
        return RAY_MISSING if importlib.util.find_spec("ray") is None else None

    def default_concurrency(self) -> int:
        """Return 0: as many matches at once as the cluster has CPUs."""
        return 0

    def build_options(self, given: Mapping[str, str]) -> RayOptions:
        """Return the cluster's ``address`` as given (Ray checks it when the run starts)."""
        return RayOptions(address=given.get("address"))

    def open(
        self,
        definition: TournamentDefinition,
        folder: RunFolder,
        concurrency: int,
        notify: Callable[[str], None],
        options: RayOptions,
    ) -> Backend:
        """Reach the cluster (importing Ray) and place the bots on its nodes."""
        from tournaments.runner.backends.ray_cluster import RayBackend

        return RayBackend(definition, folder, concurrency, notify, options.address)


PLUGIN = RayPlugin()
"""The entry point of ``ray`` (``ruckus.backends``)."""
