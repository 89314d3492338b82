"""Re-run a match log into frames: what the board looked like before and after each decision.

Frame 0 is the position before the first decision; frame ``k`` (k >= 1) is the position after
decision ``k - 1`` was applied, with that decision's seat, label and the events it caused.
Observations, events and labels come from the engine for one seat or for a spectator
(``viewer`` None), so a replay never shows more than that viewer could have known: another
seat's decision shows its public label (a mail-order card stays "mail order"), and no view
carries the seed, which would rebuild every hidden card and roll. A forked log replays from its
parent's first decisions (``referee.matchlog.fork``), so its frames are the whole match.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.games.base import GameError, Status
from referee.games.joint import joint_seats
from referee.match import MatchHeader
from referee.matchlog import MatchLog, read_log
from referee.matchlog.fork import ForkError, all_lines
from referee.matchlog.replay import Replayer, Step

JsonDict = dict[str, Any]


@dataclass(frozen=True)
class Frame:
    """One position of a replay and the decision that led to it (None for the opening frame)."""

    index: int
    decision: int | None
    seat: int | None
    """The seat that decided (None for the opening frame and for a joint step)."""
    label: str | None
    time_ms: float | None
    to_move: int | None
    observation: JsonDict
    events: tuple[JsonDict, ...]
    status: Status
    to_act: tuple[int, ...] = ()
    """The seats that act together next (a joint step; empty otherwise)."""

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
            **({"to_act": list(self.to_act)} if self.to_act else {}),
        }


@dataclass(frozen=True)
class Timeline:
    """A whole replay: the log header, the static map, the frames and how the log ended."""

    game: str
    header: MatchHeader
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
        return self.header.players

    def to_json(self) -> JsonDict:
        """Return the timeline as a JSON-ready dict (what the HTML viewer embeds)."""
        return {
            "game": self.game,
            "header": self.header.shown(),
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


class _Frames:
    """Turns each position a replay reaches into a frame seen by ``viewer``."""

    def __init__(self, replayer: Replayer, viewer: int | None) -> None:
        self.game = replayer.game
        self.viewer = viewer
        self.static_map = self.game.static_map(replayer.state)
        self.state = replayer.state
        self.frames: list[Frame] = [self.frame(replayer.state, None)]

    def add(self, step: Step) -> None:
        """Add the frame of a decision that was applied, labelled as ``viewer`` saw it: a
        joint step's label holds every seat's move (``seat: label``), the others' public."""
        line = step.line
        if "moves" in line:
            label = " + ".join(
                f"{move['seat']}: {self.label(move, step.action[move['seat']])}"
                for move in line["moves"]
            )
        else:
            label = self.label(line, step.action)
        self.state = step.state
        self.frames.append(self.frame(step.state, line, label))

    def label(self, move: JsonDict, action: Any) -> str:
        """Return a seat's move as ``viewer`` sees it: whole for its own, else public."""
        if move["seat"] == self.viewer:
            return str(move["label"])
        return self.game.public_label(self.state, action)

    def frame(self, state: Any, line: JsonDict | None, label: str | None = None) -> Frame:
        """Return the next frame: ``state``, reached by decision ``line`` (None: the start)
        labelled ``label``."""
        events = () if line is None else self.events(state)
        return Frame(
            index=len(self.frames) if line is not None else 0,
            decision=None if line is None else line["n"],
            seat=None if line is None else line.get("seat"),
            label=label,
            time_ms=None if line is None else _time_ms(line),
            to_move=self.game.to_move(state),
            observation=self.game.observe(state, self.viewer),
            events=events,
            status=self.game.status(state),
            to_act=joint_seats(self.game, state),
        )

    def events(self, state: Any) -> tuple[JsonDict, ...]:
        """Return the events of the last decision that ``viewer`` may see."""
        return tuple(
            event.to_json() for event in self.game.events(state) if event.is_visible_to(self.viewer)
        )


def _time_ms(line: JsonDict) -> float | None:
    """Return a decision line's time: a joint step's is its slowest seat's."""
    if "moves" in line:
        return max(float(move["time_ms"]) for move in line["moves"])
    time_ms: float | None = line.get("time_ms")
    return time_ms


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
    if viewer is not None and not 0 <= viewer < header.players:
        raise ReplayError(f"seat {viewer} is not in 0..{header.players - 1}")
    try:
        replayer = Replayer(header)
        frames = _Frames(replayer, viewer)
    except (KeyError, ValueError, TypeError, GameError) as error:
        raise ReplayError(f"cannot set up the match: {error}") from None
    problems = [problem for problem in log.problems if not is_cut_short(problem)]
    for step in replayer.steps(log.decisions if lines is None else lines):
        if step.state is not None:
            frames.add(step)
        problems.extend(step.problems)
    return Timeline(
        game=header.game,
        header=header,
        static_map=frames.static_map,
        viewer=viewer,
        frames=tuple(frames.frames),
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
