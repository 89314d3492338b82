"""The two actions of Liar's Dice, with their labels and JSON forms.

``Bid(quantity, face)`` claims that at least ``quantity`` dice in play show ``face`` (LD5);
``Liar()`` challenges the standing bid (LD8). Labels read ``BID(3x5)`` and ``LIAR``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from referee.games.base import JsonValue


@dataclass(frozen=True, slots=True)
class Bid:
    """Claim that at least ``quantity`` dice among all dice in play show ``face`` (LD5)."""

    kind: ClassVar[str] = "bid"
    quantity: int
    face: int

    def raises(self, standing: Bid | None) -> bool:
        """Return whether this bid may follow ``standing`` (LD6): more dice, or as many dice
        of a higher face; any bid may open a round."""
        if standing is None:
            return True
        return self.quantity > standing.quantity or (
            self.quantity == standing.quantity and self.face > standing.face
        )


@dataclass(frozen=True, slots=True)
class Liar:
    """Call the standing bid a lie: reveal every die and count (LD8)."""

    kind: ClassVar[str] = "liar"


Action = Bid | Liar


def action_label(action: Any) -> str:
    """Return ``BID(QxF)`` or ``LIAR``."""
    if isinstance(action, Bid):
        return f"BID({action.quantity}x{action.face})"
    if isinstance(action, Liar):
        return "LIAR"
    raise TypeError(f"not a Liar's Dice action: {action!r}")


def action_data(action: Any) -> dict[str, JsonValue]:
    """Return ``{"kind": "bid", "quantity": Q, "face": F}`` or ``{"kind": "liar"}``."""
    if isinstance(action, Bid):
        return {"kind": Bid.kind, "quantity": action.quantity, "face": action.face}
    if isinstance(action, Liar):
        return {"kind": Liar.kind}
    raise TypeError(f"not a Liar's Dice action: {action!r}")
