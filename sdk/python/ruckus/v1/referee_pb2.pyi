from ruckus.v1 import bot_pb2 as _bot_pb2
from ruckus.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ListGamesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GameInfo(_message.Message):
    __slots__ = ("name", "title", "rules_version", "min_players", "max_players", "scenarios", "default_scenario")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SCENARIOS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_SCENARIO_FIELD_NUMBER: _ClassVar[int]
    name: str
    title: str
    rules_version: str
    min_players: int
    max_players: int
    scenarios: _containers.RepeatedScalarFieldContainer[str]
    default_scenario: str
    def __init__(self, name: _Optional[str] = ..., title: _Optional[str] = ..., rules_version: _Optional[str] = ..., min_players: _Optional[int] = ..., max_players: _Optional[int] = ..., scenarios: _Optional[_Iterable[str]] = ..., default_scenario: _Optional[str] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameInfo]
    def __init__(self, games: _Optional[_Iterable[_Union[GameInfo, _Mapping]]] = ...) -> None: ...

class FaultPolicy(_message.Message):
    __slots__ = ("kind", "max_strikes")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[FaultPolicy.Kind]
        KIND_FORFEIT: _ClassVar[FaultPolicy.Kind]
        KIND_DEFAULT_ACTION: _ClassVar[FaultPolicy.Kind]
    KIND_UNSPECIFIED: FaultPolicy.Kind
    KIND_FORFEIT: FaultPolicy.Kind
    KIND_DEFAULT_ACTION: FaultPolicy.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    MAX_STRIKES_FIELD_NUMBER: _ClassVar[int]
    kind: FaultPolicy.Kind
    max_strikes: int
    def __init__(self, kind: _Optional[_Union[FaultPolicy.Kind, str]] = ..., max_strikes: _Optional[int] = ...) -> None: ...

class RunMatchRequest(_message.Message):
    __slots__ = ("game", "scenario", "seed", "bots", "clocks", "policy")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    POLICY_FIELD_NUMBER: _ClassVar[int]
    game: str
    scenario: str
    seed: int
    bots: _containers.RepeatedScalarFieldContainer[str]
    clocks: _common_pb2.Clocks
    policy: FaultPolicy
    def __init__(self, game: _Optional[str] = ..., scenario: _Optional[str] = ..., seed: _Optional[int] = ..., bots: _Optional[_Iterable[str]] = ..., clocks: _Optional[_Union[_common_pb2.Clocks, _Mapping]] = ..., policy: _Optional[_Union[FaultPolicy, _Mapping]] = ...) -> None: ...

class MatchStarted(_message.Message):
    __slots__ = ("match_id", "seats")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seats: _containers.RepeatedCompositeFieldContainer[_bot_pb2.BotInfo]
    def __init__(self, match_id: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[_bot_pb2.BotInfo, _Mapping]]] = ...) -> None: ...

class MatchStep(_message.Message):
    __slots__ = ("decision", "seat", "action_index", "label", "time_us", "events", "fault")
    DECISION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_INDEX_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    TIME_US_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    FAULT_FIELD_NUMBER: _ClassVar[int]
    decision: int
    seat: int
    action_index: int
    label: str
    time_us: int
    events: _containers.RepeatedCompositeFieldContainer[_bot_pb2.GameEvent]
    fault: _common_pb2.Fault
    def __init__(self, decision: _Optional[int] = ..., seat: _Optional[int] = ..., action_index: _Optional[int] = ..., label: _Optional[str] = ..., time_us: _Optional[int] = ..., events: _Optional[_Iterable[_Union[_bot_pb2.GameEvent, _Mapping]]] = ..., fault: _Optional[_Union[_common_pb2.Fault, _Mapping]] = ...) -> None: ...

class MatchEvent(_message.Message):
    __slots__ = ("started", "step", "result")
    STARTED_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    started: MatchStarted
    step: MatchStep
    result: _common_pb2.Outcome
    def __init__(self, started: _Optional[_Union[MatchStarted, _Mapping]] = ..., step: _Optional[_Union[MatchStep, _Mapping]] = ..., result: _Optional[_Union[_common_pb2.Outcome, _Mapping]] = ...) -> None: ...

class GetMatchLogRequest(_message.Message):
    __slots__ = ("match_id",)
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    def __init__(self, match_id: _Optional[str] = ...) -> None: ...

class MatchLog(_message.Message):
    __slots__ = ("match_id", "jsonl")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    JSONL_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    jsonl: bytes
    def __init__(self, match_id: _Optional[str] = ..., jsonl: _Optional[bytes] = ...) -> None: ...
