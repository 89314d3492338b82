"""Checks of every Referee request, made before anything runs.

The service decodes each request itself, so bytes that are not the method's message are
``INVALID_ARGUMENT`` like any other bad field. Every problem names its field: ``game``,
``scenario``, ``bots``, ``bots[i]``, ``clocks.decision_ms``, ``clocks.bank_ms``, ``policy.kind``,
``policy.max_strikes``, ``match_id``. A bot address the referee may not dial is
``PERMISSION_DENIED``. Zero numbers take the referee's defaults, as the protocol says; ``seed``
may be any 64-bit value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

import grpc
from google.protobuf.message import DecodeError, Message
from ruckus.v1 import referee_pb2

from referee.games import game_names, get_game
from referee.games.base import GameSpec
from referee.match import Clocks, FaultPolicy, MatchSetup
from referee.transport.allowlist import Allowlist, parse_address
from referee.transport.bots import BotSpec, SampleResolver, parse_bot

MAX_DECISION_MS = 3_600_000
"""The longest per-decision limit a caller may ask for: an hour."""
MAX_BANK_MS = 86_400_000
"""The largest per-seat time bank a caller may ask for: a day."""
MAX_STRIKES = 1_000
MAX_BOT_CHARACTERS = 300
SHOWN_CHARACTERS = 60
"""How much of a caller's text a message quotes back."""
_POLICY_KINDS: dict[int, str] = {
    referee_pb2.FaultPolicy.KIND_UNSPECIFIED: "forfeit",
    referee_pb2.FaultPolicy.KIND_FORFEIT: "forfeit",
    referee_pb2.FaultPolicy.KIND_DEFAULT_ACTION: "default-action",
}
_HEX = frozenset("0123456789abcdef")
M = TypeVar("M", bound=Message)


class RequestError(Exception):
    """A request the service refuses: the status to answer and a message naming the field."""

    def __init__(self, code: grpc.StatusCode, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def invalid(field: str, problem: str) -> RequestError:
    """Return the INVALID_ARGUMENT refusal of ``field``."""
    return RequestError(grpc.StatusCode.INVALID_ARGUMENT, f"{field}: {problem}")


def shown(text: str) -> str:
    """Return ``text`` quoted for a message, cut to SHOWN_CHARACTERS."""
    if len(text) <= SHOWN_CHARACTERS:
        return repr(text)
    return repr(text[:SHOWN_CHARACTERS]) + f"... ({len(text)} characters)"


def decode(message_type: type[M], raw: bytes) -> M:
    """Parse ``raw`` as ``message_type``; bytes that are not one are INVALID_ARGUMENT."""
    try:
        message: M = message_type.FromString(raw)
    except DecodeError as error:
        name = message_type.DESCRIPTOR.full_name
        raise RequestError(
            grpc.StatusCode.INVALID_ARGUMENT, f"the request is not a {name}: {error}"
        ) from None
    return message


@dataclass(frozen=True)
class MatchOrder:
    """A checked RunMatch request: the match to set up and one bot per seat."""

    setup: MatchSetup
    bots: tuple[BotSpec, ...]


def check_run_match(request: Any, allowlist: Allowlist, samples: SampleResolver) -> MatchOrder:
    """Return the match a RunMatch request asks for; raise RequestError at its first problem.

    A seat's bot is a sample bot ``samples`` knows, or an address ``allowlist`` permits."""
    spec = _game(request.game)
    scenario = _scenario(spec, request.scenario)
    bots = _bots(spec, list(request.bots), allowlist, samples)
    clocks = Clocks(
        decision_ms=_limit(
            "clocks.decision_ms", request.clocks.decision_ms, Clocks.decision_ms, MAX_DECISION_MS
        ),
        bank_ms=_limit("clocks.bank_ms", request.clocks.bank_ms, Clocks.bank_ms, MAX_BANK_MS),
    )
    policy = FaultPolicy(
        kind=_policy_kind(request.policy.kind),
        max_strikes=_limit(
            "policy.max_strikes", request.policy.max_strikes, FaultPolicy.max_strikes, MAX_STRIKES
        ),
    )
    setup = MatchSetup.for_game(spec.name, request.seed, scenario, clocks=clocks, policy=policy)
    return MatchOrder(setup=setup, bots=bots)


def check_match_id(match_id: str) -> str:
    """Return ``match_id`` if it can name a match (32 lowercase hex digits)."""
    if len(match_id) != 32 or not _HEX.issuperset(match_id):
        raise invalid("match_id", f"must be 32 lowercase hex digits, got {shown(match_id)}")
    return match_id


def _game(name: str) -> GameSpec:
    if name not in game_names():
        raise invalid("game", f"unknown game {shown(name)}; known: {', '.join(game_names())}")
    return get_game(name).spec


def _scenario(spec: GameSpec, scenario: str) -> str | None:
    if scenario and scenario not in spec.scenarios:
        known = ", ".join(spec.scenarios)
        raise invalid(
            "scenario", f"unknown scenario {shown(scenario)} of {spec.name}; known: {known}"
        )
    return scenario or None


def _bots(
    spec: GameSpec, bots: list[str], allowlist: Allowlist, samples: SampleResolver
) -> tuple[BotSpec, ...]:
    if not spec.min_players <= len(bots) <= spec.max_players:
        counts = f"{spec.min_players}-{spec.max_players}"
        raise invalid("bots", f"{spec.name} needs {counts} bots, got {len(bots)}")
    return tuple(
        _bot(f"bots[{seat}]", text, spec.name, allowlist, samples) for seat, text in enumerate(bots)
    )


def _bot(
    field: str, text: str, game: str, allowlist: Allowlist, samples: SampleResolver
) -> BotSpec:
    """Check one seat's bot: a sample bot's name, or an address the allowlist permits."""
    if len(text) > MAX_BOT_CHARACTERS:
        raise invalid(field, f"longer than {MAX_BOT_CHARACTERS} characters")
    try:
        bot = parse_bot(text, game, samples, allow_commands=False)
        if bot.spawns:
            return bot
        endpoint = parse_address(bot.address)
    except ValueError as error:  # AddressError included
        raise invalid(field, str(error)) from None
    if not allowlist.permits(endpoint):
        detail = (
            f"{field}: the referee may not dial {text} (loopback only, and the hosts "
            "its --allow-remote names)"
        )
        raise RequestError(grpc.StatusCode.PERMISSION_DENIED, detail)
    return bot


def _limit(field: str, value: int, default: int, maximum: int) -> int:
    """Return ``value``, or ``default`` for 0; anything outside 1..maximum is refused."""
    if value == 0:
        return default
    if not 1 <= value <= maximum:
        raise invalid(field, f"must be between 1 and {maximum}, got {value}")
    return value


def _policy_kind(kind: int) -> str:
    if kind not in _POLICY_KINDS:
        names = referee_pb2.FaultPolicy.Kind.items()
        known = ", ".join(f"{number} ({name})" for name, number in names)
        raise invalid("policy.kind", f"unknown value {kind}; known: {known}")
    return _POLICY_KINDS[kind]
