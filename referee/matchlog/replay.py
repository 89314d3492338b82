"""The one replayer of match logs: re-run the engine from a header through decision lines.

``replay verify`` (:mod:`referee.matchlog.verify`), the timeline views (``replay show``,
``replay export``) and ``replay fork`` all replay a log here. :meth:`Replayer.steps` applies
one decision line at a time and yields a :class:`Step` as it goes: the line, the state after it
and the problems it met. A decision that cannot be applied (a decision number out of turn, a
seat not to move, an index out of range) yields no state; one whose digest differs yields the
state it led to. Either ends the replay; a label that does not match its action is noted and
the replay goes on.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from referee.games.joint import as_joint, joint_seats
from referee.match.header import MatchHeader
from referee.match.setup import MatchSetup
from referee.matchlog.reader import JsonDict


@dataclass(frozen=True)
class Step:
    """One decision line replayed."""

    line: JsonDict
    state: Any | None
    """The state after the decision (None: it could not be applied)."""
    problems: tuple[str, ...] = ()
    ends: bool = False
    """Whether the replay stops here: the decision was not applied or its digest differs."""
    action: Any = None
    """The action the line chose, or for a joint step each seat's action by seat (None: it
    could not be applied)."""


class Replayer:
    """Replays the decisions of the match ``header`` records, from its first state on.

    Raise GameError (an unknown game, a config the engine refuses) or ValueError when the
    match cannot be set up.
    """

    def __init__(self, header: MatchHeader) -> None:
        self.header = header
        setup = MatchSetup.from_header(header)
        self.game = setup.game
        self.state: Any = self.game.new_state(setup.config, header.players, header.seed)
        self.applied = 0
        """How many decisions have been applied."""

    def steps(self, lines: Iterable[JsonDict]) -> Iterator[Step]:
        """Apply ``lines`` in order, yielding each :class:`Step`; stop after one that ends."""
        for line in lines:
            step = self.step(line)
            yield step
            if step.ends:
                return

    def step(self, line: JsonDict) -> Step:
        """Apply one decision line (when it can be applied) and return what happened."""
        if "moves" in line:
            return self._joint_step(line)
        where = f"decision {line['n']}"
        refused = self._out_of_turn(line)
        actions = self.game.legal_actions(self.state) if refused is None else []
        if refused is None and not 0 <= line["index"] < len(actions):
            refused = f"index {line['index']} out of range"
        if refused is not None:
            return Step(line, None, (f"{where}: {refused}",), ends=True)
        action = actions[line["index"]]
        problems = []
        if self.game.action_label(action) != line["label"]:
            problems.append(f"{where}: label {line['label']!r} does not match the action")
        self.state = self.game.apply(self.state, action)
        self.applied += 1
        differs = self.game.digest(self.state) != line["digest"]
        if differs:
            problems.append(f"{where}: state digest differs")
        return Step(line, self.state, tuple(problems), ends=differs, action=action)

    def _joint_step(self, line: JsonDict) -> Step:
        """Apply the line of a joint step: every seat's move at once."""
        where = f"decision {line['n']}"
        seats = joint_seats(self.game, self.state)
        moves = line["moves"]
        refused = None
        if line["n"] != self.applied:
            refused = f"expected decision number {self.applied}"
        elif tuple(move["seat"] for move in moves) != seats:
            refused = f"seats {[move['seat'] for move in moves]} are not the seats to act"
        chosen: dict[int, Any] = {}
        problems = []
        for move in moves if refused is None else ():
            actions = as_joint(self.game).legal_actions_for(self.state, move["seat"])
            if not 0 <= move["index"] < len(actions):
                refused = f"seat {move['seat']}'s index {move['index']} out of range"
                break
            chosen[move["seat"]] = actions[move["index"]]
            if self.game.action_label(chosen[move["seat"]]) != move["label"]:
                problems.append(
                    f"{where}: seat {move['seat']}'s label {move['label']!r} does not match"
                )
        if refused is not None:
            return Step(line, None, (f"{where}: {refused}",), ends=True)
        self.state = as_joint(self.game).apply_joint(self.state, chosen)
        self.applied += 1
        differs = self.game.digest(self.state) != line["digest"]
        if differs:
            problems.append(f"{where}: state digest differs")
        return Step(line, self.state, tuple(problems), ends=differs, action=chosen)

    def acting(self) -> tuple[int, ...]:
        """Return the seats to act at the state reached: those of a joint step, the seat to
        move, or none when the game is over."""
        seats = joint_seats(self.game, self.state)
        if seats:
            return seats
        seat = self.game.to_move(self.state)
        return () if seat is None else (seat,)

    def _out_of_turn(self, line: JsonDict) -> str | None:
        """Return why ``line`` is not the next decision to apply, if it is not."""
        if line["n"] != self.applied:
            return f"expected decision number {self.applied}"
        if joint_seats(self.game, self.state) or self.game.to_move(self.state) != line["seat"]:
            return f"seat {line['seat']} is not the seat to move"
        return None
