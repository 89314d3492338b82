"""The harness does not carry scipy until a joint fit needs it (about 50 MB of memory)."""

from __future__ import annotations

import subprocess
import sys


def loaded_after(statement: str) -> set[str]:
    """Return the top-level modules a fresh interpreter holds after running ``statement``."""
    listing = "print(' '.join({m.split('.')[0] for m in sys.modules}))"
    probe = f"{statement}\nimport sys\n{listing}"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True
    )
    return set(done.stdout.split())


def test_the_command_line_and_the_runner_do_not_import_scipy() -> None:
    assert "scipy" not in loaded_after("import tournaments.cli, tournaments.runner")


def test_a_joint_fit_imports_scipy_when_it_runs() -> None:
    fit = (
        "from types import SimpleNamespace\n"
        "from tournaments.stats import joint_ratings\n"
        "records = [SimpleNamespace(seats=('a', 'b'), ranks=(1, 2), seed=i) for i in range(4)]\n"
        "joint_ratings(['a', 'b'], records, resamples=2)"
    )
    assert "scipy" in loaded_after(fit)
