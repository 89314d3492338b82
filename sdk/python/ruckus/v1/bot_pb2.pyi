from google.protobuf import struct_pb2 as _struct_pb2
from ruckus.v1 import common_pb2 as _common_pb2
from ruckus.v1 import pilfer_pb2 as _pilfer_pb2
from ruckus.v1 import wabbit_pb2 as _wabbit_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DescribeRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BotInfo(_message.Message):
    __slots__ = ("name", "version", "author", "language", "games")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    AUTHOR_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    name: str
    version: str
    author: str
    language: str
    games: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., version: _Optional[str] = ..., author: _Optional[str] = ..., language: _Optional[str] = ..., games: _Optional[_Iterable[str]] = ...) -> None: ...

class RefereeMessage(_message.Message):
    __slots__ = ("start", "decision", "end")
    START_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    start: MatchStart
    decision: DecisionRequest
    end: MatchEnd
    def __init__(self, start: _Optional[_Union[MatchStart, _Mapping]] = ..., decision: _Optional[_Union[DecisionRequest, _Mapping]] = ..., end: _Optional[_Union[MatchEnd, _Mapping]] = ...) -> None: ...

class BotMessage(_message.Message):
    __slots__ = ("decision",)
    DECISION_FIELD_NUMBER: _ClassVar[int]
    decision: Decision
    def __init__(self, decision: _Optional[_Union[Decision, _Mapping]] = ...) -> None: ...

class MatchStart(_message.Message):
    __slots__ = ("match_id", "game", "rules_version", "scenario", "config", "seat", "players", "static_map", "clocks")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    STATIC_MAP_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    rules_version: str
    scenario: str
    config: _struct_pb2.Struct
    seat: int
    players: int
    static_map: StaticMap
    clocks: _common_pb2.Clocks
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., rules_version: _Optional[str] = ..., scenario: _Optional[str] = ..., config: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., seat: _Optional[int] = ..., players: _Optional[int] = ..., static_map: _Optional[_Union[StaticMap, _Mapping]] = ..., clocks: _Optional[_Union[_common_pb2.Clocks, _Mapping]] = ...) -> None: ...

class DecisionRequest(_message.Message):
    __slots__ = ("decision_id", "observation", "legal_actions", "events", "time_left")
    DECISION_ID_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    TIME_LEFT_FIELD_NUMBER: _ClassVar[int]
    decision_id: int
    observation: Observation
    legal_actions: _containers.RepeatedCompositeFieldContainer[LegalAction]
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    time_left: _common_pb2.TimeLeft
    def __init__(self, decision_id: _Optional[int] = ..., observation: _Optional[_Union[Observation, _Mapping]] = ..., legal_actions: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ..., time_left: _Optional[_Union[_common_pb2.TimeLeft, _Mapping]] = ...) -> None: ...

class MatchEnd(_message.Message):
    __slots__ = ("outcome",)
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    outcome: _common_pb2.Outcome
    def __init__(self, outcome: _Optional[_Union[_common_pb2.Outcome, _Mapping]] = ...) -> None: ...

class Decision(_message.Message):
    __slots__ = ("decision_id", "action_index")
    DECISION_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_INDEX_FIELD_NUMBER: _ClassVar[int]
    decision_id: int
    action_index: int
    def __init__(self, decision_id: _Optional[int] = ..., action_index: _Optional[int] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("action", "label")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    action: Action
    label: str
    def __init__(self, action: _Optional[_Union[Action, _Mapping]] = ..., label: _Optional[str] = ...) -> None: ...

class StaticMap(_message.Message):
    __slots__ = ("pilfer", "wabbit", "generic")
    PILFER_FIELD_NUMBER: _ClassVar[int]
    WABBIT_FIELD_NUMBER: _ClassVar[int]
    GENERIC_FIELD_NUMBER: _ClassVar[int]
    pilfer: _pilfer_pb2.PilferStaticMap
    wabbit: _wabbit_pb2.WabbitStaticMap
    generic: _struct_pb2.Struct
    def __init__(self, pilfer: _Optional[_Union[_pilfer_pb2.PilferStaticMap, _Mapping]] = ..., wabbit: _Optional[_Union[_wabbit_pb2.WabbitStaticMap, _Mapping]] = ..., generic: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("pilfer", "wabbit", "generic")
    PILFER_FIELD_NUMBER: _ClassVar[int]
    WABBIT_FIELD_NUMBER: _ClassVar[int]
    GENERIC_FIELD_NUMBER: _ClassVar[int]
    pilfer: _pilfer_pb2.PilferObservation
    wabbit: _wabbit_pb2.WabbitObservation
    generic: _struct_pb2.Struct
    def __init__(self, pilfer: _Optional[_Union[_pilfer_pb2.PilferObservation, _Mapping]] = ..., wabbit: _Optional[_Union[_wabbit_pb2.WabbitObservation, _Mapping]] = ..., generic: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("pilfer", "wabbit", "generic")
    PILFER_FIELD_NUMBER: _ClassVar[int]
    WABBIT_FIELD_NUMBER: _ClassVar[int]
    GENERIC_FIELD_NUMBER: _ClassVar[int]
    pilfer: _pilfer_pb2.PilferAction
    wabbit: _wabbit_pb2.WabbitAction
    generic: _struct_pb2.Struct
    def __init__(self, pilfer: _Optional[_Union[_pilfer_pb2.PilferAction, _Mapping]] = ..., wabbit: _Optional[_Union[_wabbit_pb2.WabbitAction, _Mapping]] = ..., generic: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class GameEvent(_message.Message):
    __slots__ = ("pilfer", "wabbit", "generic")
    PILFER_FIELD_NUMBER: _ClassVar[int]
    WABBIT_FIELD_NUMBER: _ClassVar[int]
    GENERIC_FIELD_NUMBER: _ClassVar[int]
    pilfer: _pilfer_pb2.PilferEvent
    wabbit: _wabbit_pb2.WabbitEvent
    generic: _struct_pb2.Struct
    def __init__(self, pilfer: _Optional[_Union[_pilfer_pb2.PilferEvent, _Mapping]] = ..., wabbit: _Optional[_Union[_wabbit_pb2.WabbitEvent, _Mapping]] = ..., generic: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...
