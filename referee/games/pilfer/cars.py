"""The Cars scenario: after the townsfolk phase, an empty lane is swept by a car (G47)."""

from __future__ import annotations

from referee.games.pilfer.ops import send_home
from referee.games.pilfer.state import State


def handle_cars(state: State) -> None:
    """Sweep every lane with no townsfolk: its free critters drop food and go home."""
    for lane in state.board.lanes:
        cells = frozenset(lane.cells)
        if any((t.x, t.y) in cells for t in state.townsfolk if not t.out):
            continue
        hit = [c for c in state.critters if (c.x, c.y) in cells and not c.trapped]
        state.emit(
            "car_sweep",
            {"lane": lane.lane_id, "heading": lane.heading, "critters": [c.cid for c in hit]},
        )
        for critter in hit:
            send_home(state, critter, "car")
