from __future__ import annotations

from pathlib import Path

import pytest
from web_kit import GAUNTLET_TOML, KNOCKOUT_TOML, PlayedRun


@pytest.fixture(scope="module")
def gauntlet(tmp_path_factory: pytest.TempPathFactory) -> PlayedRun:
    """A gauntlet with ``[sprt]``, two of its matches held back to be recorded live."""
    return PlayedRun(tmp_path_factory.mktemp("web") / "gauntlet", GAUNTLET_TOML, hold=2)


@pytest.fixture(scope="module")
def knockout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return PlayedRun(tmp_path_factory.mktemp("web") / "knockout", KNOCKOUT_TOML).root
