"""Match seeds derived from the tournament seed, so a schedule replays exactly."""

from __future__ import annotations

import hashlib

SEED_BITS = 63
"""Derived seeds are non-negative and below ``2**SEED_BITS``."""


def derive_seed(tournament_seed: int, *parts: str | int) -> int:
    """Return a match seed from the tournament seed and the parts that name a seed pair.

    The seed is the first 8 bytes of BLAKE2b over ``"tournament_seed|part|part..."``, masked
    to 63 bits. Callers pass the pairing, group or series key and the cycle number (``game //
    seats``), so the games of one cycle share a seed and only the seat order changes.
    """
    text = "|".join(str(part) for part in (tournament_seed, *parts))
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & ((1 << SEED_BITS) - 1)
