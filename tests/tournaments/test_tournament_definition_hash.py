"""The definition hash ignores ``concurrency``: a run may resume with a different one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.definition import definition_hash, parse_definition
from tournaments.store import ResultStore, StoreError


def test_hash_ignores_concurrency_only(make_definition_text):
    text = make_definition_text("round-robin", 3)
    faster = text + "concurrency = 8\n"
    assert parse_definition(faster).concurrency == 8
    assert definition_hash(parse_definition(faster)) == definition_hash(parse_definition(text))
    reseeded = text.replace("seed = 1", "seed = 2") + "concurrency = 8\n"
    assert definition_hash(parse_definition(reseeded)) != definition_hash(parse_definition(text))


def test_store_resumes_with_new_concurrency_but_not_new_seed(tmp_path: Path, make_definition_text):
    text = make_definition_text("round-robin", 3) + "concurrency = 1\n"
    ResultStore.create(tmp_path, text).close()
    ResultStore.resume(tmp_path, text.replace("concurrency = 1", "concurrency = 2")).close()
    with pytest.raises(StoreError, match="different definition"):
        ResultStore.resume(tmp_path, text.replace("seed = 1", "seed = 9"))
