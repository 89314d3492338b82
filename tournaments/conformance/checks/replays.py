"""A game's replays keep hidden information hidden: a seat's timeline shows
another seat's decision only by its public label, and a label the rules hide never shows in
that seat's frame (its observation, events or terminal screen).

A game may hide actions only under some rules (Wabbit's V2 hidden mail orders), so the check
plays the default rules and each of them with one on/off rule flipped, and for each looks for a
seed whose random match has a decision with a hidden label before it logs one.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from rich.console import Console

from referee.games import get_game
from referee.games.base import Game
from referee.games.joint import random_step
from referee.games.rng import Rng
from referee.match import MatchSetup, run_match
from referee.matchlog import LogWriter, MatchLog, moves_of, read_log
from tournaments.conformance.samples import SharedChooser, apply_chosen, chosen_actions
from tournaments.replay.terminal import frame_view
from tournaments.replay.timeline import Frame, Timeline, build_timeline

SEEDS_SEARCHED = 20


def rule_variants(game: Game[Any, Any]) -> list[dict[str, Any]]:
    """Return the default rules and, for each on/off rule, the defaults with it flipped."""
    defaults = game.config_to_json(game.make_config())
    flips = [{key: not value} for key, value in defaults.items() if isinstance(value, bool)]
    return [{}, *flips]


def hides_a_label(game: Game[Any, Any], rules: dict[str, Any], seed: int) -> bool:
    """Return whether the random match of ``seed`` has a decision whose public label differs."""
    state = game.new_state(game.make_config(None, **rules), game.spec.min_players, seed)
    chooser = Rng(seed)
    while game.to_move(state) is not None:
        after, indices = random_step(game, state, chooser)
        for _, action in chosen_actions(game, state, indices):
            if game.public_label(state, action) != game.action_label(action):
                return True
        state = after
    return False


def log_match(name: str, rules: dict[str, Any], seed: int, path: Path) -> MatchLog:
    """Log the random match of ``seed`` under ``rules`` with the fewest seats; return the log."""
    game = get_game(name)
    setup = MatchSetup.for_game(name, seed, rules=rules)
    player = SharedChooser(seed)
    with LogWriter(path) as writer:
        run_match(setup, [player] * game.spec.min_players, [writer])
    return read_log(path)


def frame_text(timeline: Timeline, index: int) -> str:
    """Return frame ``index`` as the terminal replay prints it."""
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(frame_view(timeline, index))
    return out.getvalue()


def check_seat_views(game: Game[Any, Any], log: MatchLog) -> int:
    """Check every seat's timeline of ``log``; return how many decisions hid their label."""
    assert log.header is not None
    setup = MatchSetup.from_header(log.header)
    state = game.new_state(setup.config, log.header.players, log.header.seed)
    decisions: list[tuple[bool, list[tuple[int, str, str]]]] = []
    for line in log.decisions:
        chosen = chosen_actions(game, state, tuple(move["index"] for move in moves_of(line)))
        labels = [(s, game.action_label(a), game.public_label(state, a)) for s, a in chosen]
        decisions.append(("moves" in line, labels))
        state = apply_chosen(game, state, chosen)
    hidden = 0
    for viewer in range(log.header.players):
        timeline = build_timeline(log, viewer)
        assert len(timeline.frames) == len(decisions) + 1, timeline.problems
        for frame, (joint, moves) in zip(timeline.frames[1:], decisions, strict=True):
            hidden += _check_frame(timeline, frame, joint, moves, viewer)
    return hidden


def _check_frame(
    timeline: Timeline, frame: Frame, joint: bool, moves: list[tuple[int, str, str]], viewer: int
) -> int:
    """Check one frame of ``viewer``'s timeline against the move that led to it (or a joint
    step's moves, each shown as ``seat: label``); return how many hid their label from it."""
    seen = [(seat, full if seat == viewer else public) for seat, full, public in moves]
    expected = " + ".join(f"{seat}: {label}" for seat, label in seen) if joint else seen[0][1]
    if not joint and moves[0][0] == viewer:
        assert frame.label == expected, f"seat {viewer}'s own decision {frame.decision}"
        return 0
    assert frame.label == expected, (
        f"seat {viewer} sees seat {moves[0][0]}'s decision {frame.decision} as "
        f"{frame.label!r}, not by its public label {expected!r}"
    )
    hidden = 0
    for seat, full, public in moves:
        if seat == viewer or public == full:
            continue
        hidden += 1
        shown = json.dumps([frame.observation, frame.events]) + frame_text(timeline, frame.index)
        assert full not in shown, (
            f"seat {viewer}'s frame after decision {frame.decision} shows the hidden {full!r}"
        )
    return hidden


def test_a_seats_replay_shows_other_seats_decisions_by_their_public_labels(
    ruckus_game: str, tmp_path: Path
) -> None:
    """Each seat's timeline of a random match, under each rule variant, hides what it must."""
    name, game = ruckus_game, get_game(ruckus_game)
    for number, rules in enumerate(rule_variants(game)):
        seeds = range(1, SEEDS_SEARCHED + 1)
        seed = next((seed for seed in seeds if hides_a_label(game, rules, seed)), None)
        log = log_match(name, rules, seed or 1, tmp_path / f"match-{number}.jsonl")
        hidden = check_seat_views(game, log)
        assert hidden > 0 or seed is None, f"rules {rules}: the logged match hid no label"
