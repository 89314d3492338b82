"""Expand seat groups into matches: seat orders, cycle seeds and stable keys."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.schedule.match import Match, group_label
from tournaments.schedule.seeds import derive_seed


def group_matches(
    prefix: str,
    names: Sequence[str],
    group: Sequence[int],
    orders: Sequence[Sequence[int]],
    seed: int,
    rounds: Sequence[int],
) -> list[Match]:
    """Return one match per seat order in ``orders`` for a group of bot indices.

    Game ``g`` seats ``orders[g]`` and plays in ``rounds[g]``. Its key is ``prefix/label/g<g>``
    where the label lists the group in base order. The ``k`` games of each full cycle share the
    seed derived from ``(seed, prefix, label, g // k)``; the games after the last full cycle
    (when the game count is not a multiple of ``k``) each get their own seed, from
    ``(seed, prefix, label, "extra", g)``.
    """
    label = group_label([names[bot] for bot in group])
    full = len(orders) - len(orders) % len(group)
    return [
        Match(
            key=f"{prefix}/{label}/g{game}",
            round=rounds[game],
            seats=tuple(names[bot] for bot in order),
            seed=(
                derive_seed(seed, prefix, label, game // len(group))
                if game < full
                else derive_seed(seed, prefix, label, "extra", game)
            ),
            game=game,
        )
        for game, order in enumerate(orders)
    ]
