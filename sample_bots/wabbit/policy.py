"""The greedy Wabbit policy: score every legal action in victory points, play the best.

It works on plain dicts (an observation keyed like ``WabbitObservation`` and actions keyed
like ``WabbitAction``). Scores are expected VP, with small amounts for progress:

- Attacks and attack cards: the chance to whomp (2d6 + bonus + modifier, +1 when the
  character did not move, against the target's Defense) times the whomp's VP (2 in
  autumn); buildings in winter likewise, with the destruction bonus.
- Seasonal tasks: plant in spring, harvest in summer, carry carrots home, repair in winter;
  Green Thumb, Termites and Quick Fix when they score.
- Items: a better weapon or a vehicle is picked up; loot is always taken.
- Movement: each character walks toward its goal (home with carrots, the season's task,
  a better weapon nearby, else the nearest enemy), and stays put to keep the +1 when an
  enemy is already within reach.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sample_bots.wabbit.board import STEPS, Cell, Farm, cell_of

Action = dict[str, Any]
ATTACK_BONUS = {"farmer": 1, "hand": 2, "wabbit": 2, "bunny": 1}
WEAPON_MODIFIER = {
    "shotgun": 2,
    "pitchfork": 1,
    "blowtorch": 2,
    "chainsaw": 3,
    "croquet_mallet": 1,
    "garden_hoe": 1,
    "bazooka": 4,
    "dynamite": 5,
}
RAM = {"tractor": 2, "riding_mower": 1, "pickup_truck": 3, "rocket_skates": 1, "jet_pack": 0}
CARD_ATTACK = {
    "falling_anvil": 3,
    "angry_ducks": 4,
    "semi_truck": 5,
    "sic_em_rover": 4,
    "kissin_cousins": 3,
}
SCORING_CARDS = {"green_thumb": 0.9, "termites": 0.9, "quick_fix": 0.4}
MAIL_ORDERS = frozenset(
    {"bazooka", "dynamite", "atomic_bomb", "rocket_skates", "jet_pack", "portable_hole"}
)
FLAT = {
    "draw": 0.0,
    "discard": -0.5,
    "drop": -0.5,
    "claim": 0.3,
    "take_carrots": 0.6,
    "tunnel": -0.1,
    "plant": 1.0,
    "harvest": 0.7,
    "detonate": 0.8,
    "loot_item": 0.3,
    "loot_carrot": 0.5,
}


def hit_chance(needed: int) -> float:
    """Return the chance that 2d6 reaches ``needed``."""
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= needed)
    return ways / 36


class WabbitView:
    """An observation seen from ``seat``, with the questions the policy asks of it."""

    def __init__(self, observation: dict[str, Any], farm: Farm, seat: int) -> None:
        self.obs = observation
        self.farm = farm
        self.seat = seat
        self.chars: dict[int, dict[str, Any]] = {
            int(c.get("id", 0)): c for c in observation.get("characters", [])
        }
        self.standing = frozenset(
            b.get("id", "") for b in observation.get("buildings", []) if b.get("standing")
        )
        self.season = str(observation.get("season", "spring"))
        self.whomp_vp = 2.0 if self.season == "autumn" else 1.0
        sides = {int(s.get("seat", 0)): s.get("side", "") for s in observation.get("seats", [])}
        self.farmer_side = sides.get(seat) == "farmer"
        self.goals: dict[int, Cell | None] = {}
        """Each character's goal once asked for (the view does not change)."""
        self.out: list[dict[str, Any]] | None = None
        """The enemies out and about once asked for."""

    def active(self) -> dict[str, Any] | None:
        """Return the active character."""
        active = self.obs.get("active_character")
        return self.chars.get(int(active)) if active is not None else None

    def enemies(self) -> list[dict[str, Any]]:
        """Return the characters of other seats that are out and about."""
        if self.out is None:
            self.out = [
                c
                for c in self.chars.values()
                if int(c.get("owner", 0)) != self.seat and not c.get("at_home")
            ]
        return self.out

    def distance(self, start: Cell, goal: Cell) -> int:
        """Return the walking distance between two cells (99 when unreachable)."""
        return self.farm.distances(goal, self.standing).get(start, 99)

    def attack_value(self, attacker: dict[str, Any], target_id: int, modifier: int) -> float:
        """Return the expected VP of attacking ``target_id`` with ``modifier``."""
        target = self.chars.get(target_id)
        if target is None:
            return 0.0
        bonus = ATTACK_BONUS.get(str(attacker.get("kind")), 0) + modifier
        bonus += 0 if self.obs.get("moved") else 1
        return hit_chance(int(target.get("defense", 12)) - bonus) * self.whomp_vp + 0.1

    def goal(self, char: dict[str, Any]) -> Cell | None:
        """Return where ``char`` should walk to now."""
        key = int(char.get("id", 0))
        if key not in self.goals:
            self.goals[key] = self._goal(char)
        return self.goals[key]

    def _goal(self, char: dict[str, Any]) -> Cell | None:
        """Return where ``char`` should walk to now, worked out afresh."""
        here = cell_of(char)
        if int(char.get("carrots", 0)) > 0:
            return (int(char.get("home_x", 0)), int(char.get("home_y", 0)))
        targets = self._task_cells()
        if not char.get("weapon"):
            targets += [
                cell_of(i) for i in self.obs.get("items", []) if i.get("kind") in WEAPON_MODIFIER
            ]
        if not targets:
            targets = [cell_of(c) for c in self.enemies() if not c.get("in_hole")]
        return min(targets, key=lambda cell: self.distance(here, cell), default=None)

    def _task_cells(self) -> list[Cell]:
        """Return the cells where this side's seasonal task can be done."""
        fields = self.obs.get("fields", [])
        if self.farmer_side and self.season == "spring":
            return [cell_of(f) for f in fields if f.get("ploughed") and not f.get("planted")]
        if not self.farmer_side:
            loose = [cell_of(c) for c in self.obs.get("loose_carrots", [])]
            if self.season in ("spring", "summer"):
                loose += [cell_of(f) for f in fields if f.get("planted")]
            if self.season == "winter" or int(self.obs.get("round", 0)) >= 9:
                loose += self._building_sides()
            return loose
        return []

    def _building_sides(self) -> list[Cell]:
        """Return the outside cells next to the weakest standing building (wabbits hit it)."""
        left = {
            b.get("id", ""): int(b.get("structure", 4)) - int(b.get("damage", 0))
            for b in self.obs.get("buildings", [])
            if b.get("standing")
        }
        if not left:
            return []
        weakest = min(left.values())
        sides = []
        for cell, building in self.farm.building_of.items():
            if left.get(building) != weakest:
                continue
            for dx, dy in STEPS.values():
                other = (cell[0] + dx, cell[1] + dy)
                if self.farm.building_of.get(other) != building:
                    sides.append(other)
        return sides


def choose(observation: dict[str, Any], actions: Sequence[Action], farm: Farm, seat: int) -> int:
    """Return the index of the highest-scoring action (the first one on ties)."""
    if len(actions) == 1:
        return 0
    view = WabbitView(observation, farm, seat)
    scores = [score(view, action) for action in actions]
    return max(range(len(actions)), key=lambda i: (scores[i], -i))


def score(view: WabbitView, action: Action) -> float:
    """Return the expected VP (plus small progress terms) of one action."""
    kind = str(action.get("kind", ""))
    if kind in FLAT:
        return FLAT[kind]
    active = view.active()
    if kind == "play":
        return _card_value(view, action, active)
    if active is None:
        return _choose_value(view, action) if kind == "choose" else 0.0
    if kind == "attack":
        mode = action.get("mode")
        modifier = 0
        if mode == "weapon":
            modifier = WEAPON_MODIFIER.get(str(active.get("weapon", "")).split("#")[0], 0)
        elif mode == "ram":
            modifier = RAM.get(str(active.get("vehicle", "")).split("#")[0], 0)
        return view.attack_value(active, int(action.get("target", -1)), modifier)
    if kind == "attack_building":
        return _building_value(view, active, action)
    if kind == "repair":
        return 0.3
    if kind == "pick_up":
        return _pick_up_value(active, str(action.get("item", "")))
    if kind == "move":
        return _move_value(view, active, str(action.get("direction", "")))
    if kind == "end_move":
        return 0.2 if _enemy_near(view, active) else 0.0
    return 0.0


def _building_value(view: WabbitView, active: dict[str, Any], action: Action) -> float:
    """Return the expected VP swing of hitting a building (hit, destruction, lost bonus)."""
    building = next(
        (b for b in view.obs.get("buildings", []) if b.get("id") == action.get("building")), None
    )
    if building is None:
        return 0.0
    modifier = 0
    if action.get("mode") == "weapon":
        modifier = WEAPON_MODIFIER.get(str(active.get("weapon") or "").split("#")[0], 0)
    bonus = ATTACK_BONUS.get(str(active.get("kind")), 0) + modifier
    bonus += 0 if view.obs.get("moved") else 1
    chance = hit_chance(int(building.get("defense", 12)) - bonus)
    destroys = int(building.get("damage", 0)) + 1 >= int(building.get("structure", 4))
    return chance * (1.0 + (4.0 if destroys else 0.0))


def _card_value(view: WabbitView, action: Action, active: dict[str, Any] | None) -> float:
    """Return the value of playing a card now."""
    card = str(action.get("card_kind", ""))
    if card in CARD_ATTACK:
        target = view.chars.get(int(action.get("char", -1)))
        if target is None:
            return -1.0
        chance = hit_chance(int(target.get("defense", 12)) - CARD_ATTACK[card])
        return chance * view.whomp_vp - 0.45
    if card in SCORING_CARDS:
        return SCORING_CARDS[card]
    if card == "careful_aim":
        return 0.2 if view.obs.get("phase") == "pre_roll" else -1.0
    if card == "second_chance":
        return 0.3 if _attack_missed(view) else -1.0
    if card in MAIL_ORDERS:
        return 0.25
    return -1.0


def _attack_missed(view: WabbitView) -> bool:
    """Return whether the rolled attack missed its first target."""
    attack = view.obs.get("attack") or {}
    rolls = attack.get("rolls") or []
    needed = attack.get("target_numbers") or []
    bonus = attack.get("bonus") or [0]
    if not rolls or not needed:
        return False
    first = rolls[0].get("dice", []) if isinstance(rolls[0], dict) else rolls[0]
    total = sum(first) + int(bonus[0]) + int(attack.get("aim", 0))
    return total < int(needed[0])


def _choose_value(view: WabbitView, action: Action) -> float:
    """Prefer the character carrying carrots, then the one closest to its goal."""
    char = view.chars.get(int(action.get("char", -1)))
    if char is None:
        return 0.0
    if int(char.get("carrots", 0)) > 0:
        return 1.0
    goal = view.goal(char)
    return 0.0 if goal is None else 1.0 / (1 + view.distance(cell_of(char), goal))


def _pick_up_value(active: dict[str, Any], item: str) -> float:
    """Take a weapon better than the one held, or a vehicle when on foot."""
    kind = item.split("#")[0]
    if kind in WEAPON_MODIFIER:
        held = WEAPON_MODIFIER.get(str(active.get("weapon") or "").split("#")[0], 0)
        return 0.3 if WEAPON_MODIFIER[kind] > held else -0.1
    return 0.15 if kind in RAM and not active.get("vehicle") else -0.1


def _enemy_near(view: WabbitView, active: dict[str, Any]) -> bool:
    """Return whether an enemy stands on or next to the active character."""
    here = cell_of(active)
    return any(view.distance(here, cell_of(c)) <= 1 for c in view.enemies())


def _move_value(view: WabbitView, active: dict[str, Any], direction: str) -> float:
    """Return the progress a step makes toward the active character's goal."""
    if direction not in STEPS:
        return -0.1
    goal = view.goal(active)
    hunting = goal is not None and any(cell_of(c) == goal for c in view.enemies())
    if hunting and _enemy_near(view, active) and not view.obs.get("moved"):
        return -0.1
    if goal is None:
        return -0.05
    here = cell_of(active)
    step = STEPS[direction]
    there = (here[0] + step[0], here[1] + step[1])
    return 0.1 * (view.distance(here, goal) - view.distance(there, goal)) - 0.02
