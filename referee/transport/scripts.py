"""Record the scripted matches the SDK's compliance kit plays against a bot.

``python -m referee.transport.scripts [OUT_DIR]`` writes ``<game>.json`` for every game whose
script ships with the SDK (default ``sdk/python/ruckus/scripts``): the messages one seat receives
in a real match (MatchStart, its DecisionRequests, MatchEnd), as a JSON list, so the kit needs no
engine. ``ruckus bot check`` records the script of any installed game with :func:`script`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from google.protobuf import json_format
from ruckus.check import KNOWN_GAMES
from ruckus.v1 import bot_pb2

from referee.games.base import Outcome
from referee.match import Clocks, MatchSetup, run_match
from referee.match.player import BotIdentity, DecisionPrompt, MatchInfo
from referee.transport import messages
from referee.transport.codec import codec_for

DEFAULT_OUT = Path(__file__).resolve().parents[2] / "sdk" / "python" / "ruckus" / "scripts"
SCRIPT_DECISIONS = 30


class _Recorder:
    """A Player that plays a fixed rotating choice and records what it is sent."""

    def __init__(self, game: str, keep: int) -> None:
        self.codec = codec_for(game)
        self.keep = keep
        self.messages: list[Any] = []
        self.answered = 0

    def identity(self) -> BotIdentity:
        return BotIdentity(name="script-recorder")

    def start(self, info: MatchInfo) -> None:
        self.messages.append(messages.match_start(info, self.codec))

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        if self.answered < self.keep:
            encoded = messages.decision_request(prompt, self.codec)
            self.messages.append(bot_pb2.RefereeMessage.FromString(encoded))
        self.answered += 1
        return (prompt.decision_id * 7) % len(prompt.choices)

    def finish(self, outcome: Outcome) -> None:
        self.messages.append(messages.match_end(outcome))


def record(game_name: str, seed: int = 11, keep: int = SCRIPT_DECISIONS) -> list[dict[str, Any]]:
    """Play a two-seat match and return seat 0's messages (its first ``keep`` requests)."""
    setup = MatchSetup.for_game(
        game_name,
        seed,
        match_id=f"script-{game_name}",
        clocks=Clocks(decision_ms=2_000, bank_ms=600_000),
    )
    seats = [_Recorder(game_name, keep), _Recorder(game_name, 0)]
    run_match(setup, seats)
    return [
        json_format.MessageToDict(message, preserving_proto_field_name=True)
        for message in seats[0].messages
    ]


def script(game_name: str) -> list[bot_pb2.RefereeMessage]:
    """Return the scripted match of ``game_name`` as messages, recorded now from its engine."""
    return [json_format.ParseDict(item, bot_pb2.RefereeMessage()) for item in record(game_name)]


def write_scripts(out_dir: Path) -> None:
    """Write the script file of every game the SDK ships scripts of into ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in KNOWN_GAMES:
        text = json.dumps(record(name), sort_keys=True, separators=(",", ":"))
        (out_dir / f"{name}.json").write_text(text + "\n")


if __name__ == "__main__":
    write_scripts(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT)
