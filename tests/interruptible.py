"""For tests that stop a child process with SIGINT, as Ctrl-C does.

A child inherits an ignored SIGINT, and Python then leaves it ignored: a suite started in the
background of a shell script (``make test &``) would see every such child shrug Ctrl-C off.
:func:`default_sigint`, as the child's ``preexec_fn``, gives it the default handling back.
"""

from __future__ import annotations

import signal


def default_sigint() -> None:
    """Reset SIGINT to its default in a child about to run (a ``Popen`` ``preexec_fn``)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
