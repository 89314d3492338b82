"""Definitions of king-of-the-hill tournaments for the tests, and results played by hand."""

from __future__ import annotations

from collections.abc import Callable

from tournaments.definition import TournamentDefinition, parse_definition
from tournaments.schedule import Match, next_matches


def hill_text(bots: list[str], games: int = 2, tables: str = "", head: str = "") -> str:
    """Return a definition of random Pilfer bots named ``bots``, short matches and clocks."""
    entries = ", ".join(f'{{ name = "{name}", sample = "pilfer-random" }}' for name in bots)
    return (
        f'name = "hill"\ngame = "pilfer"\nplayers = 2\nformat = "king-of-the-hill"\n'
        f"games_per_pairing = {games}\nseed = 11\n{head}bots = [{entries}]\n"
        "[clocks]\ndecision_ms = 1000\nbank_ms = 20000\n"
        f"[rules]\nmax_rounds = 8\n{tables}"
    )


def hill(bots: list[str], games: int = 2, tables: str = "") -> TournamentDefinition:
    """Return the parsed :func:`hill_text`."""
    return parse_definition(hill_text(bots, games, tables))


def play_out(
    definition: TournamentDefinition, winner: Callable[[Match], str | None]
) -> dict[str, tuple[int, int]]:
    """Play the whole schedule, each game won by ``winner(match)`` (None: a draw)."""
    finished: dict[str, tuple[int, int]] = {}
    while matches := next_matches(definition, finished):
        for match in matches:
            won = winner(match)
            finished[match.key] = (
                (1, 1) if won is None else (1, 2) if won == match.seats[0] else (2, 1)
            )
    return finished
