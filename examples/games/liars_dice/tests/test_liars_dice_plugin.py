"""The plugin record and what it names: registry entry, config JSON, state bookkeeping, golden
cases, the terminal view, the HTML drawer script and a new bot project's starter."""

from __future__ import annotations

import ast
import importlib.util
import json
import sys
from importlib import resources
from pathlib import Path

import pytest
from referee.games import get_plugin
from referee.games.base import ConfigError
from referee.games.registry import load_reference
from referee.transport.codec import codec_for
from rich.console import Console
from ruckus.v1 import bot_pb2
from tournaments.replay.views import GenericView, view_for
from tournaments.scaffold import create_project

from liars_dice_helpers import GAME, new, play, with_cups
from ruckus_liars_dice import golden
from ruckus_liars_dice.state import State

PACKAGE = Path(__file__).resolve().parents[1] / "ruckus_liars_dice"
ENGINE_MODULES = (
    "actions",
    "config",
    "engine",
    "golden",
    "observe",
    "render",
    "rules",
    "seen",
    "state",
)


def test_the_entry_point_gives_the_plugin_of_the_engine():
    plugin = get_plugin("liars-dice")
    assert plugin.engine is GAME and plugin.codec == ""
    assert plugin.spec.title == "Liar's Dice"
    assert (plugin.spec.min_players, plugin.spec.max_players) == (2, 6)
    assert set(plugin.sample_bots) == {"random", "odds"}
    for module in plugin.sample_bots.values():
        assert importlib.util.find_spec(module) is not None


def test_the_engine_imports_only_the_standard_library_and_referee_games():
    offenders = []
    for name in ENGINE_MODULES:
        path = PACKAGE / f"{name}.py"
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                top = module.split(".")[0]
                allowed = top in sys.stdlib_module_names or module.startswith("referee.games")
                if not allowed and top != "ruckus_liars_dice":
                    offenders.append(f"{name}.py imports {module}")
                if top == "ruckus_liars_dice" and module.split(".")[-1] not in ENGINE_MODULES:
                    offenders.append(f"{name}.py imports {module}")
    assert offenders == []


@pytest.mark.parametrize("scenario", GAME.spec.scenarios)
def test_config_round_trips_through_json(scenario):
    for config in (GAME.make_config(scenario), GAME.make_config(scenario, faces=8, max_rounds=9)):
        data = GAME.config_to_json(config)
        assert json.loads(json.dumps(data)) == data
        assert GAME.config_from_json(scenario, data) == config


def test_config_from_json_refuses_a_bad_value():
    data = GAME.config_to_json(GAME.make_config())
    with pytest.raises(ConfigError, match="faces"):
        GAME.config_from_json("classic", {**data, "faces": 99})


def test_every_state_slot_but_the_fresh_events_reaches_the_digest():
    state = play(new(3, seed=2), "BID(2x3)", "LIAR", "BID(1x4)")
    assert State.digest_exempt() == {"events"}
    digest = GAME.digest(state)
    for name in State.slot_names():
        if name == "events":
            continue
        changed = state.copy()
        setattr(changed, name, ("changed",))
        assert GAME.digest(changed) != digest, name
        setattr(changed, name, object())
        with pytest.raises(TypeError):
            GAME.digest(changed)


def test_the_golden_file_holds_the_cases_of_the_golden_script():
    data = json.loads(resources.files("ruckus_liars_dice").joinpath("conformance.json").read_text())
    perft_keys = ("scenario", "players", "seed", "chooser_seed", "prefix", "depth")
    assert [{k: c[k] for k in perft_keys} for c in data["perft"]] == golden.PERFT_CASES
    playout_keys = ("scenario", "players", "seed", "chooser_seed")
    assert [{k: c[k] for k in playout_keys} for c in data["playouts"]] == golden.PLAYOUT_CASES
    assert 6 <= len(data["perft"]) <= 10 and len(data["playouts"]) == 6
    assert {c["players"] for c in data["playouts"]} == {2, 3, 4, 6}
    assert all(case["leaves"] > 0 for case in data["perft"])
    assert all(case["decisions"] > 0 for case in data["playouts"])


def board_text(observation: dict[str, object]) -> str:
    console = Console(width=120, record=True, color_system=None)
    view = view_for("liars-dice")
    console.print(view.board(GAME.static_map(new()), observation))
    return console.export_text()


def test_the_terminal_view_shows_a_seat_its_own_cup_only():
    view = load_reference(get_plugin("liars-dice").terminal)
    assert isinstance(view, GenericView) and view is view_for("liars-dice")
    state = with_cups(new(3), (2, 5), (3, 3, 6), (4,), seat=1)
    text = board_text(GAME.observe(state, 0))
    assert "seat 0  2 5" in text and "seat 1  ? ? ?  <- to move" in text
    assert "seat 2  ?" in text and "3 3 6" not in text
    assert "2 5" not in board_text(GAME.observe(state, None))
    assert view.private_lines(GAME.observe(state, 0)) == ["your dice: 2 5"]
    assert view.private_lines(GAME.observe(state, None)) == []
    assert view.seat_facts(GAME.observe(state, None), 2)[2] == "1 die"
    assert len({view.seat_facts(GAME.observe(new(6), None), s)[1] for s in range(6)}) == 6


def test_the_terminal_view_shows_the_bid_and_the_last_reveal():
    state = with_cups(new(2), (1, 5), (5, 6), seat=0)
    state = play(state, "BID(3x5)", "LIAR")
    text = board_text(GAME.observe(state, None))
    assert "called LIAR on 3x5 by seat 0: 3 counted, seat 1 lost a die" in text
    assert "seat 0 1 5" in text and "seat 1 5 6" in text
    assert "bid: 2x2 by seat 1" in board_text(GAME.observe(play(state, "BID(2x2)"), None))


def test_the_drawer_script_registers_the_board_of_the_game():
    reference = get_plugin("liars-dice").viewer_js
    package, _, name = reference.partition(":")
    script = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    assert 'registerBoard("liars-dice"' in script
    for part in ("draw(map, obs", "legend:", "seatFacts(obs, seat)", "privateText(obs)"):
        assert part in script


def scaffolded_bot(tmp_path: Path) -> object:
    """Return the bot object of a new Python bot project of the game."""
    project = create_project("starter", "liars-dice", "python", tmp_path)
    spec = importlib.util.spec_from_file_location("liars_dice_starter", project.folder / "bot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.MyBot()


def ask(bot: object, state: State) -> str:
    """Return the label of the action a bot chooses, from the messages the referee would send."""
    codec = codec_for("liars-dice")
    observation = codec.observation(GAME.observe(state, GAME.to_move(state)))
    actions = [
        bot_pb2.LegalAction(action=codec.action(GAME.action_data(a)), label=GAME.action_label(a))
        for a in GAME.legal_actions(state)
    ]
    index = bot.choose(observation.generic, actions)  # type: ignore[attr-defined]
    return actions[index].label


def test_a_new_python_bot_calls_a_high_bid_and_otherwise_raises(tmp_path: Path):
    bot = scaffolded_bot(tmp_path)
    state = new(2, seed=3)
    assert ask(bot, state) == "BID(1x2)"
    assert ask(bot, play(state, "BID(3x4)")) == "BID(3x5)"
    assert ask(bot, play(state, "BID(4x4)")) == "LIAR"
