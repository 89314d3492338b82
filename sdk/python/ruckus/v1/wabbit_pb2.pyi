from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class WabbitXY(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class WabbitDoor(_message.Message):
    __slots__ = ("inside", "outside")
    INSIDE_FIELD_NUMBER: _ClassVar[int]
    OUTSIDE_FIELD_NUMBER: _ClassVar[int]
    inside: WabbitXY
    outside: WabbitXY
    def __init__(self, inside: _Optional[_Union[WabbitXY, _Mapping]] = ..., outside: _Optional[_Union[WabbitXY, _Mapping]] = ...) -> None: ...

class WabbitStaticBuilding(_message.Message):
    __slots__ = ("id", "name", "cells", "defense", "doors", "structure")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CELLS_FIELD_NUMBER: _ClassVar[int]
    DEFENSE_FIELD_NUMBER: _ClassVar[int]
    DOORS_FIELD_NUMBER: _ClassVar[int]
    STRUCTURE_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    cells: _containers.RepeatedCompositeFieldContainer[WabbitXY]
    defense: int
    doors: _containers.RepeatedCompositeFieldContainer[WabbitDoor]
    structure: int
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., cells: _Optional[_Iterable[_Union[WabbitXY, _Mapping]]] = ..., defense: _Optional[int] = ..., doors: _Optional[_Iterable[_Union[WabbitDoor, _Mapping]]] = ..., structure: _Optional[int] = ...) -> None: ...

class WabbitHome(_message.Message):
    __slots__ = ("character", "kind", "owner", "x", "y")
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    character: int
    kind: str
    owner: int
    x: int
    y: int
    def __init__(self, character: _Optional[int] = ..., kind: _Optional[str] = ..., owner: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class WabbitWarren(_message.Message):
    __slots__ = ("seat", "warren", "x", "y")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    WARREN_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    seat: int
    warren: str
    x: int
    y: int
    def __init__(self, seat: _Optional[int] = ..., warren: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class WabbitTerrainRow(_message.Message):
    __slots__ = ("cells",)
    CELLS_FIELD_NUMBER: _ClassVar[int]
    cells: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cells: _Optional[_Iterable[str]] = ...) -> None: ...

class WabbitStaticMap(_message.Message):
    __slots__ = ("scenario", "width", "height", "buildings", "carrot_patch", "config", "fields", "highway", "holes", "homes", "mailbox", "pond", "terrain", "warrens")
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    BUILDINGS_FIELD_NUMBER: _ClassVar[int]
    CARROT_PATCH_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    FIELDS_FIELD_NUMBER: _ClassVar[int]
    HIGHWAY_FIELD_NUMBER: _ClassVar[int]
    HOLES_FIELD_NUMBER: _ClassVar[int]
    HOMES_FIELD_NUMBER: _ClassVar[int]
    MAILBOX_FIELD_NUMBER: _ClassVar[int]
    POND_FIELD_NUMBER: _ClassVar[int]
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    WARRENS_FIELD_NUMBER: _ClassVar[int]
    scenario: str
    width: int
    height: int
    buildings: _containers.RepeatedCompositeFieldContainer[WabbitStaticBuilding]
    carrot_patch: _containers.RepeatedCompositeFieldContainer[WabbitXY]
    config: _struct_pb2.Struct
    fields: _containers.RepeatedCompositeFieldContainer[WabbitXY]
    highway: _containers.RepeatedCompositeFieldContainer[WabbitXY]
    holes: _containers.RepeatedCompositeFieldContainer[WabbitXY]
    homes: _containers.RepeatedCompositeFieldContainer[WabbitHome]
    mailbox: WabbitXY
    pond: _containers.RepeatedCompositeFieldContainer[WabbitXY]
    terrain: _containers.RepeatedCompositeFieldContainer[WabbitTerrainRow]
    warrens: _containers.RepeatedCompositeFieldContainer[WabbitWarren]
    def __init__(self, scenario: _Optional[str] = ..., width: _Optional[int] = ..., height: _Optional[int] = ..., buildings: _Optional[_Iterable[_Union[WabbitStaticBuilding, _Mapping]]] = ..., carrot_patch: _Optional[_Iterable[_Union[WabbitXY, _Mapping]]] = ..., config: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., fields: _Optional[_Iterable[_Union[WabbitXY, _Mapping]]] = ..., highway: _Optional[_Iterable[_Union[WabbitXY, _Mapping]]] = ..., holes: _Optional[_Iterable[_Union[WabbitXY, _Mapping]]] = ..., homes: _Optional[_Iterable[_Union[WabbitHome, _Mapping]]] = ..., mailbox: _Optional[_Union[WabbitXY, _Mapping]] = ..., pond: _Optional[_Iterable[_Union[WabbitXY, _Mapping]]] = ..., terrain: _Optional[_Iterable[_Union[WabbitTerrainRow, _Mapping]]] = ..., warrens: _Optional[_Iterable[_Union[WabbitWarren, _Mapping]]] = ...) -> None: ...

class WabbitScoreBreakdown(_message.Message):
    __slots__ = ("whomp", "plough", "plant", "stockpile", "crop", "building", "standing")
    WHOMP_FIELD_NUMBER: _ClassVar[int]
    PLOUGH_FIELD_NUMBER: _ClassVar[int]
    PLANT_FIELD_NUMBER: _ClassVar[int]
    STOCKPILE_FIELD_NUMBER: _ClassVar[int]
    CROP_FIELD_NUMBER: _ClassVar[int]
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    STANDING_FIELD_NUMBER: _ClassVar[int]
    whomp: int
    plough: int
    plant: int
    stockpile: int
    crop: int
    building: int
    standing: int
    def __init__(self, whomp: _Optional[int] = ..., plough: _Optional[int] = ..., plant: _Optional[int] = ..., stockpile: _Optional[int] = ..., crop: _Optional[int] = ..., building: _Optional[int] = ..., standing: _Optional[int] = ...) -> None: ...

class WabbitMail(_message.Message):
    __slots__ = ("card", "item")
    CARD_FIELD_NUMBER: _ClassVar[int]
    ITEM_FIELD_NUMBER: _ClassVar[int]
    card: int
    item: str
    def __init__(self, card: _Optional[int] = ..., item: _Optional[str] = ...) -> None: ...

class WabbitSeat(_message.Message):
    __slots__ = ("seat", "side", "warren", "score", "score_breakdown", "carrots_stockpiled", "hand_size", "in_mail", "parcel")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    WARREN_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    SCORE_BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    CARROTS_STOCKPILED_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    IN_MAIL_FIELD_NUMBER: _ClassVar[int]
    PARCEL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    side: str
    warren: str
    score: int
    score_breakdown: WabbitScoreBreakdown
    carrots_stockpiled: int
    hand_size: int
    in_mail: _containers.RepeatedCompositeFieldContainer[WabbitMail]
    parcel: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., side: _Optional[str] = ..., warren: _Optional[str] = ..., score: _Optional[int] = ..., score_breakdown: _Optional[_Union[WabbitScoreBreakdown, _Mapping]] = ..., carrots_stockpiled: _Optional[int] = ..., hand_size: _Optional[int] = ..., in_mail: _Optional[_Iterable[_Union[WabbitMail, _Mapping]]] = ..., parcel: _Optional[_Iterable[str]] = ...) -> None: ...

class WabbitCharacter(_message.Message):
    __slots__ = ("id", "name", "kind", "owner", "x", "y", "home_x", "home_y", "weapon", "vehicle", "carrots", "in_hole", "at_home", "disguised", "defense", "move_done", "action_done", "active")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    HOME_X_FIELD_NUMBER: _ClassVar[int]
    HOME_Y_FIELD_NUMBER: _ClassVar[int]
    WEAPON_FIELD_NUMBER: _ClassVar[int]
    VEHICLE_FIELD_NUMBER: _ClassVar[int]
    CARROTS_FIELD_NUMBER: _ClassVar[int]
    IN_HOLE_FIELD_NUMBER: _ClassVar[int]
    AT_HOME_FIELD_NUMBER: _ClassVar[int]
    DISGUISED_FIELD_NUMBER: _ClassVar[int]
    DEFENSE_FIELD_NUMBER: _ClassVar[int]
    MOVE_DONE_FIELD_NUMBER: _ClassVar[int]
    ACTION_DONE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    kind: str
    owner: int
    x: int
    y: int
    home_x: int
    home_y: int
    weapon: str
    vehicle: str
    carrots: int
    in_hole: bool
    at_home: bool
    disguised: bool
    defense: int
    move_done: bool
    action_done: bool
    active: bool
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., kind: _Optional[str] = ..., owner: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., home_x: _Optional[int] = ..., home_y: _Optional[int] = ..., weapon: _Optional[str] = ..., vehicle: _Optional[str] = ..., carrots: _Optional[int] = ..., in_hole: _Optional[bool] = ..., at_home: _Optional[bool] = ..., disguised: _Optional[bool] = ..., defense: _Optional[int] = ..., move_done: _Optional[bool] = ..., action_done: _Optional[bool] = ..., active: _Optional[bool] = ...) -> None: ...

class WabbitItem(_message.Message):
    __slots__ = ("item", "kind", "x", "y")
    ITEM_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    item: str
    kind: str
    x: int
    y: int
    def __init__(self, item: _Optional[str] = ..., kind: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class WabbitCarrots(_message.Message):
    __slots__ = ("x", "y", "count")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    count: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class WabbitField(_message.Message):
    __slots__ = ("x", "y", "ploughed", "planted")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    PLOUGHED_FIELD_NUMBER: _ClassVar[int]
    PLANTED_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    ploughed: bool
    planted: bool
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ..., ploughed: _Optional[bool] = ..., planted: _Optional[bool] = ...) -> None: ...

class WabbitHole(_message.Message):
    __slots__ = ("x", "y", "portable", "occupied_by")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    PORTABLE_FIELD_NUMBER: _ClassVar[int]
    OCCUPIED_BY_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    portable: bool
    occupied_by: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ..., portable: _Optional[bool] = ..., occupied_by: _Optional[int] = ...) -> None: ...

class WabbitBuilding(_message.Message):
    __slots__ = ("id", "name", "damage", "structure", "defense", "standing")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DAMAGE_FIELD_NUMBER: _ClassVar[int]
    STRUCTURE_FIELD_NUMBER: _ClassVar[int]
    DEFENSE_FIELD_NUMBER: _ClassVar[int]
    STANDING_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    damage: int
    structure: int
    defense: int
    standing: bool
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., damage: _Optional[int] = ..., structure: _Optional[int] = ..., defense: _Optional[int] = ..., standing: _Optional[bool] = ...) -> None: ...

class WabbitCard(_message.Message):
    __slots__ = ("card", "kind", "name")
    CARD_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    card: int
    kind: str
    name: str
    def __init__(self, card: _Optional[int] = ..., kind: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class WabbitDisguise(_message.Message):
    __slots__ = ("card", "character")
    CARD_FIELD_NUMBER: _ClassVar[int]
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    card: int
    character: int
    def __init__(self, card: _Optional[int] = ..., character: _Optional[int] = ...) -> None: ...

class WabbitRoll(_message.Message):
    __slots__ = ("dice",)
    DICE_FIELD_NUMBER: _ClassVar[int]
    dice: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, dice: _Optional[_Iterable[int]] = ...) -> None: ...

class WabbitAttack(_message.Message):
    __slots__ = ("source", "seat", "attacker", "targets", "building", "mode", "card", "bonus", "aim", "rolls", "target_numbers")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    AIM_FIELD_NUMBER: _ClassVar[int]
    ROLLS_FIELD_NUMBER: _ClassVar[int]
    TARGET_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    source: str
    seat: int
    attacker: int
    targets: _containers.RepeatedScalarFieldContainer[int]
    building: str
    mode: str
    card: int
    bonus: _containers.RepeatedScalarFieldContainer[int]
    aim: int
    rolls: _containers.RepeatedCompositeFieldContainer[WabbitRoll]
    target_numbers: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, source: _Optional[str] = ..., seat: _Optional[int] = ..., attacker: _Optional[int] = ..., targets: _Optional[_Iterable[int]] = ..., building: _Optional[str] = ..., mode: _Optional[str] = ..., card: _Optional[int] = ..., bonus: _Optional[_Iterable[int]] = ..., aim: _Optional[int] = ..., rolls: _Optional[_Iterable[_Union[WabbitRoll, _Mapping]]] = ..., target_numbers: _Optional[_Iterable[int]] = ...) -> None: ...

class WabbitLoot(_message.Message):
    __slots__ = ("target", "x", "y", "items", "carrots")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    CARROTS_FIELD_NUMBER: _ClassVar[int]
    target: int
    x: int
    y: int
    items: _containers.RepeatedScalarFieldContainer[str]
    carrots: int
    def __init__(self, target: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., items: _Optional[_Iterable[str]] = ..., carrots: _Optional[int] = ...) -> None: ...

class WabbitObservation(_message.Message):
    __slots__ = ("game", "scenario", "players", "viewer", "round", "rounds", "season", "turn_seat", "to_move", "phase", "step", "active_character", "mp_left", "moved", "free_actions_left", "discards_left", "decisions_this_turn", "decision_cap", "seats", "characters", "items", "loose_carrots", "fields", "holes", "buildings", "deck_size", "discard_pile", "disguises", "hand", "attack", "loot")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    TURN_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    MP_LEFT_FIELD_NUMBER: _ClassVar[int]
    MOVED_FIELD_NUMBER: _ClassVar[int]
    FREE_ACTIONS_LEFT_FIELD_NUMBER: _ClassVar[int]
    DISCARDS_LEFT_FIELD_NUMBER: _ClassVar[int]
    DECISIONS_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    DECISION_CAP_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CHARACTERS_FIELD_NUMBER: _ClassVar[int]
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    LOOSE_CARROTS_FIELD_NUMBER: _ClassVar[int]
    FIELDS_FIELD_NUMBER: _ClassVar[int]
    HOLES_FIELD_NUMBER: _ClassVar[int]
    BUILDINGS_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_PILE_FIELD_NUMBER: _ClassVar[int]
    DISGUISES_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    LOOT_FIELD_NUMBER: _ClassVar[int]
    game: str
    scenario: str
    players: int
    viewer: int
    round: int
    rounds: int
    season: str
    turn_seat: int
    to_move: int
    phase: str
    step: int
    active_character: int
    mp_left: int
    moved: bool
    free_actions_left: int
    discards_left: int
    decisions_this_turn: int
    decision_cap: int
    seats: _containers.RepeatedCompositeFieldContainer[WabbitSeat]
    characters: _containers.RepeatedCompositeFieldContainer[WabbitCharacter]
    items: _containers.RepeatedCompositeFieldContainer[WabbitItem]
    loose_carrots: _containers.RepeatedCompositeFieldContainer[WabbitCarrots]
    fields: _containers.RepeatedCompositeFieldContainer[WabbitField]
    holes: _containers.RepeatedCompositeFieldContainer[WabbitHole]
    buildings: _containers.RepeatedCompositeFieldContainer[WabbitBuilding]
    deck_size: int
    discard_pile: _containers.RepeatedCompositeFieldContainer[WabbitCard]
    disguises: _containers.RepeatedCompositeFieldContainer[WabbitDisguise]
    hand: _containers.RepeatedCompositeFieldContainer[WabbitCard]
    attack: WabbitAttack
    loot: WabbitLoot
    def __init__(self, game: _Optional[str] = ..., scenario: _Optional[str] = ..., players: _Optional[int] = ..., viewer: _Optional[int] = ..., round: _Optional[int] = ..., rounds: _Optional[int] = ..., season: _Optional[str] = ..., turn_seat: _Optional[int] = ..., to_move: _Optional[int] = ..., phase: _Optional[str] = ..., step: _Optional[int] = ..., active_character: _Optional[int] = ..., mp_left: _Optional[int] = ..., moved: _Optional[bool] = ..., free_actions_left: _Optional[int] = ..., discards_left: _Optional[int] = ..., decisions_this_turn: _Optional[int] = ..., decision_cap: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[WabbitSeat, _Mapping]]] = ..., characters: _Optional[_Iterable[_Union[WabbitCharacter, _Mapping]]] = ..., items: _Optional[_Iterable[_Union[WabbitItem, _Mapping]]] = ..., loose_carrots: _Optional[_Iterable[_Union[WabbitCarrots, _Mapping]]] = ..., fields: _Optional[_Iterable[_Union[WabbitField, _Mapping]]] = ..., holes: _Optional[_Iterable[_Union[WabbitHole, _Mapping]]] = ..., buildings: _Optional[_Iterable[_Union[WabbitBuilding, _Mapping]]] = ..., deck_size: _Optional[int] = ..., discard_pile: _Optional[_Iterable[_Union[WabbitCard, _Mapping]]] = ..., disguises: _Optional[_Iterable[_Union[WabbitDisguise, _Mapping]]] = ..., hand: _Optional[_Iterable[_Union[WabbitCard, _Mapping]]] = ..., attack: _Optional[_Union[WabbitAttack, _Mapping]] = ..., loot: _Optional[_Union[WabbitLoot, _Mapping]] = ...) -> None: ...

class WabbitAction(_message.Message):
    __slots__ = ("kind", "char", "direction", "item", "card", "card_kind", "building", "target", "target_index", "mode", "x", "y")
    KIND_FIELD_NUMBER: _ClassVar[int]
    CHAR_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    ITEM_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    CARD_KIND_FIELD_NUMBER: _ClassVar[int]
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    TARGET_INDEX_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    kind: str
    char: int
    direction: str
    item: str
    card: int
    card_kind: str
    building: str
    target: int
    target_index: int
    mode: str
    x: int
    y: int
    def __init__(self, kind: _Optional[str] = ..., char: _Optional[int] = ..., direction: _Optional[str] = ..., item: _Optional[str] = ..., card: _Optional[int] = ..., card_kind: _Optional[str] = ..., building: _Optional[str] = ..., target: _Optional[int] = ..., target_index: _Optional[int] = ..., mode: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class WabbitEvent(_message.Message):
    __slots__ = ("kind", "seat", "char", "mp", "mp_left", "direction", "x", "y", "item", "items", "card", "card_kind", "name", "building", "building_index", "target_index", "attacker", "targets", "source", "mode", "target", "hit", "dice", "total", "target_number", "success", "damage", "points", "carrots", "count", "cards", "card_count", "buildings", "round", "season", "scores", "players", "scenario", "category", "decisions")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CHAR_FIELD_NUMBER: _ClassVar[int]
    MP_FIELD_NUMBER: _ClassVar[int]
    MP_LEFT_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    ITEM_FIELD_NUMBER: _ClassVar[int]
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    CARD_KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    BUILDING_INDEX_FIELD_NUMBER: _ClassVar[int]
    TARGET_INDEX_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    HIT_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    TARGET_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    DAMAGE_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    CARROTS_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    BUILDINGS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    DECISIONS_FIELD_NUMBER: _ClassVar[int]
    kind: str
    seat: int
    char: int
    mp: int
    mp_left: int
    direction: str
    x: int
    y: int
    item: str
    items: _containers.RepeatedScalarFieldContainer[str]
    card: int
    card_kind: str
    name: str
    building: str
    building_index: int
    target_index: int
    attacker: int
    targets: _containers.RepeatedScalarFieldContainer[int]
    source: str
    mode: str
    target: int
    hit: bool
    dice: _containers.RepeatedScalarFieldContainer[int]
    total: int
    target_number: int
    success: bool
    damage: int
    points: int
    carrots: int
    count: int
    cards: _containers.RepeatedScalarFieldContainer[int]
    card_count: int
    buildings: int
    round: int
    season: str
    scores: _containers.RepeatedScalarFieldContainer[int]
    players: int
    scenario: str
    category: str
    decisions: int
    def __init__(self, kind: _Optional[str] = ..., seat: _Optional[int] = ..., char: _Optional[int] = ..., mp: _Optional[int] = ..., mp_left: _Optional[int] = ..., direction: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., item: _Optional[str] = ..., items: _Optional[_Iterable[str]] = ..., card: _Optional[int] = ..., card_kind: _Optional[str] = ..., name: _Optional[str] = ..., building: _Optional[str] = ..., building_index: _Optional[int] = ..., target_index: _Optional[int] = ..., attacker: _Optional[int] = ..., targets: _Optional[_Iterable[int]] = ..., source: _Optional[str] = ..., mode: _Optional[str] = ..., target: _Optional[int] = ..., hit: _Optional[bool] = ..., dice: _Optional[_Iterable[int]] = ..., total: _Optional[int] = ..., target_number: _Optional[int] = ..., success: _Optional[bool] = ..., damage: _Optional[int] = ..., points: _Optional[int] = ..., carrots: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[int]] = ..., card_count: _Optional[int] = ..., buildings: _Optional[int] = ..., round: _Optional[int] = ..., season: _Optional[str] = ..., scores: _Optional[_Iterable[int]] = ..., players: _Optional[int] = ..., scenario: _Optional[str] = ..., category: _Optional[str] = ..., decisions: _Optional[int] = ...) -> None: ...
