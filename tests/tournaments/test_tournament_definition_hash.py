"""The definition hash ignores ``concurrency`` (a run may resume with a different one) and keeps,
for every format, the value it had before formats were plugins (stored runs resume, verify)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tournaments.definition import (
    TournamentDefinition,
    as_stored,
    definition_hash,
    parse_definition,
)
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


DEFS = Path(__file__).resolve().parents[2] / "tournaments" / "defs"
CASES = {
    "round-robin": ("round-robin", 3, 2, 1, ""),
    "double-round-robin-4p": ("double-round-robin", 5, 4, 2, ""),
    "gauntlet": ("gauntlet", 3, 2, 1, '[gauntlet]\nchampion = "b1"\n'),
    "knockout": ("knockout", 5, 2, 3, ""),
    "swiss": ("swiss", 7, 2, 2, ""),
    "swiss-2-rounds": ("swiss", 6, 2, 1, "[swiss]\nrounds = 2\n"),
}
"""Definitions of every built-in format: (format, bots, players, games per pairing, tables)."""
PINNED = {
    "round-robin": "8b10ba6c826f07a4899ca7ec14c7c5013499e81750bcc8e107f6e32fa9327844",
    "double-round-robin-4p": "e81b9508e37e02bbd7c20a7bd2f3195115df2f5c057d25237bbbff9d5783930b",
    "gauntlet": "cfa5a9dbdf0a28b5805e457e89b2805151fb1dccb84de2813abf25f5696c6bf5",
    "knockout": "1c85b4bb9b3af148b5643a1e59b4439844ac29cf11946b8c326b0ddd9ca61dd8",
    "swiss": "58af5e70093e49bd2e772f978536f4ad657a21e5a5fd783be40f8130b46bb4c3",
    "swiss-2-rounds": "24eb9b182918ec8c82881f4b60becf2783bbf59096a403b2d5760f7b9ea455b1",
    "demo-pilfer.toml": "39063611630e82ca87f58167ec0ef4b5960e4179043e3e59ca828499f295c2b5",
    "demo-wabbit.toml": "bc521cd046339975ede79f87a71eae8e9ae4189441871fa860d791360b3d69da",
    "pilfer-4p-roundrobin.toml": "20da1cf4e644759b5f411ebcbe1728d903e2a72c483ab7d4c328831d6ec6e0dd",
    "swiss.toml": "f365c176937904978232392550bcc6ad3035b168aad1ab50a38e9955f1d4d091",
    "wabbit-knockout.toml": "2323e25a1a070755343c199105cf73468dc659398a6f5d5854a418e1a710b9c8",
}
"""The hashes Ruckus gave these definitions (and the example ones, a knockout seeded by rating
among them) before formats were plugins: their runs still resume and verify."""


def check_pinned(definition: TournamentDefinition, pinned: str) -> None:
    """A 2-player definition hashes as it always did; a 3- or 4-player one hashes anew (its
    cycles alternate), and the pinned hash of a stored run still finds it, with the rotation
    that run was scheduled with."""
    stored = as_stored(definition, pinned)
    assert stored is not None
    if definition.players == 2:
        assert definition_hash(definition) == pinned and stored == definition
    else:
        assert definition_hash(definition) != pinned
        assert stored == replace(definition, seat_rotation="cyclic")


@pytest.mark.parametrize("case", CASES)
def test_every_format_keeps_the_hash_it_always_had(make_definition_text, case):
    fmt, bots, players, games, tables = CASES[case]
    text = make_definition_text(fmt, bots, players=players, games=games, options=tables)
    check_pinned(parse_definition(text), PINNED[case])


@pytest.mark.parametrize("name", [name for name in PINNED if name.endswith(".toml")])
def test_the_example_definitions_keep_their_hash(name):
    check_pinned(parse_definition((DEFS / name).read_text()), PINNED[name])


def test_a_knockout_seeded_by_rating_keeps_its_hash(make_definition_text):
    tables = '[knockout]\nseeding = "rating"\ntiebreak_games = 2\n'
    text = make_definition_text("knockout", 4, games=2, options=tables, ratings=[1, 3, 2, 4])
    assert definition_hash(parse_definition(text)) == (
        "05ab847b6cc096cf84a7daa959d6fac1b2dd61e488f03308cc2931eb5c44c974"
    )
