"""Limits every Ruckus channel and server sets."""

MAX_MESSAGE_BYTES = 4 * 1024 * 1024
"""The largest message either side accepts or sends."""

CHANNEL_OPTIONS = (
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
)
"""gRPC options that apply the message size limit."""
