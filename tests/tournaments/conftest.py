"""Fixtures for the tournament tests: definitions built from TOML text, results from a seed."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest

from tournaments.definition import TournamentDefinition, parse_definition

MakeDefinition = Callable[..., TournamentDefinition]


def definition_text(
    fmt: str,
    bots: int,
    players: int = 2,
    games: int = 1,
    seed: int = 1,
    options: str = "",
    ratings: list[float] | None = None,
) -> str:
    entries = []
    for index in range(bots):
        rating = f", rating = {ratings[index]}" if ratings else ""
        entries.append(f'{{ name = "b{index}", sample = "pilfer-random"{rating} }}')
    return (
        f'name = "t"\ngame = "pilfer"\nplayers = {players}\nformat = "{fmt}"\n'
        f"games_per_pairing = {games}\nseed = {seed}\nbots = [{', '.join(entries)}]\n{options}"
    )


@pytest.fixture(scope="session")
def make_definition() -> MakeDefinition:
    def make(*args: object, **kwargs: object) -> TournamentDefinition:
        return parse_definition(definition_text(*args, **kwargs))

    return make


def ranks_from_hash(key: str, salt: int, seats: int = 2) -> tuple[int, ...]:
    """A fake but repeatable result: a win for one seat, or a draw, chosen by hashing the key."""
    value = hashlib.blake2b(f"{salt}|{key}".encode(), digest_size=4).digest()[0] % (seats + 1)
    if value == seats:
        return (1,) * seats
    return tuple(1 if seat == value else 2 for seat in range(seats))


@pytest.fixture(scope="session")
def fake_ranks() -> Callable[..., tuple[int, ...]]:
    return ranks_from_hash


@pytest.fixture(scope="session")
def make_definition_text() -> Callable[..., str]:
    return definition_text
