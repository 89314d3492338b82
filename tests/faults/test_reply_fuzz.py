"""Malformed bot replies into the referee's bot client: always a classified fault, never a crash.

Ten thousand replies (random bytes, and valid Decisions with bytes flipped, cut or appended)
are put on a Play stream's inbox exactly as gRPC's reader thread would, and the referee's
``GrpcPlayer.decide`` must answer each with an index or a ``PlayerFault`` of a known class —
no other exception, no hang. The same classes come back over real gRPC from the fault bots
(tests/e2e/test_faults.py and test_fault_table.py).
"""

from __future__ import annotations

import queue
import threading
import time

from hypothesis import given, settings
from hypothesis import strategies as st
from ruckus.v1 import bot_pb2

from referee.games import get_game
from referee.match import FaultCode, PlayerFault
from referee.match.player import Choice, DecisionPrompt
from referee.transport.codec import codec_for
from referee.transport.player import GrpcPlayer

CASES = 10_000
DECISION_ID = 7


class _Stream:
    """A Play stream whose inbox the test fills (the shape GrpcPlayer reads)."""

    def __init__(self, reply: bytes) -> None:
        self.inbox: queue.SimpleQueue[object] = queue.SimpleQueue()
        self.inbox.put(reply)
        self.broken: PlayerFault | None = None
        self.expired: set[int] = set()
        self.closed = threading.Event()

    def send(self, message: object) -> None:
        """The request goes nowhere: the reply is already waiting."""


def _prompt() -> DecisionPrompt:
    game = get_game("pilfer")
    state = game.new_state(game.make_config(None), 2, seed=1)
    actions = game.legal_actions(state)
    return DecisionPrompt(
        decision_id=DECISION_ID,
        observation=game.observe(state, game.to_move(state)),
        choices=[Choice(game.action_data(a), game.action_label(a)) for a in actions],
        events=[],
        time_left=1.0,
        bank_left=10.0,
    )


PLAYER = GrpcPlayer("127.0.0.1:9", codec_for("pilfer"), "fuzz")  # never dialled
PROMPT = _prompt()
VALID = bot_pb2.BotMessage(
    decision=bot_pb2.Decision(decision_id=DECISION_ID, action_index=0)
).SerializeToString()
KNOWN = {FaultCode.MALFORMED, FaultCode.TIMEOUT}
"""What a reply that is not a Decision for this request can be (a late or foreign id is
skipped, and then nothing else arrives: a timeout)."""
HANG_SECONDS = 5.0
seen: dict[str, int] = {}


def _flipped(data: bytes, where: int, value: int) -> bytes:
    if not data:
        return bytes([value])
    index = where % len(data)
    return data[:index] + bytes([value]) + data[index + 1 :]


replies = st.one_of(
    st.binary(max_size=300),
    st.builds(_flipped, st.just(VALID), st.integers(0, 64), st.integers(0, 255)),
    st.builds(lambda cut: VALID[:cut], st.integers(0, len(VALID))),
    st.builds(lambda tail: VALID + tail, st.binary(min_size=1, max_size=40)),
)


@settings(max_examples=CASES, database=None)
@given(reply=replies)
def test_every_malformed_reply_is_a_classified_fault_or_an_index(reply: bytes):
    stream = _Stream(reply)
    PLAYER._stream = stream  # type: ignore[assignment]
    began = time.monotonic()
    try:
        index = PLAYER.decide(PROMPT, timeout=0.001)
    except PlayerFault as fault:
        assert fault.code in KNOWN, fault
        seen[fault.code.value] = seen.get(fault.code.value, 0) + 1
    else:
        assert isinstance(index, int)
        seen["answer"] = seen.get("answer", 0) + 1
    finally:
        PLAYER._stream = None
    # A decision waits 1 ms, plus 50 ms for a size refusal: a hang never ends, and 5 s leaves
    # room for a machine busy enough to stall a thread for a second or more (seen at load 13).
    assert time.monotonic() - began < HANG_SECONDS


def test_the_fuzz_covered_every_outcome():
    # Runs after the fuzz above in file order: every kind of outcome was reached.
    assert sum(seen.values()) >= CASES
    assert {"MALFORMED", "answer"} <= set(seen), seen
    print(f"bot-reply fuzz: {seen}")
