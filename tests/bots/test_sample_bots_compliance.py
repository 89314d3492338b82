"""Every sample bot passes the compliance kit over real gRPC on loopback."""

from __future__ import annotations

from pathlib import Path

import pytest
from bots_kit import check_bot

from sample_bots.registry import sample_bots

FAST_SEARCH = ("--think-ms", "50")


@pytest.mark.parametrize("name", sorted(sample_bots()))
def test_sample_bot_passes_the_compliance_kit(name: str, tmp_path: Path):
    argv = sample_bots()[name]
    if name.endswith(("-search", "-ismcts")):
        argv = (*argv, *FAST_SEARCH)
    assert check_bot(argv, tmp_path) == []
