"""Every sample bot passes the compliance kit over real gRPC on loopback."""

from __future__ import annotations

from pathlib import Path

import pytest
from bots_kit import check_bot

from sample_bots.registry import SAMPLE_BOTS

FAST_SEARCH = ("--think-ms", "50")


@pytest.mark.parametrize("name", sorted(SAMPLE_BOTS))
def test_sample_bot_passes_the_compliance_kit(name: str, tmp_path: Path):
    argv = SAMPLE_BOTS[name]
    if name.endswith("-search"):
        argv = (*argv, *FAST_SEARCH)
    assert check_bot(argv, tmp_path) == []
