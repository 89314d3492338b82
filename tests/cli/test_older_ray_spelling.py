"""``--ray-address`` is kept as the older spelling of the Ray backend's address option."""

from __future__ import annotations

import pytest
import typer

from tournaments.cli.backends import placement


def test_ray_address_means_the_ray_backend_with_its_address_option():
    older = placement(None, None, "127.0.0.1:6379")
    newer = placement("ray", ["address=127.0.0.1:6379"])
    assert older == newer and older.backend == "ray"


def test_ray_address_with_another_backend_is_refused():
    with pytest.raises(typer.BadParameter, match="only with --backend ray"):
        placement("local", None, "127.0.0.1:6379")
