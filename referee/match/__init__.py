"""The match loop (DESIGN section 5): clocks, faults and the Player abstraction, without grpc."""

from referee.match.clocks import Clocks
from referee.match.faults import Fault, FaultCode, FaultPolicy, PlayerFault
from referee.match.header import ForkOrigin, HeaderError, MatchHeader
from referee.match.loop import run_match
from referee.match.observer import MatchObserver
from referee.match.player import (
    BotIdentity,
    Choice,
    DecisionPrompt,
    DecisionRecord,
    MatchInfo,
    Player,
)
from referee.match.result import MatchResult
from referee.match.setup import MatchSetup

__all__ = [
    "BotIdentity",
    "Choice",
    "Clocks",
    "DecisionPrompt",
    "DecisionRecord",
    "Fault",
    "FaultCode",
    "FaultPolicy",
    "ForkOrigin",
    "HeaderError",
    "MatchHeader",
    "MatchInfo",
    "MatchObserver",
    "MatchResult",
    "MatchSetup",
    "Player",
    "PlayerFault",
    "run_match",
]
