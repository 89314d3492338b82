"""Re-run a match log into frames: what the board looked like before and after each decision.

Frame 0 is the position before the first decision; frame ``k`` (k >= 1) is the position after
decision ``k - 1`` was applied, with that decision's seat, label and the events it caused.
Observations come from the engine for one seat or for a spectator (``viewer`` None), so a
replay never shows more than that viewer could have known. A forked log replays from its
parent's first decisions (``referee.matchlog.fork``), so its frames are the whole match.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.games import get_game
from referee.games.base import Game, GameError, Status
from referee.matchlog import MatchLog, read_log
from referee.matchlog.fork import ForkError, all_lines
from referee.matchlog.verify import rebuild_config

JsonDict = dict[str, Any]


@dataclass(frozen=True)
class Frame:
    """One position of a replay and the decision that led to it (None for the opening frame)."""

    index: int
    decision: int | None
    seat: int | None
    label: str | None
    time_ms: float | None
    to_move: int | None
    observation: JsonDict
    events: tuple[JsonDict, ...]
    status: Status

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score at this position."""
        return self.status.scores

    def to_json(self) -> JsonDict:
        """Return the frame as a JSON-ready dict."""
        return {
            "index": self.index,
            "decision": self.decision,
            "seat": self.seat,
            "label": self.label,
            "time_ms": self.time_ms,
            "to_move": self.to_move,
            "observation": self.observation,
            "events": list(self.events),
            "scores": list(self.scores),
            "status": self.status.to_json(),
        }


@dataclass(frozen=True)
class Timeline:
    """A whole replay: the log header, the static map, the frames and how the log ended."""

    game: str
    header: JsonDict
    static_map: JsonDict
    viewer: int | None
    frames: tuple[Frame, ...]
    result: JsonDict | None
    problems: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """Whether the log ended with a result line and replayed without problems."""
        return self.result is not None and not self.problems

    @property
    def seats(self) -> int:
        """Number of seats in the match."""
        return int(self.header["players"])

    def to_json(self) -> JsonDict:
        """Return the timeline as a JSON-ready dict (what the HTML viewer embeds)."""
        return {
            "game": self.game,
            "header": self.header,
            "static_map": self.static_map,
            "viewer": self.viewer,
            "frames": [frame.to_json() for frame in self.frames],
            "result": self.result,
            "complete": self.complete,
            "problems": list(self.problems),
        }


class ReplayError(Exception):
    """A log that cannot be replayed at all (no header, unknown game, bad config or seat)."""


def is_cut_short(problem: str) -> bool:
    """Whether a log problem only says its last line was cut short (a crash mid-write)."""
    return problem.endswith(": cut short")


class _Replayer:
    """Applies recorded decisions one by one and turns each position into a frame."""

    def __init__(self, game: Game[Any, Any], header: JsonDict, viewer: int | None) -> None:
        self.game = game
        self.viewer = viewer
        config = rebuild_config(game, header)
        self.state = game.new_state(config, header["players"], header["seed"])
        self.static_map = game.static_map(self.state)
        self.frames: list[Frame] = [self.frame(0, None, ())]

    def frame(self, index: int, line: JsonDict | None, events: tuple[JsonDict, ...]) -> Frame:
        """Return frame ``index``: the current state, reached by decision ``line``."""
        observation = self.game.observe(self.state, self.viewer)
        return Frame(
            index=index,
            decision=None if line is None else line["n"],
            seat=None if line is None else line["seat"],
            label=None if line is None else line["label"],
            time_ms=None if line is None else line.get("time_ms"),
            to_move=self.game.to_move(self.state),
            observation=observation,
            events=events,
            status=self.game.status(self.state),
        )

    def step(self, line: JsonDict) -> str | None:
        """Apply one decision line; return a problem (and apply nothing more) or None."""
        where = f"decision {line['n']}"
        if self.game.to_move(self.state) != line["seat"]:
            return f"{where}: seat {line['seat']} is not the seat to move"
        actions = self.game.legal_actions(self.state)
        if not 0 <= line["index"] < len(actions):
            return f"{where}: index {line['index']} out of range"
        self.state = self.game.apply(self.state, actions[line["index"]])
        events = tuple(
            event.to_json()
            for event in self.game.events(self.state)
            if event.is_visible_to(self.viewer)
        )
        self.frames.append(self.frame(len(self.frames), line, events))
        if self.game.digest(self.state) != line["digest"]:
            return f"{where}: state digest differs"
        return None


def build_timeline(
    log: MatchLog, viewer: int | None = None, lines: list[JsonDict] | None = None
) -> Timeline:
    """Re-run ``log`` (its decision ``lines``, when a fork's inherited ones are added) into
    frames seen by ``viewer``.

    A decision that cannot be applied, or whose digest differs, ends the timeline: the frame of
    a divergent digest is kept (it is the last one) and the problem is recorded.
    """
    header = log.header
    if header is None:
        raise ReplayError("the log has no header line")
    try:
        game = get_game(header["game"])
        if viewer is not None and not 0 <= viewer < header["players"]:
            raise ReplayError(f"seat {viewer} is not in 0..{header['players'] - 1}")
        replayer = _Replayer(game, header, viewer)
    except (KeyError, ValueError, TypeError, GameError) as error:
        raise ReplayError(f"cannot set up the match: {error}") from None
    problems = [problem for problem in log.problems if not is_cut_short(problem)]
    for line in log.decisions if lines is None else lines:
        problem = replayer.step(line)
        if problem is not None:
            problems.append(problem)
            break
    return Timeline(
        game=game.spec.name,
        header=header,
        static_map=replayer.static_map,
        viewer=viewer,
        frames=tuple(replayer.frames),
        result=log.result,
        problems=tuple(problems),
    )


def load_timeline(path: Path, viewer: int | None = None) -> Timeline:
    """Read the log at ``path`` (and a fork's parents) and re-run it into frames seen by
    ``viewer``."""
    log = read_log(path)
    if log.header is None:
        raise ReplayError("the log has no header line")
    try:
        lines = all_lines(path, log)
    except ForkError as error:
        raise ReplayError(f"cannot replay the fork: {error}") from None
    return build_timeline(log, viewer, lines)
