"""Small records inside a state: a character, a declared attack, a pending loot.

They are never changed after creation; ``evolve`` returns a changed copy.
"""

from __future__ import annotations

from typing import Any


class Char:
    """One character: owner, kind, position, home, held items and carried carrots."""

    __slots__ = ("cid", "seat", "kind", "cell", "home", "weapon", "vehicle", "carrots")

    def __init__(
        self,
        cid: int,
        seat: int,
        kind: str,
        cell: int,
        home: int,
        weapon: str | None = None,
        vehicle: str | None = None,
        carrots: int = 0,
    ) -> None:
        self.cid = cid
        self.seat = seat
        self.kind = kind
        self.cell = cell
        self.home = home
        self.weapon = weapon
        self.vehicle = vehicle
        self.carrots = carrots

    def at(self, cell: int) -> Char:
        """Return a copy standing on ``cell`` (made at every step: quicker than ``evolve``)."""
        c = self
        return Char(c.cid, c.seat, c.kind, cell, c.home, c.weapon, c.vehicle, c.carrots)

    def evolve(self, **changes: Any) -> Char:
        """Return a copy with some fields changed."""
        new = Char(
            self.cid,
            self.seat,
            self.kind,
            self.cell,
            self.home,
            self.weapon,
            self.vehicle,
            self.carrots,
        )
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    def key(self) -> tuple[Any, ...]:
        """Return the canonical tuple of this character."""
        return (
            self.cid,
            self.seat,
            self.kind,
            self.cell,
            self.home,
            self.weapon,
            self.vehicle,
            self.carrots,
        )


class Attack:
    """A declared attack waiting in its windows: who, against what, bonuses and dice."""

    __slots__ = (
        "source",
        "seat",
        "attacker",
        "targets",
        "building",
        "mode",
        "card",
        "bonus",
        "aim",
        "rolls",
        "resume",
    )

    def __init__(
        self,
        source: str,
        seat: int,
        attacker: int,
        targets: tuple[int, ...],
        building: int,
        mode: str,
        card: int,
        bonus: tuple[int, ...],
        resume: str,
    ) -> None:
        self.source = source
        self.seat = seat
        self.attacker = attacker
        self.targets = targets
        self.building = building
        self.mode = mode
        self.card = card
        self.bonus = bonus
        self.aim = 0
        self.rolls: tuple[tuple[int, ...], ...] = ()
        self.resume = resume

    def evolve(self, **changes: Any) -> Attack:
        """Return a copy with some fields changed."""
        new = Attack(
            self.source,
            self.seat,
            self.attacker,
            self.targets,
            self.building,
            self.mode,
            self.card,
            self.bonus,
            self.resume,
        )
        new.aim = self.aim
        new.rolls = self.rolls
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    def key(self) -> tuple[Any, ...]:
        """Return the canonical tuple of this attack."""
        return (
            self.source,
            self.seat,
            self.attacker,
            self.targets,
            self.building,
            self.mode,
            self.card,
            self.bonus,
            self.aim,
            self.rolls,
            self.resume,
        )


class Loot:
    """What a whomp dropped that the attacking character may still take (S4 step 1)."""

    __slots__ = ("target", "cell", "items", "carrots")

    def __init__(self, target: int, cell: int, items: tuple[str, ...], carrots: int) -> None:
        self.target = target
        self.cell = cell
        self.items = items
        self.carrots = carrots

    def key(self) -> tuple[Any, ...]:
        """Return the canonical tuple of this loot."""
        return (self.target, self.cell, self.items, self.carrots)
