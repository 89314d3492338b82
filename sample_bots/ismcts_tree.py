"""Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012).

One tree is grown over the searching seat's information set. Every iteration draws a
determinisation (``resample`` of the root state: everything hidden from the seat drawn
afresh, dice included), then walks down the tree in that world: at each node only the
children whose actions are legal in the world compete, by UCB1 over their *availability*
(how often a child could have been chosen, not how often its parent was visited), each from
the point of view of the seat that chooses there. A node adds children one at a time, the
playout policy's choice first, then in a random order; progressive widening lets a node
have ``1 + WIDENING * sqrt(visits)`` children, so the few visits go deep along the likely
line before they spread. Below the tree the ``Playout`` plays on to its horizon and scores
the end for every seat, in [0, 1]; the scores go back up the path, each node keeping the
one of the seat that chose it. The policy's choice also gets a progressive bias,
``POLICY_BIAS / (1 + visits)`` on its UCB score, so the tree leaves it only on evidence. A
search may be given the root actions to consider (``candidates``), as the search bots pick
theirs, and plays the root child visited most.

A ``paired`` search compares the root actions on common random numbers instead, as the
search bots' rollout improvement does (``sample_bots.montecarlo.improve``): each round draws
one determinisation and walks every live root action down the tree in that same world (the
engine's states are values, so each walk starts from the same one), keeping each action's
reward per round. After rounds 16 and 32 the worse half is dropped (never the policy's
choice), and the search plays another action than the policy's only if it beats it by more
than one standard error of the paired differences (``PAIRED_PRUNE_ROUNDS``,
``PAIRED_CONFIDENCE``, the defaults of ``prune_rounds`` and ``confidence``; the search bots,
and the Pilfer ISMCTS bot, halve from round 2 on and want two standard errors: on recorded
Wabbit positions, ``benchmarks/root_rules.py``, that gets 62–67% of what a perfect pick of
eight candidates would gain over the policy's choice, the default 83–91%). Below
the root the tree holds the seat's own decisions only (a walk hands over to the playout at
another seat's decision: the other seats are modelled by the policy, as the search bots'
rollouts model them), with the policy's choice in the world at hand always among a node's
children, and a gentler exploration (``PAIRED_EXPLORATION``) and widening
(``PAIRED_WIDENING``), so the seat's later decisions in the walk leave the policy only where
the tree keeps finding better and the paired differences stay close to those of the policy's
own rollouts.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from referee.games.base import Game
from sample_bots.montecarlo import improve
from sample_bots.support import Deadline

EXPLORATION = 0.7
"""The UCB1 exploration constant (rewards are in [0, 1])."""
POLICY_BIAS = 0.3
"""The bonus of the playout policy's own choice at a node, shrinking as 1 / (1 + visits)."""
WIDENING = 1.0
"""Progressive widening: a node may have 1 + WIDENING * sqrt(visits) children."""
PAIRED_EXPLORATION = 0.1
"""The exploration constant below the root of a paired search (its rewards differ little)."""
PAIRED_WIDENING = 0.25
"""The widening below the root of a paired search: a second child after 16 visits."""
PAIRED_PRUNE_ROUNDS = frozenset({16, 32})
"""A paired search drops the worse half of the root candidates after these rounds: later than
the search bots (after 2, 4, 8, ...), whose first halving, on two rounds, often drops the best."""
PAIRED_CONFIDENCE = 1.0
"""A paired search plays another candidate than the policy's if it beats it by more than this
many standard errors of the paired differences."""
CHECK_EVERY = 8
"""Look at whether the choice is settled every this many iterations."""
DEPTH_LIMIT = 200
"""No walk goes further down the tree than this many decisions."""

Rewards = Sequence[float]
"""A score in [0, 1] per seat."""


@dataclasses.dataclass
class Node:
    """One decision in the tree: its children by action, and the statistics of the move into
    it, from the point of view of ``mover``, the seat that chose that move."""

    mover: int = -1
    favoured: bool = False
    """Whether the move into this node is the playout policy's choice there."""
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[Hashable, Node] = dataclasses.field(default_factory=dict)

    def mean(self) -> float:
        """Return the average reward of the move into this node for its mover."""
        return self.total / self.visits if self.visits else 0.0

    def ucb(self, exploration: float) -> float:
        """Return the UCB1 score of choosing this node, over the times it was available."""
        if self.visits == 0:
            return math.inf
        bias = POLICY_BIAS / (1 + self.visits) if self.favoured else 0.0
        explore = exploration * math.sqrt(math.log(self.available) / self.visits)
        return self.mean() + explore + bias

    def update(self, rewards: Rewards) -> None:
        """Count one more visit with ``rewards`` (the mover's share is kept)."""
        reward = rewards[self.mover]
        self.visits += 1
        self.total += reward


@dataclasses.dataclass(frozen=True)
class Playout:
    """How a game plays below the tree.

    ``policy`` picks the index of one of a state's legal actions (the rollout policy, and the
    first child a node adds); ``rewards`` scores a state for every seat in [0, 1]; a playout
    stops at the end of the game, after ``limit`` decisions, or when the searching seat's turn
    (``turn_seat``) has begun ``turns`` more times (``None``: never).
    """

    policy: Callable[[Any, Sequence[Any]], int]
    rewards: Callable[[Any], Rewards]
    turn_seat: Callable[[Any], int | None]
    turns: int | None = None
    limit: int = 1000

    def run(self, engine: Game[Any, Any], state: Any, seat: int) -> Rewards:
        """Play ``state`` on with the policy to the horizon; return the rewards there."""
        away = self.turn_seat(state) != seat
        begun = 0
        for _ in range(self.limit):
            if engine.to_move(state) is None:
                break
            mine = self.turn_seat(state) == seat
            if away and mine:
                begun += 1
                if self.turns is not None and begun >= self.turns:
                    break
            away = not mine
            actions = engine.legal_actions(state)
            state = engine.apply(state, actions[self.policy(state, actions)])
        return self.rewards(state)


@dataclasses.dataclass
class Search:
    """One decision's tree: ``root`` is a state of the searching ``seat``'s information set,
    ``resample`` draws its determinisations; ``candidates`` (indices of the root's legal
    actions, None: all) are the root actions searched; a ``paired`` search compares them on
    common random numbers (see the module docstring)."""

    engine: Game[Any, Any]
    playout: Playout
    resample: Callable[[Any, int, random.Random], Any]
    seat: int
    rng: random.Random
    candidates: Sequence[int] | None = None
    paired: bool = False
    prune_rounds: frozenset[int] = PAIRED_PRUNE_ROUNDS
    """The rounds after which a paired search drops the worse half of its root candidates."""
    confidence: float = PAIRED_CONFIDENCE
    """How many standard errors another root candidate must beat the policy's choice by."""
    tree: Node = dataclasses.field(default_factory=Node)
    iterations: int = 0

    def run(self, root: Any, deadline: Deadline) -> int:
        """Search until ``deadline`` (or until the choice is settled); return the index of the
        root action to play (``best``)."""
        actions = self.engine.legal_actions(root)
        if len(actions) < 2:
            return 0
        if self.paired:
            return self._paired(root, actions, deadline)
        while not deadline.passed():
            self.iterate(self.resample(root, self.seat, self.rng))
            if self.iterations % CHECK_EVERY == 0 and self._settled(deadline):
                break
        return self.best(actions, root)

    def _paired(self, root: Any, actions: Sequence[Any], deadline: Deadline) -> int:
        """Return the root action to play by rollout improvement of the policy's choice, each
        round walking every live candidate down the tree in one shared determinisation."""
        favourite = self.playout.policy(root, actions)
        alive = list(range(len(actions)) if self.candidates is None else self.candidates)

        def sample_world() -> Any:
            return self.resample(root, self.seat, self.rng)

        def simulate(world: Any, index: int) -> float:
            return self.iterate(world, index)[self.seat]

        return improve(
            alive,
            favourite,
            sample_world,
            simulate,
            deadline,
            prune_rounds=self.prune_rounds,
            confidence=self.confidence,
        )

    def best(self, actions: Sequence[Any], root: Any) -> int:
        """Return the index of the most visited root action (ties: the higher mean), or the
        policy's choice when nothing was searched."""
        children = self.tree.children
        favourite = self.playout.policy(root, actions)
        scored = [
            (child.visits, child.mean(), index)
            for index, action in enumerate(actions)
            if (child := children.get(action)) is not None
        ]
        if not scored:
            return favourite
        return max(scored)[2]

    def iterate(self, world: Any, first: int | None = None) -> Rewards:
        """Walk one determinisation down the tree (through the root action of index
        ``first``, None: as selection goes), add a node, play out, back up; return the
        rewards."""
        engine = self.engine
        node = self.tree
        path = [node]
        for _ in range(DEPTH_LIMIT):
            mover = engine.to_move(world)
            if mover is None:
                break
            if self.paired and mover != self.seat:
                break
            actions = engine.legal_actions(world)
            if node is self.tree and first is not None:
                chosen, expanded = first, actions[first] not in node.children
                child = node.children.setdefault(actions[first], Node(mover=mover))
                child.available += 1
            else:
                allowed = self.candidates if node is self.tree else None
                chosen, expanded = self._select(node, world, actions, mover, allowed)
            world = engine.apply(world, actions[chosen])
            node = node.children[actions[chosen]]
            path.append(node)
            if expanded:
                break
        rewards = self.playout.run(engine, world, self.seat)
        for each in path[1:]:
            each.update(rewards)
        self.iterations += 1
        return rewards

    def _select(
        self,
        node: Node,
        world: Any,
        actions: Sequence[Any],
        mover: int,
        allowed: Sequence[int] | None,
    ) -> tuple[int, bool]:
        """Return (index of the action to follow, whether its node was just added), among
        ``allowed`` (None: every action)."""
        children = node.children
        exploration, widening = (
            (PAIRED_EXPLORATION, PAIRED_WIDENING) if self.paired else (EXPLORATION, WIDENING)
        )
        indices = range(len(actions)) if allowed is None else allowed
        legal = [index for index in indices if actions[index] in children]
        for index in legal:
            children[actions[index]].available += 1
        if self.paired:  # the policy's choice in this world is always among the children
            favourite = self.playout.policy(world, actions)
            if actions[favourite] not in children and favourite in indices:
                children[actions[favourite]] = Node(mover=mover, favoured=True, available=1)
                return favourite, True
        room = 1 + widening * math.sqrt(sum(children[actions[i]].visits for i in legal))
        if len(legal) < min(len(indices), room):
            index, favoured = self._untried(world, actions, children, indices)
            children[actions[index]] = Node(mover=mover, favoured=favoured, available=1)
            return index, True
        return max(legal, key=lambda i: children[actions[i]].ucb(exploration)), False

    def _untried(
        self,
        world: Any,
        actions: Sequence[Any],
        children: dict[Hashable, Node],
        indices: Sequence[int],
    ) -> tuple[int, bool]:
        """Return the next action of ``indices`` to add and whether it is the policy's
        choice: that choice if it is new (and among them), else a random new one."""
        favourite = self.playout.policy(world, actions)
        if actions[favourite] not in children and favourite in indices:
            return favourite, True
        untried = [index for index in indices if actions[index] not in children]
        return self.rng.choice(untried), False

    def _settled(self, deadline: Deadline) -> bool:
        """Return whether the most visited root child leads the next one by more visits than
        the time left could give it (at the rate so far)."""
        visits = sorted((child.visits for child in self.tree.children.values()), reverse=True)
        if len(visits) < 2:
            return False
        left = deadline.seconds_left()
        rate = self.iterations / max(deadline.elapsed(), 1e-6)
        return visits[0] - visits[1] > rate * left


def placement_rewards(scores: Sequence[float]) -> list[float]:
    """Return each seat's share of the other seats it beats (a tie beats half a seat)."""
    players = len(scores)
    if players < 2:
        return [1.0] * players
    return [
        sum(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0 for theirs in scores)
        / (players - 1)
        - 0.5 / (players - 1)
        for mine in scores
    ]
