"""What every benchmark shares: the ``--quick`` option and printing the JSON report.

``--quick`` runs a benchmark's own code paths at a tiny size, in seconds, and prints a report
of the same shape: a check that the benchmark still runs (``tests/benchmarks`` runs each one
so), not a measure. Options given on the command line win over the quick sizes.

A module of this folder whose name starts with an underscore, as this one, is a helper that
the benchmarks import: ``make bench`` and the tests run every other ``benchmarks/*.py``.
"""

from __future__ import annotations

import argparse
import json
import timeit
from collections.abc import Callable, Mapping
from typing import Any

QUICK_HELP = "tiny sizes in seconds, same code paths and report: checks that it runs"


def parse_arguments(
    parser: argparse.ArgumentParser, quick: Mapping[str, Any]
) -> argparse.Namespace:
    """Add ``--quick`` to ``parser`` and parse the command line.

    ``quick`` maps option destinations to their quick sizes: under ``--quick`` they replace the
    defaults, so that options given on the command line still win.
    """
    parser.add_argument("--quick", action="store_true", help=QUICK_HELP)
    args = parser.parse_args()
    unknown = set(quick) - set(vars(args))
    if unknown:
        raise ValueError(f"quick sizes for options the parser lacks: {sorted(unknown)}")
    if args.quick:
        parser.set_defaults(**quick)
        args = parser.parse_args()
    return args


def emit(report: Mapping[str, Any], quick: bool) -> None:
    """Print ``report`` as one indented JSON document, with whether it ran ``--quick``."""
    print(json.dumps({**report, "quick": quick}, indent=2), flush=True)


def per_call(function: Callable[[], object], calls: int = 2000) -> float:
    """Return the best of five timings of ``calls`` calls of ``function``, in µs per call."""
    return min(timeit.repeat(function, number=calls, repeat=5)) / calls * 1e6
