"""Starting Ray for the tests on a busy machine: one more try after a clean shutdown, then a
failure of one line saying Ray could not start (not three setup errors with Ray's traceback)."""

from __future__ import annotations

import pytest

from . import ray_kit

TIMED_OUT = (
    "The current node timed out during startup. This could happen because some of the Ray "
    "processes failed to startup.\nmore of Ray's explanation"
)


def test_a_start_that_times_out_once_is_tried_again_after_a_shutdown(
    monkeypatch: pytest.MonkeyPatch,
):
    monkeypatch.setattr(ray_kit, "SETTLE_SECONDS", 0.0)
    calls: list[str] = []

    def start() -> None:
        calls.append("start")
        if calls.count("start") == 1:
            raise Exception(TIMED_OUT)

    ray_kit.start_ray(start, lambda: calls.append("shutdown"))
    assert calls == ["start", "shutdown", "start"]


def test_a_start_that_keeps_timing_out_fails_in_one_line(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(ray_kit, "SETTLE_SECONDS", 0.0)

    def start() -> None:
        raise Exception(TIMED_OUT)

    with pytest.raises(pytest.fail.Exception) as failed:
        ray_kit.start_ray(start, lambda: None)
    message = str(failed.value)
    assert "\n" not in message
    assert message.startswith("Ray could not start on this machine (2 tries in ")
    assert message.endswith("The current node timed out during startup. This could happen "
                            "because some of the Ray processes failed to startup.")  # fmt: skip
