"""The ISMCTS bots: the tree's statistics, the time budget, and real matches over gRPC."""

from __future__ import annotations

import random
import shlex
import time
from pathlib import Path
from typing import Any

import pytest
import ruckus
from bots_kit import PYTHON, play_match
from ruckus.v1 import bot_pb2

from referee.games import get_game
from referee.games.registry import get_plugin
from referee.transport.codec import codec_for
from sample_bots.ismcts import IsmctsBot, Match
from sample_bots.ismcts_tree import Node, Playout, Search, placement_rewards
from sample_bots.pilfer_ismcts import PilferIsmcts
from sample_bots.registry import sample_bots
from sample_bots.support import Deadline
from sample_bots.wabbit import policy
from sample_bots.wabbit.search import candidates as search_candidates
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


class Shift(Pick):
    """A one-decision game whose hidden draw (0 to 9, afresh every resample) is most of every
    action's reward: action 1 scores a little more than the policy's 0 in every world, 2 a
    little less and 3 the opposite of 0, so only paired worlds show 1 better quickly."""

    def resample(self, state: Any, seat: int, rng: random.Random) -> tuple[int, int | None]:
        return (rng.randrange(10), state[1])


def _shift_rewards(state: tuple[int, int | None]) -> list[float]:
    draw, picked = state
    reward = {0: draw / 10, 1: draw / 10 + 0.05, 2: draw / 10 - 0.05, 3: 0.9 - draw / 10}
    share = 0.0 if picked is None else reward[picked]
    return [share, 1.0 - share]


class Noise(Pick):
    """A one-decision game where every action scores its own fair coin of the world: the
    differences between actions are noise alone."""

    def resample(self, state: Any, seat: int, rng: random.Random) -> tuple[int, int | None]:
        return (rng.getrandbits(4), state[1])


def _noise_rewards(state: tuple[int, int | None]) -> list[float]:
    coins, picked = state
    won = picked is not None and (coins >> picked) % 2 == 1
    return [1.0 if won else 0.0, 0.0 if won else 1.0]


class Rounds:
    """A deadline that passes after a fixed number of checks (so a test is deterministic)."""

    def __init__(self, checks: int) -> None:
        self.checks = checks

    def passed(self) -> bool:
        self.checks -= 1
        return self.checks < 0


def _paired(game: Any, rewards: Any, seed: int, favourite: int, **options: Any) -> Search:
    playout = Playout(
        policy=lambda state, actions: favourite, rewards=rewards, turn_seat=lambda state: 0
    )
    return Search(game, playout, game.resample, 0, random.Random(seed), paired=True, **options)


def test_a_paired_search_finds_the_action_better_in_every_shared_world():
    search = _paired(Shift(), _shift_rewards, 5, favourite=0)
    assert search.run((0, None), Rounds(100)) == 1
    children = search.tree.children
    assert children[2].visits == 16  # the worse half goes at round 16
    assert children[0].visits == children[1].visits > 16
    # each round walks every live action through one world: the paired gap is exact
    assert children[1].mean() - children[0].mean() == pytest.approx(0.05)


def test_a_paired_search_keeps_the_policy_choice_when_the_differences_are_noise():
    kept = 0
    for seed in range(50):
        search = _paired(Noise(), _noise_rewards, seed, favourite=0)
        kept += search.run((0, None), Rounds(400)) == 0
    # one standard error over three rivals of pure noise: about a quarter of searches switch
    assert 30 <= kept < 50


def test_the_pilfer_bot_s_root_rule_switches_on_noise_far_less_often():
    """Pilfer's ISMCTS bot keeps the search bot's rule (halve from round 2, two standard
    errors): on pure noise it leaves the policy's choice far less often than the default."""
    pilfer = {"prune_rounds": PilferIsmcts.prune_rounds, "confidence": PilferIsmcts.confidence}

    def switched(**rule: Any) -> int:
        searches = [_paired(Noise(), _noise_rewards, seed, 0, **rule) for seed in range(50)]
        return sum(search.run((0, None), Rounds(400)) != 0 for search in searches)

    assert switched(**pilfer) <= 5 < 10 < switched()


def test_a_paired_search_plays_a_clearly_better_move_among_its_candidates_only():
    assert _paired(Pick(), _pick_rewards, 3, favourite=0).run((0, None), Deadline(0.1)) == 2
    keeps = _paired(Pick(), _pick_rewards, 4, favourite=1, candidates=[1, 3])
    assert keeps.run((0, None), Deadline(0.1)) == 1
    assert set(keeps.tree.children) == {1, 3}  # only the candidates are searched


def test_a_paired_walk_goes_through_the_root_action_it_is_given():
    search = _paired(Pick(), _pick_rewards, 6, favourite=0)
    rewards = search.iterate((1, None), 2)
    assert rewards == [1.0, 0.0] and list(search.tree.children) == [2]
    assert search.tree.children[2].visits == 1 == search.tree.children[2].available


class Twice:
    """Seat 0 decides twice (0 or 1 each time); it wins if its second pick is 1, whatever
    the first, and a hidden coin is drawn afresh by every resample."""

    def to_move(self, state: tuple[int, ...]) -> int | None:
        return 0 if len(state) < 3 else None

    def legal_actions(self, state: tuple[int, ...]) -> list[int]:
        return [0, 1] if len(state) < 3 else []

    def apply(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return (*state, action)

    def resample(self, state: tuple[int, ...], seat: int, rng: random.Random) -> tuple[int, ...]:
        return (rng.randrange(2), *state[1:])


def test_below_the_root_the_tree_leaves_the_policy_where_it_finds_better():
    def rewards(state: tuple[int, ...]) -> list[float]:
        won = len(state) == 3 and state[2] == 1
        return [1.0 if won else 0.0, 0.0 if won else 1.0]

    search = _paired(Twice(), rewards, 7, favourite=0)
    assert search.run((0,), Rounds(200)) == 0  # the first pick does not matter: keep policy
    below = search.tree.children[0].children
    assert below[1].visits > below[0].visits  # the second pick found the winning 1


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


def test_the_wabbit_root_searches_twice_the_search_bot_s_candidates():
    engine = get_game("wabbit")
    bot = WabbitIsmcts(seed=1)
    config = engine.make_config()
    match = Match(engine, config, seat=0, players=2)
    widest = 0
    for _, request in _requests("wabbit", 9):
        seen = ruckus.game_data(request.observation)
        data = [ruckus.game_data(action.action) for action in request.legal_actions]
        farm = bot.map_for(seen)
        narrow = search_candidates(seen, data, farm, 0)
        wide = bot.candidates(match, seen, data, None)
        assert wide[: len(narrow)] == narrow  # search's, best greedy score first, then more
        assert len(wide) == min(len(data), 2 * 4)
        assert wide[0] == policy.choose(seen, data, farm, 0)
        widest = max(widest, len(wide))
    assert widest > 4


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
