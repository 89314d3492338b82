"""The match loop: observe, ask the seat's player with a deadline, validate, apply, record.

At a joint step (an engine's ``to_act`` names several seats, ``referee.games.base``) every
seat is asked at once, each on its own thread with its own clock: the step takes as long as
its slowest seat. Every prompt is built before any seat is asked, so no seat's request carries
another's choice; the actions are applied together once all have answered.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from referee.games.joint import as_joint, joint_seats
from referee.match.clocks import SeatClocks
from referee.match.faults import Fault, FaultCode, PlayerFault
from referee.match.observer import MatchObserver
from referee.match.player import (
    Choice,
    DecisionPrompt,
    DecisionRecord,
    JsonDict,
    MatchInfo,
    Player,
    SeatMove,
)
from referee.match.result import MatchResult, forfeit_outcome
from referee.match.setup import MatchSetup

CHOICE_MEMO_LIMIT = 4096
"""A match forgets the Choices it made once it holds this many (no match comes near)."""
Answer = tuple[list[Any], int, float, Fault | None]
"""One seat's answer at a joint step: its legal actions, the index, seconds used, fault."""


class Choices:
    """Each legal action as seats see it (``Choice``), made once per match: an action equal to
    one seen before gets the very same Choice, so its data and label are not made again and a
    bot's seat encodes it once (``referee.transport.codec``). An unhashable action is described
    afresh every time."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.known: dict[Any, Choice] = {}

    def of(self, action: Any) -> Choice:
        """Return the Choice of ``action``."""
        try:
            choice = self.known.get(action)
        except TypeError:
            return self._describe(action)
        if choice is None:
            if len(self.known) >= CHOICE_MEMO_LIMIT:
                self.known.clear()
            choice = self.known[action] = self._describe(action)
        return choice

    def _describe(self, action: Any) -> Choice:
        return Choice(self.game.action_data(action), self.game.action_label(action))


class _Match:
    """The state of one running match (players, clocks, strikes, pending events)."""

    def __init__(
        self, setup: MatchSetup, players: Sequence[Player], observers: Sequence[MatchObserver]
    ) -> None:
        self.setup = setup
        self.game = setup.game
        self.players = players
        self.observers = observers
        self.clocks = SeatClocks(setup.clocks, len(players), setup.seat_clocks)
        self.strikes = [0] * len(players)
        self.pending: list[list[JsonDict]] = [[] for _ in players]
        self.faults: list[Fault] = []
        self.decisions = 0
        self.state = self.game.new_state(setup.config, len(players), setup.seed)
        self._pool: ThreadPoolExecutor | None = None
        self.choices = Choices(self.game)
        for step in setup.opening:
            self.state = self._replay_step(step)
            self.decisions += 1
        self.queue_events()

    def _replay_step(self, step: int | Mapping[int, int]) -> Any:
        """Return the state after one inherited step: an index, or an index per seat."""
        if isinstance(step, int):
            return self.game.apply(self.state, self.game.legal_actions(self.state)[step])
        joint = as_joint(self.game)
        chosen = {seat: joint.legal_actions_for(self.state, seat)[i] for seat, i in step.items()}
        return joint.apply_joint(self.state, chosen)

    def queue_events(self) -> list[JsonDict]:
        """Queue the events of the latest state for the seats that may see them.

        Return the public ones, for spectators and logs.
        """
        public: list[JsonDict] = []
        for event in self.game.events(self.state):
            data = event.to_json()
            if event.visible_to is None:
                public.append(data)
            for seat in range(len(self.players)):
                if event.is_visible_to(seat):
                    self.pending[seat].append(data)
        return public

    def start(self) -> int | None:
        """Start every seat; return the first seat that failed to start, if any."""
        static_map = self.game.static_map(self.state)
        header = self.setup.header([player.identity() for player in self.players])
        for observer in self.observers:
            observer.match_started(header)
        for seat, player in enumerate(self.players):
            info = MatchInfo(
                match_id=header.match_id,
                game=header.game,
                rules_version=header.rules_version,
                scenario=header.scenario,
                config=header.config,
                seat=seat,
                players=len(self.players),
                static_map=static_map,
                clocks=self.clocks.seats[seat],
                match_bank_ms=sum(clocks.bank_ms for clocks in self.clocks.seats),
            )
            try:
                player.start(info)
            except PlayerFault as fault:
                self.faults.append(Fault(seat, fault.code, fault.detail, -1))
                return seat
        return None

    def prompt(self, seat: int, actions: list[Any]) -> DecisionPrompt:
        """Build the decision prompt for ``seat`` and clear its pending events."""
        events, self.pending[seat] = self.pending[seat], []
        return DecisionPrompt(
            decision_id=self.decisions + 1,
            observation=self.game.observe(self.state, seat),
            choices=[self.choices.of(action) for action in actions],
            events=events,
            time_left=self.clocks.allowance(seat),
            bank_left=self.clocks.bank_left(seat),
        )

    def ask(self, seat: int, actions: list[Any]) -> tuple[int, float, Fault | None]:
        """Ask ``seat`` for a decision; return (index, seconds used, fault or None)."""
        return self.answer(seat, self.prompt(seat, actions))

    def answer(self, seat: int, prompt: DecisionPrompt) -> tuple[int, float, Fault | None]:
        """Put ``prompt`` to ``seat`` with its deadline; return (index, seconds, fault or None)."""
        actions = prompt.choices
        limit = self.clocks.tolerance(seat)  # the allowance the bot is told, plus the margin
        began = time.monotonic()
        try:
            index = self.players[seat].decide(prompt, limit)
        except PlayerFault as error:
            used = time.monotonic() - began
            self.clocks.charge(seat, used)
            return 0, used, Fault(seat, error.code, error.detail, self.decisions)
        used = time.monotonic() - began
        self.clocks.charge(seat, used)
        if used > limit:
            detail = f"answered after {used * 1000:.0f} ms; limit {limit * 1000:.0f} ms"
            return 0, used, Fault(seat, FaultCode.TIMEOUT, detail, self.decisions)
        if not 0 <= index < len(actions):
            detail = f"action index {index} not in 0..{len(actions) - 1}"
            return 0, used, Fault(seat, FaultCode.ILLEGAL_ACTION, detail, self.decisions)
        return index, used, None

    def apply(
        self, seat: int, actions: list[Any], index: int, used: float, fault: Fault | None
    ) -> None:
        """Apply the chosen action, queue the events it caused and tell the observers."""
        public_label = self.game.public_label(self.state, actions[index])
        self.state = self.game.apply(self.state, actions[index])
        public = self.queue_events()
        record = DecisionRecord(
            decision=self.decisions,
            seat=seat,
            index=index,
            label=self.game.action_label(actions[index]),
            seconds=used,
            digest=self.game.digest(self.state),
            public_events=public,
            fault=fault,
            public_label=public_label,
        )
        self.decisions += 1
        for observer in self.observers:
            observer.decision_taken(record, self.state)

    def ask_all(self, seats: tuple[int, ...]) -> dict[int, Answer]:
        """Ask every seat of a joint step at once; return per seat (actions, index, seconds,
        fault or None). Every prompt is built before the first seat is asked."""
        joint = as_joint(self.game)
        legal = {seat: joint.legal_actions_for(self.state, seat) for seat in seats}
        prompts = {seat: self.prompt(seat, legal[seat]) for seat in seats}
        if self._pool is None:
            self._pool = ThreadPoolExecutor(len(self.players), thread_name_prefix="seat")
        asked = {seat: self._pool.submit(self.answer, seat, prompts[seat]) for seat in seats}
        return {seat: (legal[seat], *asked[seat].result()) for seat in seats}

    def apply_joint(self, answers: dict[int, Answer]) -> None:
        """Apply every seat's action of a joint step at once and tell the observers."""
        moves = tuple(
            SeatMove(
                seat=seat,
                index=index,
                label=self.game.action_label(actions[index]),
                public_label=self.game.public_label(self.state, actions[index]),
                seconds=used,
                fault=fault,
            )
            for seat, (actions, index, used, fault) in sorted(answers.items())
        )
        chosen = {seat: actions[index] for seat, (actions, index, _, _) in answers.items()}
        self.state = as_joint(self.game).apply_joint(self.state, chosen)
        public = self.queue_events()
        first = moves[0]
        record = DecisionRecord(
            decision=self.decisions,
            seat=first.seat,
            index=first.index,
            label=" + ".join(f"{move.seat}: {move.label}" for move in moves),
            public_label=" + ".join(f"{move.seat}: {move.public_label}" for move in moves),
            seconds=max(move.seconds for move in moves),
            digest=self.game.digest(self.state),
            public_events=public,
            fault=next((move.fault for move in moves if move.fault is not None), None),
            moves=moves,
        )
        self.decisions += 1
        for observer in self.observers:
            observer.decision_taken(record, self.state)

    def play_joint(self, seats: tuple[int, ...]) -> tuple[int, ...]:
        """Play one joint step; return the seats whose faults forfeit (then nothing is applied:
        every fault of the step goes to the result)."""
        answers = self.ask_all(seats)
        faults = [fault for seat in seats if (fault := answers[seat][3]) is not None]
        forfeits = []
        for fault in faults:
            self.strikes[fault.seat] += 1
            if self.setup.policy.forfeits(self.strikes[fault.seat]):
                forfeits.append(fault.seat)
        self.faults.extend(faults)
        if not forfeits:
            self.apply_joint(answers)
        return tuple(forfeits)

    def play(self) -> tuple[int, ...]:
        """Play decisions until the game ends or seats forfeit; return the forfeiting seats
        (one, or several that faulted at the same joint step)."""
        while (seat := self.game.to_move(self.state)) is not None:
            seats = joint_seats(self.game, self.state)
            if seats:
                forfeits = self.play_joint(seats)
                if forfeits:
                    return forfeits
                continue
            actions = self.game.legal_actions(self.state)
            index, used, fault = self.ask(seat, actions)
            if fault is not None:
                self.faults.append(fault)
                self.strikes[seat] += 1
                if self.setup.policy.forfeits(self.strikes[seat]):
                    return (seat,)
            self.apply(seat, actions, index, used, fault)
        return ()

    def close(self) -> None:
        """Let the threads that asked the seats of joint steps go (each has answered)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False)

    def finish(self, forfeits: tuple[int, ...]) -> MatchResult:
        """Work out the outcome, tell every player and observer, and return the result."""
        if not forfeits:
            outcome = self.game.outcome(self.state)
            assert outcome is not None, "a game with no seat to move has an outcome"
        else:
            code = next(f.code for f in reversed(self.faults) if f.seat == forfeits[0])
            outcome = forfeit_outcome(len(self.players), forfeits, code)
        result = MatchResult(
            match_id=self.setup.match_id,
            outcome=outcome,
            faults=tuple(self.faults),
            decisions=self.decisions,
            forfeited_seat=forfeits[0] if forfeits else None,
        )
        for player in self.players:
            player.finish(outcome)
        for observer in self.observers:
            observer.match_ended(result)
        return result


def run_match(
    setup: MatchSetup, players: Sequence[Player], observers: Sequence[MatchObserver] = ()
) -> MatchResult:
    """Play one match to its end and return the result; bot faults become results."""
    match = _Match(setup, players, observers)
    try:
        failed = match.start()
        forfeits = match.play() if failed is None else (failed,)
        return match.finish(forfeits)
    finally:
        match.close()
