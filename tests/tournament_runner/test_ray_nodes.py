"""The Ray backend on a real two-node cluster on this machine (``ray.cluster_utils.Cluster``,
both nodes on loopback, one CPU each): a round-robin places bots on both nodes and plays and
verifies as one run; a bot that cannot start on one node only stops the run with that node
named, and ``--keep-going`` plays it through.

The second node's raylet has ``RUCKUS_TEST_NODE=second`` in its environment; at sandbox level
``none`` a bot sees it, so a bot can be broken on that node alone, as a bot whose package is
missing on one machine of a real cluster is.

Skipped when Ray is not installed (``pip install 'ruckus-arena[ray]'``; ``make test`` installs
it).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tournaments.cli import app
from tournaments.runner import start_run
from tournaments.runner.preflight import PreflightError
from tournaments.runner.session import Placement
from tournaments.store import ResultStore

from .conftest import Recorder, tournament_toml
from .ray_kit import LOOPBACK, loopback_ray

ray = pytest.importorskip("ray", reason="Ray is not installed: pip install 'ruckus-arena[ray]'")
cluster_utils = pytest.importorskip("ray.cluster_utils")

NODE_ENV = "RUCKUS_TEST_NODE"
FRAGILE_BOT = f"""\
import os
import sys

import ruckus
from sample_bots.random_bot import RandomBot

if os.environ.get({NODE_ENV!r}) == "second":
    sys.exit("fragile: what this bot needs is missing on this node")
ruckus.run(RandomBot("pilfer"))
"""


def _start_cluster() -> tuple[object, str]:
    """Start a head node and a second node on loopback; return the cluster and the second
    node's id."""
    cluster = cluster_utils.Cluster(
        initialize_head=True, head_node_args={"num_cpus": 1, "node_ip_address": LOOPBACK}
    )
    try:
        second = cluster.add_node(
            num_cpus=1, node_ip_address=LOOPBACK, env_vars={NODE_ENV: "second"}
        )
        ray.init(address=cluster.address, log_to_driver=False)
    except Exception:
        cluster.shutdown()
        raise
    return cluster, second.node_id


@pytest.fixture(scope="module")
def two_nodes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A two-node cluster for the module; yields the second node's id."""
    with loopback_ray(tmp_path_factory):
        try:
            cluster, second = _start_cluster()
        except Exception:  # a loaded machine can outlast Ray's start-up wait once: try again
            ray.shutdown()
            cluster, second = _start_cluster()
        yield second
        ray.shutdown()
        cluster.shutdown()


def _play(tmp_path: Path, name: str, text: str, observer: Recorder, keep_going: bool) -> Path:
    source = tmp_path / f"{name}.toml"
    source.write_text(text)
    run = tmp_path / name
    start_run(source, run, 2, observer, Placement("ray"), keep_going)
    return run


def _fragile(tmp_path: Path) -> str:
    script = tmp_path / "fragile.py"
    script.write_text(FRAGILE_BOT)
    return f"fragile=cmd:{sys.executable} {script}"


def test_a_round_robin_on_two_nodes_places_bots_on_both_and_verifies(two_nodes, tmp_path):
    recorder = Recorder()
    run = _play(
        tmp_path, "both", tournament_toml(["a=random", "b=random"], games=4), recorder, False
    )
    assert len(recorder.results) == 4
    placed = [notice for notice in recorder.notices if notice.startswith("node ")]
    assert len({notice.split(":")[0] for notice in placed}) == 2, placed
    node_folders = sorted(path.name for path in (run / "bots").iterdir())
    assert len(node_folders) == 2 and two_nodes[:8] in node_folders
    for folder in node_folders:
        assert {path.name for path in (run / "bots" / folder).glob("*.log")} == {
            "a.1.log",
            "b.1.log",
        }
    verified = CliRunner().invoke(app, ["replay", "verify", str(run)])
    assert verified.exit_code == 0, verified.output
    assert verified.output.count("OK ") == 4


def test_a_bot_broken_on_one_node_stops_the_run_naming_that_node(two_nodes, tmp_path):
    text = tournament_toml([_fragile(tmp_path), "steady=random"], extra='[sandbox]\nlevel = "none"')
    with pytest.raises(PreflightError) as stopped:
        _play(tmp_path, "stopped", text, Recorder(), False)
    [problem] = stopped.value.problems
    assert problem.bot == "fragile"
    assert problem.reason.startswith(f"on node {two_nodes[:8]}: did not start"), problem.reason
    assert "missing on this node" in problem.reason
    store = ResultStore.open(tmp_path / "stopped")
    assert store.results() == []
    store.close()


def test_keep_going_plays_a_bot_broken_on_one_node_through(two_nodes, tmp_path):
    recorder = Recorder()
    text = tournament_toml(
        [_fragile(tmp_path), "steady=random"], games=4, extra='[sandbox]\nlevel = "none"'
    )
    run = _play(tmp_path, "kept", text, recorder, True)
    assert len(recorder.results) == 4
    assert any(
        f"node {two_nodes[:8]}" in notice and "fragile" in notice for notice in recorder.notices
    )
    store = ResultStore.open(run)
    results = store.results()
    store.close()
    assert len(results) == 4
    for result in results:  # steady never forfeits; fragile only by failing to start
        if result.status == "forfeit":
            [loser] = [
                bot for bot, rank in zip(result.seats, result.ranks, strict=True) if rank == 2
            ]
            assert loser == "fragile" and "STARTUP_FAILED" in result.reason, result
