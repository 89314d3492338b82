"""The running Ray backend: every match a Ray task, the bots started once per node, one store
writer (imported only when a run asks for ``ray``: :mod:`tournaments.runner.backends.ray`).

On start the driver (the ``ruckus`` process) places one :class:`NodeBots` actor on every live
node of the cluster (and on nodes that join later). Each one starts the node's bots given by
``sample`` or ``command`` in the same sandbox a local run uses, restarts and quarantines them,
and reaches bots given by ``address`` where they are. A match is a Ray task
(:func:`play_on_node`, one CPU): it asks its node's actor where the bots answer, plays the match
with the local worker's code, and returns the sealed log. The driver writes that log into the
run folder and records the result itself, so the driver alone writes the store and resume,
standings and verify work unchanged.

Preflight runs on every node placed at the start, all at once: endpoints are node-local, and
so is what breaks a bot (a command, a file or a package missing on one node; with
``--keep-going`` only the matches that node plays with it are forfeits). A bot failing on
several nodes is reported once, naming the first of them.

A Ray worker or node lost mid-match fails its task, and Ray runs it again elsewhere (up to
:data:`SYSTEM_RETRIES` times, then the run loop's own retries): nothing is recorded until a
task comes back, and a key is recorded once. The run's log key travels to the tasks with them
(inside the cluster only), as it does to local workers. Every node needs the same Ruckus
installed; the bots' output comes back to ``RUN/bots/<node>/`` when the run ends.
"""

from __future__ import annotations

import logging
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import ray
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

from referee.sandbox import Level, Sandbox, sandbox_line
from referee.sandbox import resolve as resolve_level
from tournaments.definition import TournamentDefinition
from tournaments.runner.backends.base import BackendError
from tournaments.runner.fleet import BotFleet
from tournaments.runner.layout import RunFolder
from tournaments.runner.pool import Completion
from tournaments.runner.preflight import PreflightProblem
from tournaments.runner.worker import ConnectedBots, MatchTask, SeatEndpoint, TaskDone, play_task

SYSTEM_RETRIES = 3
"""How often Ray itself runs a match again whose worker or node was lost."""
NODES_EVERY_SECONDS = 2.0
"""How often the driver looks for nodes that joined the cluster."""
ACTOR_WAIT_SECONDS = 30.0
"""How long a match task waits for its node's bots to be placed (a node that just joined)."""
STOP_SECONDS = 30.0
"""How long a node gets to stop its bots and send their output back."""


@dataclass(frozen=True)
class NodeMatch:
    """What a match task sends back: when it ran, its sealed log, and the node's bot notices."""

    done: TaskDone
    log: bytes
    notices: tuple[str, ...]


class NodeBots:
    """The bots of one node (a Ray actor pinned to it): a :class:`BotFleet` in the sandbox."""

    def __init__(self, definition: TournamentDefinition, node: str) -> None:
        self.node = node
        self.output = Path(tempfile.mkdtemp(prefix="ruckus-bots-"))
        self._notices: list[str] = []
        sandbox = Sandbox(resolve_level(definition.sandbox), definition.limits)
        self.level = sandbox.level
        self.fleet = BotFleet(definition, self.output, self._notice, sandbox)
        self.fleet.start()

    def _notice(self, text: str) -> None:
        self._notices.append(f"node {self.node[:8]}: {text}")

    def sandbox(self) -> str:
        """Return the sandbox level this node's bots run in."""
        return self.level.value

    def endpoints(self, names: Sequence[str]) -> tuple[tuple[SeatEndpoint, ...], tuple[str, ...]]:
        """Restart the bots that died, then return where ``names`` answer for their next match,
        with the notices since the last call."""
        self.fleet.check()
        notices, self._notices = tuple(self._notices), []
        return tuple(self.fleet.endpoint(name) for name in names), notices

    def preflight(self, shown: str) -> list[PreflightProblem]:
        """Run the preflight of this node's bots; their output files are named as under
        ``shown``, where they land when the run ends."""
        return [
            replace(problem, reason=problem.reason.replace(str(self.output), shown))
            for problem in self.fleet.preflight()
        ]

    def quarantined(self) -> list[str]:
        """Return the bots quarantined on this node."""
        return self.fleet.quarantined()

    def stop(self) -> dict[str, bytes]:
        """Stop every bot; return their captured output by file name."""
        self.fleet.stop()
        return {path.name: path.read_bytes() for path in sorted(self.output.glob("*.log"))}


_CONNECTED = ConnectedBots()
"""The connections of this Ray worker process, kept from match to match."""


def _node_bots(prefix: str, node: str) -> Any:
    """Return the handle of ``node``'s NodeBots actor, waiting while the driver places it."""
    deadline = time.monotonic() + ACTOR_WAIT_SECONDS
    while True:
        try:
            return ray.get_actor(f"{prefix}{node}")
        except ValueError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def play_on_node(task: MatchTask, prefix: str) -> NodeMatch:
    """Play ``task`` on this node against the node's bots; return its log (a Ray task)."""
    node = ray.get_runtime_context().get_node_id()
    seats, notices = ray.get(_node_bots(prefix, node).endpoints.remote(task.bots))
    with tempfile.TemporaryDirectory(prefix="ruckus-match-") as folder:
        log = Path(folder) / "match.jsonl"
        done = play_task(replace(task, seats=seats, log=replace(task.log, path=log)), _CONNECTED)
        return NodeMatch(done, log.read_bytes(), notices)


class RayBackend:
    """Matches as Ray tasks on the cluster at ``address`` (None: the one Ray finds, else a new
    local instance), at most ``concurrency`` at once (0: no limit) and never more than the
    cluster's CPUs."""

    def __init__(
        self,
        definition: TournamentDefinition,
        folder: RunFolder,
        concurrency: int,
        notify: Callable[[str], None],
        address: str | None = None,
    ) -> None:
        self.definition = definition
        self.folder = folder
        self.concurrency = concurrency
        self._notify = notify
        self._owns_ray = not ray.is_initialized()
        if self._owns_ray:
            try:
                ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
            except (ConnectionError, RuntimeError) as error:
                raise BackendError(f"cannot reach the Ray cluster at {address}: {error}") from None
        self.prefix = f"ruckus-{folder.root.resolve().name}-{time.time_ns()}-"
        self._play: Any = ray.remote(max_retries=SYSTEM_RETRIES)(play_on_node)
        self._actor: Any = ray.remote(num_cpus=0, max_restarts=SYSTEM_RETRIES)(NodeBots)
        self._nodes: dict[str, Any] = {}
        self._running: dict[Any, tuple[MatchTask, float]] = {}
        self._cpus = 0
        self._looked = 0.0
        self.sandbox = Level.NONE
        try:
            self._place_bots()
        except BaseException:
            self.close()
            raise

    def _place_bots(self) -> None:
        """Start a NodeBots actor on every live node that has none; note the cluster's CPUs."""
        nodes: list[dict[str, Any]] = ray.nodes()  # type: ignore[no-untyped-call]
        alive = [node for node in nodes if node["Alive"]]
        self._cpus = int(sum(node["Resources"].get("CPU", 0) for node in alive))
        placed = {}
        for node in alive:
            node_id = node["NodeID"]
            if node_id in self._nodes:
                continue
            strategy = NodeAffinitySchedulingStrategy(node_id, soft=False)
            actor = self._actor.options(
                name=f"{self.prefix}{node_id}", scheduling_strategy=strategy
            ).remote(self.definition, node_id)
            self._nodes[node_id] = actor
            placed[node_id] = actor.sandbox.remote()
        for node_id, level in placed.items():
            self.sandbox = Level(ray.get(level))
            self._notify(f"node {node_id[:8]}: {sandbox_line(self.sandbox)}")
        self._looked = time.monotonic()

    def check(self) -> None:
        """Place bots on nodes that joined since the last look (every few seconds)."""
        if time.monotonic() - self._looked > NODES_EVERY_SECONDS:
            self._place_bots()

    def preflight(self) -> list[PreflightProblem]:
        """Run the preflight on every node's bots at once; return one problem per failing bot,
        from the first node it failed on."""
        nodes = list(self._nodes)
        calls = [self._nodes[node].preflight.remote(str(self._node_folder(node))) for node in nodes]
        try:
            answers = ray.get(
                calls, timeout=self.definition.clocks.startup_ms / 1000.0 + STOP_SECONDS
            )
        except Exception as error:  # a node lost while its bots were asked
            raise BackendError(f"preflight on the cluster failed: {error}"[:500]) from None
        first: dict[str, PreflightProblem] = {}
        for node, problems in zip(nodes, answers, strict=True):
            for problem in problems:
                reason = f"on node {node[:8]}: {problem.reason}"
                first.setdefault(problem.bot, replace(problem, reason=reason))
        return [first[name] for name in self.definition.bot_names if name in first]

    def _node_folder(self, node: str) -> Path:
        """Return where the bots' output of ``node`` lands when the run ends."""
        return self.folder.bots / node[:8]

    def seats(self, names: Sequence[str]) -> tuple[SeatEndpoint, ...]:
        """Return no endpoints: the node that plays the match finds its bots itself."""
        return ()

    @property
    def capacity(self) -> int:
        """How many matches run at once: the concurrency, within the cluster's CPUs now."""
        return self._cpus if self.concurrency == 0 else min(self.concurrency, self._cpus)

    def idle(self) -> int:
        """Return how many more matches may start now."""
        return max(0, self.capacity - len(self._running))

    def submit(self, task: MatchTask, seconds: float) -> None:
        """Start ``task`` as a Ray task; it has ``seconds`` to finish."""
        reference = self._play.remote(task, self.prefix)
        self._running[reference] = (task, time.monotonic() + seconds)

    def wait(self, timeout: float) -> list[Completion]:
        """Wait up to ``timeout`` seconds; write the logs of the matches that came back."""
        if not self._running:
            return []
        references = list(self._running)
        ready, rest = ray.wait(references, num_returns=1, timeout=timeout)
        if rest:
            ready += ray.wait(rest, num_returns=len(rest), timeout=0)[0]
        completions = [self._collect(reference) for reference in ready]
        now = time.monotonic()
        for reference, (task, deadline) in list(self._running.items()):
            if now > deadline:
                ray.cancel(reference, force=True)
                del self._running[reference]
                completions.append(Completion(task, None, "the match overran its deadline"))
        return completions

    def _collect(self, reference: Any) -> Completion:
        """Take a finished task's answer: write its log where the run keeps it."""
        task, _ = self._running.pop(reference)
        try:
            answer: NodeMatch = ray.get(reference)
        except Exception as error:  # a lost worker or node past Ray's retries, a harness bug
            return Completion(task, None, f"{type(error).__name__}: {error}"[:500])
        for notice in answer.notices:
            self._notify(notice)
        path = self.folder.log_path(task.key)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(answer.log)
        return Completion(task, answer.done)

    def quarantined(self) -> list[str]:
        """Return the bots quarantined on any node."""
        lists = ray.get([actor.quarantined.remote() for actor in self._nodes.values()])
        return sorted({name for names in lists for name in names})

    def close(self) -> None:
        """Cancel running matches, stop every node's bots (keeping their output), let go of
        the cluster."""
        for reference in self._running:
            ray.cancel(reference, force=True)
        self._running.clear()
        for node_id, actor in self._nodes.items():
            try:
                outputs = ray.get(actor.stop.remote(), timeout=STOP_SECONDS)
            except Exception as error:  # the node is gone: so are its bots
                self._notify(f"node {node_id[:8]}: bots not stopped cleanly ({error})"[:300])
                outputs = {}
            folder = self._node_folder(node_id)
            folder.mkdir(parents=True, exist_ok=True)
            for name, data in outputs.items():
                (folder / name).write_bytes(data)
            ray.kill(actor)
        self._nodes.clear()
        if self._owns_ray:
            ray.shutdown()
