"""Characters and seating: who plays which side, and each character's stats and home."""

from __future__ import annotations

from referee.games.wabbit.board import FARMER_HOME, HAND_HOME, WARRENS
from referee.games.wabbit.config import Config

FARMER = "farmer"
HAND = "hand"
WABBIT = "wabbit"
BUNNY = "bunny"

KIND_NAMES = {FARMER: "Farmer Brown", HAND: "Hired Hand", WABBIT: "Wabbit", BUNNY: "Bunny"}

WARRENS_BY_PLAYERS: dict[int, tuple[str, ...]] = {2: ("c",), 3: ("a", "b"), 4: ("a", "b", "c")}


def seat_warrens(players: int) -> tuple[str, ...]:
    """Return, per seat, the warren letter ('' for the Farmer at seat 0) (H29)."""
    return ("",) + WARRENS_BY_PLAYERS[players]


def roster(players: int) -> tuple[tuple[int, str, int], ...]:
    """Return ``(seat, kind, home cell)`` per character, in character id order.

    Seat 0 is the Farmer player (characters 0 Farmer Brown and 1 Hired Hand); seat
    ``s >= 1`` is a Wabbit player with characters ``2s`` (Wabbit) and ``2s + 1`` (Bunny).
    """
    rows: list[tuple[int, str, int]] = [(0, FARMER, FARMER_HOME), (0, HAND, HAND_HOME)]
    for seat, warren in enumerate(seat_warrens(players)[1:], start=1):
        rows.append((seat, WABBIT, WARRENS[warren]))
        rows.append((seat, BUNNY, WARRENS[warren]))
    return tuple(rows)


def stats(config: Config, kind: str) -> tuple[int, int, int]:
    """Return ``(attack bonus, printed defense, speed)`` of a kind (V4 lowers the defense)."""
    return config.character_stats[kind]


def is_wabbit_side(kind: str) -> bool:
    """Return whether a kind counts as a Wabbit for S6 (H3a)."""
    return kind in (WABBIT, BUNNY)
