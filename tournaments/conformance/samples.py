"""What the checks share: a game's golden data, random matches and in-process players."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from referee.games.base import Game, Outcome
from referee.games.joint import as_joint, joint_seats, random_step, seat_actions
from referee.games.plugin import GamePlugin
from referee.games.rng import Rng
from referee.match import BotIdentity, DecisionPrompt, MatchInfo

SAMPLED_DECISIONS = 400


def golden_of(plugin: GamePlugin) -> dict[str, Any]:
    """Return the golden data the plugin names; fail the check if it names none."""
    assert plugin.golden, f"game {plugin.name} names no golden file (GamePlugin.golden)"
    package, _, name = plugin.golden.partition(":")
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def sample_states(game: Game[Any, Any], players: int, seed: int) -> list[Any]:
    """Return every position of one random match (at most SAMPLED_DECISIONS of them)."""
    state = game.new_state(game.make_config(), players, seed)
    chooser = Rng(seed + 99)
    states = [state]
    while game.to_move(state) is not None and len(states) < SAMPLED_DECISIONS:
        state, _ = random_step(game, state, chooser)
        states.append(state)
    return states


def acting_seats(game: Game[Any, Any], state: Any) -> tuple[int, ...]:
    """Return the seats that act at ``state``: a joint step's, or the seat to move."""
    seat = game.to_move(state)
    return joint_seats(game, state) or (() if seat is None else (seat,))


def chosen_actions(
    game: Game[Any, Any], state: Any, indices: tuple[int, ...]
) -> list[tuple[int, Any]]:
    """Return (seat, action) for the ``indices`` the acting seats chose, in seat order."""
    seats = acting_seats(game, state)
    return [
        (seat, seat_actions(game, state, seat)[i]) for seat, i in zip(seats, indices, strict=True)
    ]


def apply_chosen(game: Game[Any, Any], state: Any, chosen: list[tuple[int, Any]]) -> Any:
    """Return the state after the ``chosen`` (seat, action) pairs: a joint step's at once."""
    if joint_seats(game, state):
        return as_joint(game).apply_joint(state, dict(chosen))
    return game.apply(state, chosen[0][1])


def player_counts(game: Game[Any, Any]) -> list[int]:
    """Return the fewest and the most seats the game is played by."""
    spec = game.spec
    return sorted({spec.min_players, spec.max_players})


class SharedChooser:
    """An in-process player for every seat, all drawing from one ``Rng``, as
    ``random_playout`` does: a match it plays repeats the playout of the same seed."""

    def __init__(self, seed: int) -> None:
        self.chooser = Rng(seed)

    def identity(self) -> BotIdentity:
        """Return the player's name, version, language and source."""
        return BotIdentity(name="random", version="1", language="python", source="in-process")

    def start(self, info: MatchInfo) -> None:
        """Note nothing at the start of a match."""

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        """Return a random choice, drawn from the shared source."""
        return self.chooser.below(len(prompt.choices))

    def finish(self, outcome: Outcome) -> None:
        """Note nothing at the end of a match."""
