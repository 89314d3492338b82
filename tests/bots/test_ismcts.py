"""The ISMCTS bots: the tree's statistics, the time budget, and real matches over gRPC."""

from __future__ import annotations

import random
import shlex
import time
from pathlib import Path
from typing import Any

import pytest
from bots_kit import PYTHON, play_match
from ruckus.v1 import bot_pb2

from referee.games import get_game
from referee.games.registry import get_plugin
from referee.transport.codec import codec_for
from sample_bots.ismcts import IsmctsBot
from sample_bots.ismcts_tree import Node, Playout, Search, placement_rewards
from sample_bots.pilfer_ismcts import PilferIsmcts
from sample_bots.registry import sample_bots
from sample_bots.support import Deadline
from sample_bots.wabbit_ismcts import WabbitIsmcts

BOTS = {"pilfer": PilferIsmcts, "wabbit": WabbitIsmcts, "liars-dice": IsmctsBot}
FAST = "--think-ms 20"


class Pick:
    """A one-decision game for the tree: seat 0 picks one of four numbers, then a hidden
    coin (drawn afresh by every resample) decides; picking 2 wins whatever the coin says,
    1 wins on heads, the others lose."""

    def to_move(self, state: tuple[int, int | None]) -> int | None:
        return 0 if state[1] is None else None

    def legal_actions(self, state: tuple[int, int | None]) -> list[int]:
        return [] if state[1] is not None else [0, 1, 2, 3]

    def apply(self, state: tuple[int, int | None], action: int) -> tuple[int, int | None]:
        return (state[0], action)

    def resample(self, state: Any, seat: int, rng: random.Random) -> tuple[int, int | None]:
        return (rng.randrange(2), state[1])


def _pick_rewards(state: tuple[int, int | None]) -> list[float]:
    coin, picked = state
    won = picked == 2 or (picked == 1 and coin == 1)
    return [1.0 if won else 0.0, 0.0 if won else 1.0]


def _pick_search(seed: int, favourite: int = 0, **options: Any) -> Search:
    playout = Playout(
        policy=lambda state, actions: favourite, rewards=_pick_rewards, turn_seat=lambda state: 0
    )
    return Search(Pick(), playout, Pick().resample, 0, random.Random(seed), **options)


def test_tree_statistics_count_every_visit_and_every_availability():
    search = _pick_search(1)
    for _ in range(200):
        search.iterate(search.resample((0, None), 0, search.rng))
    children = search.tree.children
    assert sum(child.visits for child in children.values()) == search.iterations == 200
    assert set(children) == {0, 1, 2, 3}
    for child in children.values():
        assert child.mover == 0 and child.visits <= child.available <= 200
        assert 0.0 <= child.mean() <= 1.0
    assert children[2].mean() == 1.0 and children[0].mean() == 0.0 == children[3].mean()
    assert 0.2 < children[1].mean() < 0.8
    assert children[0].favoured and not children[2].favoured  # the policy's choice is 0
    assert max(children.values(), key=lambda child: child.visits) is children[2]


def test_the_tree_plays_the_best_action_and_widens_one_child_at_a_time():
    search = _pick_search(2)
    search.iterate((0, None))
    assert list(search.tree.children) == [0]  # the policy's choice first
    assert search.run((0, None), Deadline(0.2)) == 2


def test_a_conservative_search_leaves_the_policy_only_for_a_clearly_better_move():
    assert _pick_search(3, favourite=0, conservative=True).run((0, None), Deadline(0.1)) == 2
    keeps = _pick_search(4, favourite=1, conservative=True, candidates=[1, 3])
    assert keeps.run((0, None), Deadline(0.1)) == 1
    assert set(keeps.tree.children) == {1, 3}  # only the candidates are searched


def test_standard_errors_need_visits_and_shrink_with_them():
    few = Node(mover=0)
    few.update([1.0])
    assert few.standard_error() == float("inf")
    steady, noisy = Node(mover=0), Node(mover=0)
    for k in range(40):
        steady.update([0.6])
        noisy.update([float(k % 2)])
    assert steady.standard_error() == pytest.approx(0.0, abs=1e-6)
    assert noisy.standard_error() == pytest.approx(0.5 / 40**0.5, rel=0.05)
    assert steady.beats(noisy) is False  # 0.6 against 0.5 +- 0.08: not two errors
    assert Node(mover=0, visits=8, total=8.0, square=8.0).beats(noisy)


def test_ucb_uses_availability_and_the_policy_bias_fades():
    node = Node(mover=1, visits=0, available=3)
    assert node.ucb(0.7) == float("inf")
    node.update([0.0, 1.0])
    node.update([1.0, 0.0])
    assert node.visits == 2 and node.mean() == 0.5
    plain = node.ucb(0.7)
    assert plain > node.mean()
    favoured = Node(mover=1, favoured=True, visits=2, total=1.0, available=3)
    assert favoured.ucb(0.7) > plain
    favoured.visits, favoured.total = 200, 100.0
    node.visits, node.total = 200, 100.0
    assert favoured.ucb(0.7) - node.ucb(0.7) < 0.01


def test_placement_rewards_share_out_the_seats_beaten():
    assert placement_rewards([5, 3]) == [1.0, 0.0]
    assert placement_rewards([2, 2]) == [0.5, 0.5]
    assert placement_rewards([9, 1, 5, 5]) == pytest.approx([1.0, 0.0, 0.5, 0.5])


def _legal(engine: Any, codec: Any, action: Any) -> dict[str, Any]:
    """Return one legal action as a DecisionRequest lists it."""
    data = codec.payload(engine.action_data(action))
    return {"action": data, "label": engine.action_label(action)}


def _requests(game: str, seed: int):
    """Yield (state, DecisionRequest) for seat 0's decisions of a random two-seat game."""
    engine = get_game(game)
    codec = codec_for(game)
    state = engine.new_state(engine.make_config(), 2, seed)
    chooser = random.Random(seed)
    while (seat := engine.to_move(state)) is not None:
        actions = engine.legal_actions(state)
        if seat == 0:
            yield (
                state,
                bot_pb2.DecisionRequest(
                    observation=codec.payload(engine.observe(state, 0)),
                    legal_actions=[
                        {"action": codec.payload(engine.action_data(a)), "label": label}
                        for a in actions
                        if (label := engine.action_label(a))
                    ],
                    time_left={"decision_ms": 2_000, "bank_ms": 120_000},
                ),
            )
        state = engine.apply(state, actions[chooser.randrange(len(actions))])


@pytest.mark.parametrize("game", sorted(BOTS))
def test_the_ismcts_bot_answers_within_its_think_time(game: str):
    engine = get_game(game)
    codec = codec_for(game)
    bot = BOTS[game](think_ms=60, seed=1)
    first = engine.new_state(engine.make_config(), 2, 5)
    bot.start(
        bot_pb2.MatchStart(
            game=game,
            scenario=engine.spec.default_scenario,
            seat=0,
            players=2,
            static_map=codec.static_map(engine.static_map(first)),
        )
    )
    answered = 0
    for state, request in _requests(game, 5):
        began = time.monotonic()
        index = bot.decide(request)
        assert time.monotonic() - began < 0.3  # 60 ms and one iteration over at most
        assert 0 <= index < len(engine.legal_actions(state))
        answered += 1
        if answered == 12:
            break
    assert answered == 12


def test_every_game_that_resamples_has_an_ismcts_sample_bot():
    bots = sample_bots()
    assert bots["pilfer-ismcts"][-1] == "sample_bots.pilfer_ismcts"
    assert bots["wabbit-ismcts"][-1] == "sample_bots.wabbit_ismcts"
    assert bots["liars-dice-ismcts"][-1] == "sample_bots.ismcts"
    assert hasattr(get_plugin("liars-dice").engine, "state_from_view")


@pytest.mark.parametrize(
    ("game", "other", "players"),
    [("pilfer", "greedy", 2), ("wabbit", "greedy", 2), ("liars-dice", "random", 3)],
)
def test_the_ismcts_bot_plays_a_whole_match_over_grpc(
    game: str, other: str, players: int, tmp_path: Path
):
    ismcts = "cmd:" + shlex.join([PYTHON, "-m", sample_bots()[f"{game}-ismcts"][-1], *FAST.split()])
    seats = [ismcts, f"{game}-{other}", *([f"{game}-random"] * (players - 2))]
    result = play_match(game, seats, tmp_path, seed=3)
    assert result.faults == ()
    assert sorted(result.outcome.ranks)[0] == 1 and len(result.outcome.ranks) == players
