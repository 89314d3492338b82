"""Ctrl-C stops a match or a run even when Python loses the KeyboardInterrupt in a finalizer."""

from __future__ import annotations

import gc
import signal

import pytest

from tournaments.cli.interrupts import CheckedRunObserver, InterruptCheck, InterruptGuard


class _InterruptedWhileCollected:
    """An object whose finalizer is where Ctrl-C lands (as it can in gRPC's)."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)


def _lose_an_interrupt() -> None:
    """Press Ctrl-C while the garbage collector runs a finalizer: Python prints the
    KeyboardInterrupt as "Exception ignored" and carries on."""
    _InterruptedWhileCollected()
    gc.collect()


@pytest.fixture(autouse=True)
def python_handles_sigint():
    """Python's own SIGINT handling for each test, however the suite was started."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


LOST = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
"""Pytest reports the KeyboardInterrupt Python lost in the finalizer as a warning."""


@LOST
def test_a_lost_interrupt_is_raised_at_the_next_decision():
    with InterruptGuard() as guard:
        check = InterruptCheck(guard)
        check.match_started({})  # no Ctrl-C yet: nothing happens
        _lose_an_interrupt()  # returns: the KeyboardInterrupt was lost
        assert guard.requested.is_set()
        with pytest.raises(KeyboardInterrupt):
            check.decision_taken(None, None)  # type: ignore[arg-type]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


class _Quiet:
    def __init__(self) -> None:
        self.calls: list[str] = []

    def run_started(self, context) -> None:
        self.calls.append("started")

    def match_recorded(self, result) -> None:
        self.calls.append("recorded")

    def notice(self, text: str) -> None:
        self.calls.append("notice")

    def matches_running(self, matches) -> None:
        self.calls.append("running")


@LOST
def test_a_lost_interrupt_stops_a_run_after_the_result_in_hand_is_shown():
    inner = _Quiet()
    with InterruptGuard() as guard:
        observer = CheckedRunObserver(inner, guard)
        observer.matches_running([])
        _lose_an_interrupt()
        with pytest.raises(KeyboardInterrupt):
            observer.match_recorded(None)  # type: ignore[arg-type]
        with pytest.raises(KeyboardInterrupt):
            observer.matches_running([])
    assert inner.calls == ["running", "recorded"]


def test_an_ignored_sigint_stays_ignored():
    """A command started in the background of a script (SIGINT ignored) is not stopped by it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with InterruptGuard() as guard:
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        signal.raise_signal(signal.SIGINT)
        guard.check()
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
