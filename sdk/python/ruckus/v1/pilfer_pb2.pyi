from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PilferXY(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class PilferEdge(_message.Message):
    __slots__ = ("x1", "y1", "x2", "y2")
    X1_FIELD_NUMBER: _ClassVar[int]
    Y1_FIELD_NUMBER: _ClassVar[int]
    X2_FIELD_NUMBER: _ClassVar[int]
    Y2_FIELD_NUMBER: _ClassVar[int]
    x1: int
    y1: int
    x2: int
    y2: int
    def __init__(self, x1: _Optional[int] = ..., y1: _Optional[int] = ..., x2: _Optional[int] = ..., y2: _Optional[int] = ...) -> None: ...

class PilferStaticSeat(_message.Message):
    __slots__ = ("seat", "color", "x", "y")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    seat: int
    color: str
    x: int
    y: int
    def __init__(self, seat: _Optional[int] = ..., color: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class PilferBuilding(_message.Message):
    __slots__ = ("name", "cells")
    NAME_FIELD_NUMBER: _ClassVar[int]
    CELLS_FIELD_NUMBER: _ClassVar[int]
    name: str
    cells: _containers.RepeatedCompositeFieldContainer[PilferXY]
    def __init__(self, name: _Optional[str] = ..., cells: _Optional[_Iterable[_Union[PilferXY, _Mapping]]] = ...) -> None: ...

class PilferLane(_message.Message):
    __slots__ = ("id", "heading", "arrow", "cells")
    ID_FIELD_NUMBER: _ClassVar[int]
    HEADING_FIELD_NUMBER: _ClassVar[int]
    ARROW_FIELD_NUMBER: _ClassVar[int]
    CELLS_FIELD_NUMBER: _ClassVar[int]
    id: str
    heading: str
    arrow: PilferXY
    cells: _containers.RepeatedCompositeFieldContainer[PilferXY]
    def __init__(self, id: _Optional[str] = ..., heading: _Optional[str] = ..., arrow: _Optional[_Union[PilferXY, _Mapping]] = ..., cells: _Optional[_Iterable[_Union[PilferXY, _Mapping]]] = ...) -> None: ...

class PilferTownsfolkStart(_message.Message):
    __slots__ = ("color", "x", "y")
    COLOR_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    color: str
    x: int
    y: int
    def __init__(self, color: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class PilferStaticMap(_message.Message):
    __slots__ = ("scenario", "width", "height", "seats", "buildings", "walls", "trees", "lanes", "token_dots", "townsfolk_starts")
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    BUILDINGS_FIELD_NUMBER: _ClassVar[int]
    WALLS_FIELD_NUMBER: _ClassVar[int]
    TREES_FIELD_NUMBER: _ClassVar[int]
    LANES_FIELD_NUMBER: _ClassVar[int]
    TOKEN_DOTS_FIELD_NUMBER: _ClassVar[int]
    TOWNSFOLK_STARTS_FIELD_NUMBER: _ClassVar[int]
    scenario: str
    width: int
    height: int
    seats: _containers.RepeatedCompositeFieldContainer[PilferStaticSeat]
    buildings: _containers.RepeatedCompositeFieldContainer[PilferBuilding]
    walls: _containers.RepeatedCompositeFieldContainer[PilferEdge]
    trees: _containers.RepeatedCompositeFieldContainer[PilferXY]
    lanes: _containers.RepeatedCompositeFieldContainer[PilferLane]
    token_dots: _containers.RepeatedCompositeFieldContainer[PilferXY]
    townsfolk_starts: _containers.RepeatedCompositeFieldContainer[PilferTownsfolkStart]
    def __init__(self, scenario: _Optional[str] = ..., width: _Optional[int] = ..., height: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[PilferStaticSeat, _Mapping]]] = ..., buildings: _Optional[_Iterable[_Union[PilferBuilding, _Mapping]]] = ..., walls: _Optional[_Iterable[_Union[PilferEdge, _Mapping]]] = ..., trees: _Optional[_Iterable[_Union[PilferXY, _Mapping]]] = ..., lanes: _Optional[_Iterable[_Union[PilferLane, _Mapping]]] = ..., token_dots: _Optional[_Iterable[_Union[PilferXY, _Mapping]]] = ..., townsfolk_starts: _Optional[_Iterable[_Union[PilferTownsfolkStart, _Mapping]]] = ...) -> None: ...

class PilferSeat(_message.Message):
    __slots__ = ("seat", "color", "start_x", "start_y", "points", "gross", "spent")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    START_X_FIELD_NUMBER: _ClassVar[int]
    START_Y_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    GROSS_FIELD_NUMBER: _ClassVar[int]
    SPENT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    color: str
    start_x: int
    start_y: int
    points: int
    gross: int
    spent: int
    def __init__(self, seat: _Optional[int] = ..., color: _Optional[str] = ..., start_x: _Optional[int] = ..., start_y: _Optional[int] = ..., points: _Optional[int] = ..., gross: _Optional[int] = ..., spent: _Optional[int] = ...) -> None: ...

class PilferCarried(_message.Message):
    __slots__ = ("id", "kind")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    id: int
    kind: str
    def __init__(self, id: _Optional[int] = ..., kind: _Optional[str] = ...) -> None: ...

class PilferCritter(_message.Message):
    __slots__ = ("id", "owner", "type", "x", "y", "actions_left", "activated", "trapped", "trap_token", "carrying")
    ID_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_LEFT_FIELD_NUMBER: _ClassVar[int]
    ACTIVATED_FIELD_NUMBER: _ClassVar[int]
    TRAPPED_FIELD_NUMBER: _ClassVar[int]
    TRAP_TOKEN_FIELD_NUMBER: _ClassVar[int]
    CARRYING_FIELD_NUMBER: _ClassVar[int]
    id: int
    owner: int
    type: str
    x: int
    y: int
    actions_left: int
    activated: bool
    trapped: bool
    trap_token: int
    carrying: _containers.RepeatedCompositeFieldContainer[PilferCarried]
    def __init__(self, id: _Optional[int] = ..., owner: _Optional[int] = ..., type: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., actions_left: _Optional[int] = ..., activated: _Optional[bool] = ..., trapped: _Optional[bool] = ..., trap_token: _Optional[int] = ..., carrying: _Optional[_Iterable[_Union[PilferCarried, _Mapping]]] = ...) -> None: ...

class PilferTownsfolk(_message.Message):
    __slots__ = ("id", "color", "controller", "x", "y", "driven_out")
    ID_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    DRIVEN_OUT_FIELD_NUMBER: _ClassVar[int]
    id: str
    color: str
    controller: int
    x: int
    y: int
    driven_out: bool
    def __init__(self, id: _Optional[str] = ..., color: _Optional[str] = ..., controller: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., driven_out: _Optional[bool] = ...) -> None: ...

class PilferToken(_message.Message):
    __slots__ = ("id", "x", "y", "face_up", "kind", "sniffed")
    ID_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SNIFFED_FIELD_NUMBER: _ClassVar[int]
    id: int
    x: int
    y: int
    face_up: bool
    kind: str
    sniffed: bool
    def __init__(self, id: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., face_up: _Optional[bool] = ..., kind: _Optional[str] = ..., sniffed: _Optional[bool] = ...) -> None: ...

class PilferSniff(_message.Message):
    __slots__ = ("seat", "token")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: int
    def __init__(self, seat: _Optional[int] = ..., token: _Optional[int] = ...) -> None: ...

class PilferPending(_message.Message):
    __slots__ = ("kind", "seat", "townsfolk", "options", "critter", "role", "x", "y", "steps_left", "directions", "dumpster")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOWNSFOLK_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    CRITTER_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    STEPS_LEFT_FIELD_NUMBER: _ClassVar[int]
    DIRECTIONS_FIELD_NUMBER: _ClassVar[int]
    DUMPSTER_FIELD_NUMBER: _ClassVar[int]
    kind: str
    seat: int
    townsfolk: str
    options: _containers.RepeatedCompositeFieldContainer[PilferXY]
    critter: int
    role: str
    x: int
    y: int
    steps_left: int
    directions: _containers.RepeatedScalarFieldContainer[str]
    dumpster: int
    def __init__(self, kind: _Optional[str] = ..., seat: _Optional[int] = ..., townsfolk: _Optional[str] = ..., options: _Optional[_Iterable[_Union[PilferXY, _Mapping]]] = ..., critter: _Optional[int] = ..., role: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., steps_left: _Optional[int] = ..., directions: _Optional[_Iterable[str]] = ..., dumpster: _Optional[int] = ...) -> None: ...

class PilferObservation(_message.Message):
    __slots__ = ("scenario", "viewer", "players", "phase", "decision", "to_move", "round", "turn_seat", "turn_decisions", "decision_cap", "active_critter", "seats", "critters", "townsfolk", "tokens", "discard", "bag_count", "openings", "sniffs", "pending", "end_reason", "winner")
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TURN_SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_DECISIONS_FIELD_NUMBER: _ClassVar[int]
    DECISION_CAP_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_CRITTER_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CRITTERS_FIELD_NUMBER: _ClassVar[int]
    TOWNSFOLK_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    BAG_COUNT_FIELD_NUMBER: _ClassVar[int]
    OPENINGS_FIELD_NUMBER: _ClassVar[int]
    SNIFFS_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    END_REASON_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    scenario: str
    viewer: int
    players: int
    phase: str
    decision: str
    to_move: int
    round: int
    turn_seat: int
    turn_decisions: int
    decision_cap: int
    active_critter: int
    seats: _containers.RepeatedCompositeFieldContainer[PilferSeat]
    critters: _containers.RepeatedCompositeFieldContainer[PilferCritter]
    townsfolk: _containers.RepeatedCompositeFieldContainer[PilferTownsfolk]
    tokens: _containers.RepeatedCompositeFieldContainer[PilferToken]
    discard: _containers.RepeatedCompositeFieldContainer[PilferCarried]
    bag_count: int
    openings: _containers.RepeatedCompositeFieldContainer[PilferEdge]
    sniffs: _containers.RepeatedCompositeFieldContainer[PilferSniff]
    pending: PilferPending
    end_reason: str
    winner: int
    def __init__(self, scenario: _Optional[str] = ..., viewer: _Optional[int] = ..., players: _Optional[int] = ..., phase: _Optional[str] = ..., decision: _Optional[str] = ..., to_move: _Optional[int] = ..., round: _Optional[int] = ..., turn_seat: _Optional[int] = ..., turn_decisions: _Optional[int] = ..., decision_cap: _Optional[int] = ..., active_critter: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[PilferSeat, _Mapping]]] = ..., critters: _Optional[_Iterable[_Union[PilferCritter, _Mapping]]] = ..., townsfolk: _Optional[_Iterable[_Union[PilferTownsfolk, _Mapping]]] = ..., tokens: _Optional[_Iterable[_Union[PilferToken, _Mapping]]] = ..., discard: _Optional[_Iterable[_Union[PilferCarried, _Mapping]]] = ..., bag_count: _Optional[int] = ..., openings: _Optional[_Iterable[_Union[PilferEdge, _Mapping]]] = ..., sniffs: _Optional[_Iterable[_Union[PilferSniff, _Mapping]]] = ..., pending: _Optional[_Union[PilferPending, _Mapping]] = ..., end_reason: _Optional[str] = ..., winner: _Optional[int] = ...) -> None: ...

class PilferAction(_message.Message):
    __slots__ = ("kind", "critter_type", "critter", "direction", "token", "token_kind", "target", "wall", "x", "y", "yes")
    KIND_FIELD_NUMBER: _ClassVar[int]
    CRITTER_TYPE_FIELD_NUMBER: _ClassVar[int]
    CRITTER_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_KIND_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    WALL_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    YES_FIELD_NUMBER: _ClassVar[int]
    kind: str
    critter_type: str
    critter: int
    direction: str
    token: int
    token_kind: str
    target: str
    wall: str
    x: int
    y: int
    yes: bool
    def __init__(self, kind: _Optional[str] = ..., critter_type: _Optional[str] = ..., critter: _Optional[int] = ..., direction: _Optional[str] = ..., token: _Optional[int] = ..., token_kind: _Optional[str] = ..., target: _Optional[str] = ..., wall: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., yes: _Optional[bool] = ...) -> None: ...

class PilferFighter(_message.Message):
    __slots__ = ("id", "model", "owner")
    ID_FIELD_NUMBER: _ClassVar[int]
    MODEL_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    id: str
    model: str
    owner: int
    def __init__(self, id: _Optional[str] = ..., model: _Optional[str] = ..., owner: _Optional[int] = ...) -> None: ...

class PilferEvent(_message.Message):
    __slots__ = ("kind", "seat", "critter", "critter_type", "from_type", "cost", "actions", "amount", "points", "gross", "why", "by", "choice", "role", "direction", "x", "y", "from_x", "from_y", "how", "townsfolk", "token", "token_kind", "tokens", "value", "target", "dice", "success", "wall", "dumpster", "lane", "heading", "critters", "round", "reason", "winner", "result", "attacker", "defender", "attacker_side", "defender_side", "attacker_dice", "defender_dice", "attacker_successes", "defender_successes", "players", "scenario", "token_count")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CRITTER_FIELD_NUMBER: _ClassVar[int]
    CRITTER_TYPE_FIELD_NUMBER: _ClassVar[int]
    FROM_TYPE_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    GROSS_FIELD_NUMBER: _ClassVar[int]
    WHY_FIELD_NUMBER: _ClassVar[int]
    BY_FIELD_NUMBER: _ClassVar[int]
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    FROM_X_FIELD_NUMBER: _ClassVar[int]
    FROM_Y_FIELD_NUMBER: _ClassVar[int]
    HOW_FIELD_NUMBER: _ClassVar[int]
    TOWNSFOLK_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_KIND_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    WALL_FIELD_NUMBER: _ClassVar[int]
    DUMPSTER_FIELD_NUMBER: _ClassVar[int]
    LANE_FIELD_NUMBER: _ClassVar[int]
    HEADING_FIELD_NUMBER: _ClassVar[int]
    CRITTERS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_SIDE_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_SIDE_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_DICE_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_DICE_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_SUCCESSES_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_SUCCESSES_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    TOKEN_COUNT_FIELD_NUMBER: _ClassVar[int]
    kind: str
    seat: int
    critter: int
    critter_type: str
    from_type: str
    cost: int
    actions: int
    amount: int
    points: int
    gross: int
    why: str
    by: int
    choice: bool
    role: str
    direction: str
    x: int
    y: int
    from_x: int
    from_y: int
    how: str
    townsfolk: str
    token: int
    token_kind: str
    tokens: _containers.RepeatedScalarFieldContainer[int]
    value: int
    target: str
    dice: _containers.RepeatedScalarFieldContainer[int]
    success: bool
    wall: str
    dumpster: int
    lane: str
    heading: str
    critters: _containers.RepeatedScalarFieldContainer[int]
    round: int
    reason: str
    winner: int
    result: str
    attacker: PilferFighter
    defender: PilferFighter
    attacker_side: _containers.RepeatedCompositeFieldContainer[PilferFighter]
    defender_side: _containers.RepeatedCompositeFieldContainer[PilferFighter]
    attacker_dice: _containers.RepeatedScalarFieldContainer[int]
    defender_dice: _containers.RepeatedScalarFieldContainer[int]
    attacker_successes: int
    defender_successes: int
    players: int
    scenario: str
    token_count: int
    def __init__(self, kind: _Optional[str] = ..., seat: _Optional[int] = ..., critter: _Optional[int] = ..., critter_type: _Optional[str] = ..., from_type: _Optional[str] = ..., cost: _Optional[int] = ..., actions: _Optional[int] = ..., amount: _Optional[int] = ..., points: _Optional[int] = ..., gross: _Optional[int] = ..., why: _Optional[str] = ..., by: _Optional[int] = ..., choice: _Optional[bool] = ..., role: _Optional[str] = ..., direction: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., from_x: _Optional[int] = ..., from_y: _Optional[int] = ..., how: _Optional[str] = ..., townsfolk: _Optional[str] = ..., token: _Optional[int] = ..., token_kind: _Optional[str] = ..., tokens: _Optional[_Iterable[int]] = ..., value: _Optional[int] = ..., target: _Optional[str] = ..., dice: _Optional[_Iterable[int]] = ..., success: _Optional[bool] = ..., wall: _Optional[str] = ..., dumpster: _Optional[int] = ..., lane: _Optional[str] = ..., heading: _Optional[str] = ..., critters: _Optional[_Iterable[int]] = ..., round: _Optional[int] = ..., reason: _Optional[str] = ..., winner: _Optional[int] = ..., result: _Optional[str] = ..., attacker: _Optional[_Union[PilferFighter, _Mapping]] = ..., defender: _Optional[_Union[PilferFighter, _Mapping]] = ..., attacker_side: _Optional[_Iterable[_Union[PilferFighter, _Mapping]]] = ..., defender_side: _Optional[_Iterable[_Union[PilferFighter, _Mapping]]] = ..., attacker_dice: _Optional[_Iterable[int]] = ..., defender_dice: _Optional[_Iterable[int]] = ..., attacker_successes: _Optional[int] = ..., defender_successes: _Optional[int] = ..., players: _Optional[int] = ..., scenario: _Optional[str] = ..., token_count: _Optional[int] = ...) -> None: ...
