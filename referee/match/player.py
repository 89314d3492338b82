"""What the match loop talks to: players that answer decisions, and what they are told."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from referee.games.base import Outcome
from referee.match.clocks import Clocks
from referee.match.faults import Fault

JsonDict = dict[str, Any]


@dataclass(frozen=True)
class BotIdentity:
    """Who plays a seat, as the bot describes itself plus where the harness found it."""

    name: str
    version: str = ""
    author: str = ""
    language: str = ""
    source: str = ""

    def to_json(self) -> JsonDict:
        """Return the identity as a JSON-ready dict."""
        return {
            "name": self.name,
            "version": self.version,
            "author": self.author,
            "language": self.language,
            "source": self.source,
        }


@dataclass(frozen=True)
class MatchInfo:
    """Everything a seat learns when its match starts."""

    match_id: str
    game: str
    rules_version: str
    scenario: str
    config: JsonDict
    seat: int
    players: int
    static_map: JsonDict
    clocks: Clocks
    """This seat's limits (a seat may have clocks of its own)."""
    match_bank_ms: int
    """Every seat's time bank added up: the longest the match can take on the clocks."""


@dataclass(frozen=True)
class Choice:
    """One legal action as a seat sees it: the engine's action dict and its short label."""

    data: JsonDict
    label: str


@dataclass(frozen=True)
class DecisionPrompt:
    """One decision a seat must take: answer with an index into ``choices``."""

    decision_id: int
    observation: JsonDict
    choices: Sequence[Choice]
    events: Sequence[JsonDict]
    time_left: float
    bank_left: float


@dataclass(frozen=True)
class SeatMove:
    """One seat's part of a joint step: its action index and label, time used and fault."""

    seat: int
    index: int
    label: str
    public_label: str
    seconds: float
    fault: Fault | None = None


@dataclass(frozen=True)
class DecisionRecord:
    """One decision taken, for logs and spectators.

    A joint step (seats moving at once) is one record whose ``moves`` hold each seat's part,
    in seat order; its ``seat``, ``index`` and ``fault`` are the first move's, its labels every
    move's as ``0: MOVE(N) + 1: MOVE(W)``, and ``seconds`` the step's slowest answer.
    """

    decision: int
    seat: int
    index: int
    label: str
    public_label: str
    """The label as spectators may see it (``label`` itself is for logs, which are complete)."""
    seconds: float
    digest: str
    public_events: Sequence[JsonDict] = field(default_factory=tuple)
    fault: Fault | None = None
    moves: tuple[SeatMove, ...] = ()
    """Each seat's move of a joint step (empty: a decision of one seat)."""


class Player(Protocol):
    """Anything that answers decisions: an in-process bot or a remote one behind a transport."""

    def identity(self) -> BotIdentity:
        """Return who plays."""
        ...

    def start(self, info: MatchInfo) -> None:
        """Begin the match for one seat; raise ``PlayerFault`` if the player cannot."""
        ...

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        """Return the chosen index within ``timeout`` seconds; raise ``PlayerFault`` otherwise.

        The index is not checked here: the match loop validates it.
        """
        ...

    def finish(self, outcome: Outcome) -> None:
        """Tell the player the match is over; never raises, returns within a bounded time."""
        ...
