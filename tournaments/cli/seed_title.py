"""Keep a seed given on the command line out of the process list.

Every user may read ``/proc/PID/cmdline``. A bot without a PID namespace of its own (sandbox
``basic``) could read ``ruckus play --seed N`` there and know every draw of its match. So once
the seed is read, and before any bot starts, ``play`` rewrites its own command line (with
``setproctitle``) with the seed masked: ``ps`` and ``/proc`` show ``--seed ***``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import setproctitle

SEED_FLAGS = ("--seed", "-s")
MASK = "***"


def masked_arguments(argv: Sequence[str]) -> list[str]:
    """Return ``argv`` with the value of every ``--seed`` and ``-s`` (in any of the spellings
    Click reads: ``--seed N``, ``--seed=N``, ``-s N``, ``-sN``) replaced by :data:`MASK`."""
    masked: list[str] = []
    after_flag = False
    for argument in argv:
        if after_flag:
            masked.append(MASK)
            after_flag = False
        elif argument in SEED_FLAGS:
            masked.append(argument)
            after_flag = True
        elif argument.startswith("--seed="):
            masked.append(f"--seed={MASK}")
        elif argument.startswith("-s") and not argument.startswith("--") and len(argument) > 2:
            masked.append(f"-s{MASK}")
        else:
            masked.append(argument)
    return masked


def hide_seed() -> None:
    """Rewrite this process's command line with the seed masked."""
    setproctitle.setproctitle(" ".join(masked_arguments(sys.orig_argv)))
