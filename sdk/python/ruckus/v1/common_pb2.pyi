from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class FaultCode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FAULT_CODE_UNSPECIFIED: _ClassVar[FaultCode]
    FAULT_CODE_TIMEOUT: _ClassVar[FaultCode]
    FAULT_CODE_ILLEGAL_ACTION: _ClassVar[FaultCode]
    FAULT_CODE_MALFORMED: _ClassVar[FaultCode]
    FAULT_CODE_DISCONNECTED: _ClassVar[FaultCode]
    FAULT_CODE_CRASHED: _ClassVar[FaultCode]
    FAULT_CODE_OVERSIZE: _ClassVar[FaultCode]
    FAULT_CODE_STARTUP_FAILED: _ClassVar[FaultCode]
    FAULT_CODE_RESOURCE_LIMIT: _ClassVar[FaultCode]
FAULT_CODE_UNSPECIFIED: FaultCode
FAULT_CODE_TIMEOUT: FaultCode
FAULT_CODE_ILLEGAL_ACTION: FaultCode
FAULT_CODE_MALFORMED: FaultCode
FAULT_CODE_DISCONNECTED: FaultCode
FAULT_CODE_CRASHED: FaultCode
FAULT_CODE_OVERSIZE: FaultCode
FAULT_CODE_STARTUP_FAILED: FaultCode
FAULT_CODE_RESOURCE_LIMIT: FaultCode

class Clocks(_message.Message):
    __slots__ = ("decision_ms", "bank_ms")
    DECISION_MS_FIELD_NUMBER: _ClassVar[int]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    decision_ms: int
    bank_ms: int
    def __init__(self, decision_ms: _Optional[int] = ..., bank_ms: _Optional[int] = ...) -> None: ...

class TimeLeft(_message.Message):
    __slots__ = ("decision_ms", "bank_ms")
    DECISION_MS_FIELD_NUMBER: _ClassVar[int]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    decision_ms: int
    bank_ms: int
    def __init__(self, decision_ms: _Optional[int] = ..., bank_ms: _Optional[int] = ...) -> None: ...

class Fault(_message.Message):
    __slots__ = ("seat", "code", "detail", "decision")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    code: FaultCode
    detail: str
    decision: int
    def __init__(self, seat: _Optional[int] = ..., code: _Optional[_Union[FaultCode, str]] = ..., detail: _Optional[str] = ..., decision: _Optional[int] = ...) -> None: ...

class Outcome(_message.Message):
    __slots__ = ("scores", "ranks", "reason", "faults", "forfeited_seat")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    FAULTS_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_SEAT_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    reason: str
    faults: _containers.RepeatedCompositeFieldContainer[Fault]
    forfeited_seat: int
    def __init__(self, scores: _Optional[_Iterable[int]] = ..., ranks: _Optional[_Iterable[int]] = ..., reason: _Optional[str] = ..., faults: _Optional[_Iterable[_Union[Fault, _Mapping]]] = ..., forfeited_seat: _Optional[int] = ...) -> None: ...
