"""Every message of the protocol survives bytes and JSON round trips, fully populated."""

from __future__ import annotations

from typing import Any

import pytest
from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from ruckus.v1 import bot_pb2, common_pb2, pilfer_pb2, referee_pb2, wabbit_pb2

MODULES = (common_pb2, bot_pb2, referee_pb2, pilfer_pb2, wabbit_pb2)
WELL_KNOWN = "google.protobuf."


def all_messages() -> list[Descriptor]:
    found: list[Descriptor] = []
    for module in MODULES:
        found.extend(module.DESCRIPTOR.message_types_by_name.values())
    return found


def scalar(field: FieldDescriptor, salt: int) -> Any:
    if field.type == FieldDescriptor.TYPE_STRING:
        return f"{field.name}-{salt}"
    if field.type == FieldDescriptor.TYPE_BYTES:
        return bytes([salt % 256, 1, 2])
    if field.type == FieldDescriptor.TYPE_BOOL:
        return True
    if field.type == FieldDescriptor.TYPE_ENUM:
        return field.enum_type.values[-1].number
    return salt + 1


def populate(message: Any, depth: int = 0) -> Any:
    """Set every field of ``message`` (the first member of each oneof) to a non-default value."""
    descriptor = message.DESCRIPTOR
    for index, field in enumerate(descriptor.fields):
        oneof = field.containing_oneof
        if oneof is not None and oneof.fields[0] is not field and depth > 0:
            continue
        if field.message_type is not None:
            if field.message_type.full_name.startswith(WELL_KNOWN):
                getattr(message, field.name).update({"key": "value", "n": 3})
                continue
            if depth >= 4:
                continue
            if field.is_repeated:
                populate(getattr(message, field.name).add(), depth + 1)
                populate(getattr(message, field.name).add(), depth + 1)
            else:
                populate(getattr(message, field.name), depth + 1)
        elif field.is_repeated:
            getattr(message, field.name).extend([scalar(field, index), scalar(field, index + 7)])
        else:
            setattr(message, field.name, scalar(field, index))
    return message


@pytest.mark.parametrize("descriptor", all_messages(), ids=lambda d: d.name)
def test_message_round_trips_through_bytes_and_json(descriptor: Descriptor):
    module = next(m for m in MODULES if descriptor.name in m.DESCRIPTOR.message_types_by_name)
    message = populate(getattr(module, descriptor.name)())
    assert type(message).FromString(message.SerializeToString()) == message
    as_json = json_format.MessageToJson(message, preserving_proto_field_name=True)
    assert json_format.Parse(as_json, type(message)()) == message


def test_every_oneof_member_round_trips():
    for wrapper in (bot_pb2.Observation, bot_pb2.Action, bot_pb2.GameEvent, bot_pb2.StaticMap):
        for field in wrapper.DESCRIPTOR.oneofs_by_name["game"].fields:
            message = wrapper()
            member = getattr(message, field.name)
            if field.message_type.full_name.startswith(WELL_KNOWN):  # the generic arm
                member.update({"key": "value", "n": 3, "list": [1, "two", None]})
            else:
                populate(member, 1)
            assert message.WhichOneof("game") == field.name
            assert wrapper.FromString(message.SerializeToString()) == message
    for wrapper, oneof in (
        (bot_pb2.RefereeMessage, "kind"),
        (bot_pb2.BotMessage, "kind"),
        (referee_pb2.MatchEvent, "kind"),
    ):
        for field in wrapper.DESCRIPTOR.oneofs_by_name[oneof].fields:
            message = wrapper()
            populate(getattr(message, field.name), 1)
            assert message.WhichOneof(oneof) == field.name
            assert wrapper.FromString(message.SerializeToString()) == message


def test_enum_zero_values_are_unspecified():
    for module in MODULES:
        enums = list(module.DESCRIPTOR.enum_types_by_name.values())
        for message in module.DESCRIPTOR.message_types_by_name.values():
            enums.extend(message.enum_types)
        for enum in enums:
            assert enum.values_by_number[0].name.endswith("UNSPECIFIED")
