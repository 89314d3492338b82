"""One Pilfer observation indexed for planning: who stands where, and what things are worth.

Values are in points. A token is worth what it is expected to bring (food and sparkly
tokens their points, a cat or dog the point for beating it minus the cost of losing,
traps and alarms a penalty); an unseen token is worth the average over what it may be.
A goal is worth its value discounted by the path cost to reach it.
"""

from __future__ import annotations

from collections import defaultdict
from math import comb
from typing import Any

from sample_bots.pilfer.board import DICE, Board, Cell, Edge, chebyshev, openings_of, scuffle_dice
from sample_bots.pilfer.odds import BAD_KINDS, food_value, scuffle_odds, unseen_pool

STEP_DISCOUNT = 0.85
"""How much a goal loses per action needed to reach it."""
LOSS_COST = 1.2
"""What being sent home costs, in points (lost tempo), before any dropped food."""
TRAP_COST = 1.5
ALARM_COST = 1.0


class View:
    """An observation (dict keyed like ``PilferObservation``) seen from ``seat``."""

    def __init__(self, observation: dict[str, Any], board: Board, seat: int) -> None:
        self.obs = observation
        self.board = board
        self.seat = seat
        self.openings: frozenset[Edge] = openings_of(observation)
        self.pool = unseen_pool(observation)
        self.critters: list[dict[str, Any]] = observation.get("critters", [])
        seats = _seats(observation)
        self.points = {int(s.get("seat", 0)): int(s.get("points", 0)) for s in seats}
        self.spent = {int(s.get("seat", 0)): int(s.get("spent", 0)) for s in seats}
        self.townsfolk: dict[Cell, int] = defaultdict(int)
        for person in observation.get("townsfolk", []):
            if not person.get("driven_out"):
                self.townsfolk[at(person)] += 1
        self.tokens: dict[Cell, list[dict[str, Any]]] = defaultdict(list)
        for token in observation.get("tokens", []):
            self.tokens[at(token)].append(token)
        self.driven_out = observation.get("scenario") == "driven_out"
        self.townsfolk_dice = 2
        self._unseen: dict[int, float] = {}

    def critter(self, cid: int) -> dict[str, Any] | None:
        """Return the critter with id ``cid``."""
        return next((c for c in self.critters if int(c.get("id", 0)) == cid), None)

    def mine(self) -> list[dict[str, Any]]:
        """Return the viewer's critters."""
        return [c for c in self.critters if int(c.get("owner", 0)) == self.seat]

    def home(self, seat: int | None = None) -> Cell:
        """Return a seat's start space (the viewer's by default)."""
        return self.board.starts.get(self.seat if seat is None else seat, (0, 0))

    def side_dice(self, critter: dict[str, Any], cell: Cell) -> int:
        """Return the scuffle dice of ``critter`` plus its free teammates already in ``cell``."""
        dice = scuffle_dice(critter["type"])
        for other in self.critters:
            if (
                other is not critter
                and other.get("owner", 0) == critter.get("owner", 0)
                and at(other) == cell
                and not other.get("trapped")
            ):
                dice += scuffle_dice(other["type"])
        return dice

    def loss_cost(self, critter: dict[str, Any]) -> float:
        """Return what losing a scuffle costs ``critter``: tempo plus any carried food."""
        carried = sum(food_value(c.get("kind")) for c in critter.get("carrying", []))
        return LOSS_COST + carried

    def fight_value(
        self, critter: dict[str, Any], cell: Cell, enemy_dice: int, prize: float
    ) -> float:
        """Return the expected value of ``critter`` attacking ``enemy_dice`` in ``cell``."""
        win, _, lose = scuffle_odds(self.side_dice(critter, cell), enemy_dice)
        return win * prize - lose * self.loss_cost(critter)

    def kind_value(self, kind: str, critter: dict[str, Any], cell: Cell) -> float:
        """Return what revealing (or finding face up) a token of ``kind`` is worth."""
        value = food_value(kind)
        if value:
            fits = value <= _dice(critter) and not critter.get("carrying")
            return float(value) if fits else 0.0
        if kind == "sparkly":
            return 1.0
        if kind in ("cat", "dog"):
            return self.fight_value(critter, cell, 1 if kind == "cat" else 2, 1.0)
        if kind == "trap":
            return -TRAP_COST
        if kind == "alarm":
            return -ALARM_COST - 0.3 * sum(self.townsfolk.values())
        return 0.2 if kind == "dumpster" else 0.0

    def token_value(self, token: dict[str, Any], critter: dict[str, Any]) -> float:
        """Return the expected value of going to ``token`` with ``critter``."""
        kind = token.get("kind")
        if kind:
            if token.get("face_up") and kind == "dumpster":
                return 0.0
            return self.kind_value(kind, critter, at(token))
        return self.unseen_value(critter)

    def unseen_value(self, critter: dict[str, Any]) -> float:
        """Return the average value of revealing an unseen token with ``critter`` alone."""
        key = int(critter.get("id", 0))
        cached = self._unseen.get(key)
        if cached is None:
            nowhere = (-1, -1)
            cached = sum(p * self.kind_value(k, critter, nowhere) for k, p in self.pool.items())
            self._unseen[key] = cached
        return cached

    def bad_chance(self, token: dict[str, Any]) -> float:
        """Return the chance that a face-down token is a cat, dog, trap or alarm."""
        kind = token.get("kind")
        if kind:
            return 1.0 if kind in BAD_KINDS else 0.0
        return sum(p for k, p in self.pool.items() if k in BAD_KINDS)

    def entry_risk(self, critter: dict[str, Any], cell: Cell) -> float:
        """Return the expected loss of stepping into ``cell`` (forced scuffles), >= 0 mostly."""
        risk = 0.0
        crowd = self.townsfolk.get(cell, 0)
        if crowd:
            risk -= self.fight_value(critter, cell, crowd * self.townsfolk_dice, 0.2)
        for token in self.tokens.get(cell, []):
            if token.get("face_up") and token.get("kind") in ("cat", "dog"):
                risk -= self.kind_value(token["kind"], critter, cell)
        return risk

    def push_off_value(self, critter: dict[str, Any], cell: Cell) -> float:
        """Return the value of attacking a townsfolk in ``cell`` to drive it out (Driven Out)."""
        crowd = self.townsfolk.get(cell, 0)
        if not crowd:
            return 0.0
        need = 1 + min(
            cell[0], cell[1], self.board.width - 1 - cell[0], self.board.height - 1 - cell[1]
        )
        chance = margin_chance(self.side_dice(critter, cell), crowd * self.townsfolk_dice, need)
        _, _, lose = scuffle_odds(self.side_dice(critter, cell), crowd * self.townsfolk_dice)
        return 2.0 * chance - lose * self.loss_cost(critter)

    def goals(self, critter: dict[str, Any]) -> list[tuple[float, Cell]]:
        """Return (value, cell) of every place worth going to with a free, empty-handed critter."""
        here = at(critter)
        home_costs = self.path_costs(self.home(), critter)
        result: list[tuple[float, Cell]] = []
        for cell, tokens in self.tokens.items():
            value = 0.0
            for token in tokens:
                if cell == here and not token.get("face_up"):
                    continue
                value += self.token_value(token, critter)
            if value > 0:
                value *= 0.97 ** home_costs.get(cell, 20.0)
                result.append((value - self.entry_risk(critter, cell), cell))
        if self.driven_out:
            for cell in self.townsfolk:
                result.append((self.push_off_value(critter, cell), cell))
        return result

    def path_costs(self, goal: Cell, critter: dict[str, Any]) -> dict[Cell, float]:
        """Return path costs to ``goal`` (or from it: moves are symmetric) for this critter."""
        return self.board.costs_from(
            goal, critter["type"], int(critter.get("owner", 0)), self.openings
        )

    def best_goal(self, critter: dict[str, Any]) -> tuple[float, Cell | None]:
        """Return the (discounted score, cell) of the critter's most attractive goal."""
        costs = self.path_costs(at(critter), critter)
        best: tuple[float, Cell | None] = (0.0, None)
        for value, cell in self.goals(critter):
            cost = costs.get(cell)
            if cost is None:
                continue
            score = value * STEP_DISCOUNT**cost
            if score > best[0]:
                best = (score, cell)
        return best

    def nearest(self, cell: Cell, mine: bool) -> int:
        """Return the king-move distance from ``cell`` to the nearest own (or enemy) critter."""
        distances = [
            chebyshev(cell, at(c))
            for c in self.critters
            if (int(c.get("owner", 0)) == self.seat) == mine and not c.get("trapped")
        ]
        return min(distances, default=12)


def margin_chance(attacker: int, defender: int, need: int) -> float:
    """Return the chance that the attacker's successes beat the defender's by ``need`` or more."""
    total = 0.0
    for a in range(need, attacker + 1):
        for d in range(0, min(defender, a - need) + 1):
            total += comb(attacker, a) * comb(defender, d) / 2 ** (attacker + defender)
    return total


def _dice(critter: dict[str, Any]) -> int:
    """Return a critter's base dice."""
    return DICE[critter["type"]]


def _seats(observation: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the seat records of an observation."""
    seats: list[dict[str, Any]] = observation.get("seats", [])
    return seats


def at(item: dict[str, Any]) -> Cell:
    """Return the cell of anything with ``x`` and ``y`` keys."""
    return (int(item.get("x", 0)), int(item.get("y", 0)))
