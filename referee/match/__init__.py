"""The match loop (DESIGN section 5): clocks, faults and the Player abstraction, without grpc."""

from referee.match.clocks import Clocks
from referee.match.faults import Fault, FaultCode, FaultPolicy, PlayerFault
from referee.match.loop import MatchResult, MatchSetup, run_match
from referee.match.player import (
    BotIdentity,
    Choice,
    DecisionPrompt,
    DecisionRecord,
    MatchInfo,
    MatchObserver,
    Player,
)

__all__ = [
    "BotIdentity",
    "Choice",
    "Clocks",
    "DecisionPrompt",
    "DecisionRecord",
    "Fault",
    "FaultCode",
    "FaultPolicy",
    "MatchInfo",
    "MatchObserver",
    "MatchResult",
    "MatchSetup",
    "Player",
    "PlayerFault",
    "run_match",
]
