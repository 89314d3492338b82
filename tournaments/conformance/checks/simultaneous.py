"""A game whose seats move at once keeps the joint-step contract (``Simultaneous`` in
``referee.games.base``), and the referee hosts its joint steps as one.

At a joint state ``to_act`` names distinct seats in order, ``to_move`` is the first of them,
``legal_actions`` are its actions and ``apply`` refuses; ``apply_joint`` takes one legal action
per named seat, no more and no fewer, whatever order they come in. Hosted, every seat of a
joint step is asked with the same decision id and told only what it saw before the step; the
log holds one line per step, which verifies, and a fork from a joint step verifies too. A game
with no joint state skips these checks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.games import get_game
from referee.games.base import Game, IllegalAction
from referee.games.joint import joint_seats
from referee.match import DecisionPrompt, MatchSetup, run_match
from referee.matchlog import LogWriter, read_log, verify
from referee.matchlog.replay import Replayer
from tournaments.cli import app
from tournaments.conformance.samples import SharedChooser, player_counts, sample_states

JointLog = tuple[Path, list[list[DecisionPrompt]]]
"""A logged match and the prompts each seat was given, in order."""


def joint_states(game: Game[Any, Any], players: int, seed: int) -> list[Any]:
    """Return the joint states of one random match; skip the check when there are none."""
    states = [state for state in sample_states(game, players, seed) if joint_seats(game, state)]
    if not states:
        pytest.skip(f"{game.spec.name} has no joint step (every decision is one seat's)")
    return states


def first_actions(game: Any, state: Any) -> dict[int, Any]:
    """Return the first legal action of every seat acting at ``state``."""
    return {seat: game.legal_actions_for(state, seat)[0] for seat in joint_seats(game, state)}


def test_joint_states_name_distinct_seats_and_the_first_is_to_move(ruckus_game: str) -> None:
    """``to_act`` names seats in order; ``to_move``, ``status`` and ``legal_actions`` agree."""
    game: Any = get_game(ruckus_game)
    for players in player_counts(game):
        for state in joint_states(game, players, seed=3):
            seats = joint_seats(game, state)
            assert list(seats) == sorted(set(seats)) and set(seats) <= set(range(players))
            assert game.to_move(state) == seats[0] == game.status(state).to_move
            first = [game.action_label(a) for a in game.legal_actions_for(state, seats[0])]
            assert [game.action_label(a) for a in game.legal_actions(state)] == first
            assert all(game.legal_actions_for(state, seat) for seat in seats)


def test_apply_joint_takes_one_action_per_acting_seat_in_any_order(ruckus_game: str) -> None:
    """``apply`` refuses a joint state; ``apply_joint`` refuses a seat missing or extra and
    gives one state whatever order the seats' actions come in."""
    game: Any = get_game(ruckus_game)
    players = player_counts(game)[-1]
    for state in joint_states(game, players, seed=4)[::5]:
        chosen = first_actions(game, state)
        with pytest.raises(IllegalAction):
            game.apply(state, game.legal_actions(state)[0])
        with pytest.raises(IllegalAction):
            game.apply_joint(state, dict(list(chosen.items())[1:]))
        idle = [seat for seat in range(players) if seat not in chosen]
        if idle:
            with pytest.raises(IllegalAction):
                game.apply_joint(state, {**chosen, idle[0]: next(iter(chosen.values()))})
        backwards = dict(reversed(list(chosen.items())))
        assert game.digest(game.apply_joint(state, chosen)) == game.digest(
            game.apply_joint(state, backwards)
        )


class Recording(SharedChooser):
    """A random player for every seat that keeps each prompt with the seat it asked."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.prompts: list[DecisionPrompt] = []

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        """Keep the prompt, then answer at random."""
        self.prompts.append(prompt)
        return super().decide(prompt, timeout)


@pytest.fixture(scope="module")
def joint_log(ruckus_game: str, tmp_path_factory: pytest.TempPathFactory) -> JointLog:
    """Log a random match of the game with a recording player per seat (a game that has no
    joint step in its contract skips)."""
    game = get_game(ruckus_game)
    if not hasattr(game, "to_act"):
        pytest.skip(f"{ruckus_game} has no joint step (its engine has no to_act)")
    players = player_counts(game)[-1]
    seats = [Recording(seat) for seat in range(players)]
    path = tmp_path_factory.mktemp(f"joint-{ruckus_game}") / "match.jsonl"
    with LogWriter(path) as writer:
        run_match(MatchSetup.for_game(ruckus_game, 6), seats, [writer])
    return path, [seat.prompts for seat in seats]


def test_every_seat_of_a_joint_step_is_asked_what_it_saw_before_the_step(
    joint_log: JointLog,
) -> None:
    """Each acting seat gets the step's decision id and its observation of the state before
    the step: no other seat's choice of the step reaches it."""
    path, prompts = joint_log
    log = read_log(path)
    assert log.header is not None
    replayer = Replayer(log.header)
    asked = [list(seat_prompts) for seat_prompts in prompts]
    steps = 0
    for line in log.decisions:
        seats = joint_seats(replayer.game, replayer.state)
        for seat in seats or (line["seat"],):
            prompt = asked[seat].pop(0)
            assert prompt.decision_id == line["n"] + 1
            assert prompt.observation == replayer.game.observe(replayer.state, seat)
        steps += bool(seats)
        assert bool(seats) == ("moves" in line), f"decision {line['n']}: line shape"
        replayer.step(line)
    if not steps:
        pytest.skip("the match had no joint step")


def test_a_joint_match_log_verifies_and_forks_from_a_joint_step(
    joint_log: JointLog, tmp_path: Path
) -> None:
    """The log verifies; ``replay fork --at N`` at a joint step plays on and verifies."""
    path, _ = joint_log
    assert verify(path).ok, verify(path).problems
    log = read_log(path)
    joint = [line["n"] for line in log.decisions if "moves" in line]
    if not joint:
        pytest.skip("the match had no joint step")
    at = joint[len(joint) // 2]
    assert log.header is not None
    bots = [arg for _ in range(log.header.players) for arg in ("--bot", "random")]
    forked = tmp_path / "fork.jsonl"
    done = CliRunner().invoke(
        app, ["replay", "fork", str(path), "--at", str(at), *bots, "--log", str(forked)]
    )
    assert done.exit_code == 0, done.output
    assert verify(forked).ok, verify(forked).problems
